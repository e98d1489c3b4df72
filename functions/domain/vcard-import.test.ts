import fc from 'fast-check';
import { IMPORT_MAX_ROWS, ImportFormatError, ImportTooManyRowsError } from './import-rows';
import {
  CARD_TOO_LARGE,
  LINE_TOO_LONG,
  parseClientVcards,
  VCARD_MAX_CARD_CHARS,
  VCARD_MAX_LINE_CHARS,
} from './vcard-import';
import { appleCard, androidCard, cardWith, foldedPhoto, icloudExport, v4Card, vcf } from '../testing/vcards';

const TODAY = '2025-06-01';
const bytes = (text: string) => new TextEncoder().encode(text);
const importText = (text: string) => parseClientVcards(bytes(text), { today: TODAY });

describe('vCard import: iCloud / iPhone (3.0)', () => {
  const result = importText(icloudExport());

  it('reads every card of the file, in order, numbered from 1', () => {
    expect(result.errors).toEqual([]);
    expect(result.rows.map((r) => r.row)).toEqual([1, 2, 3]);
  });

  it('maps FN, the preferred grouped e-mail, the preferred phone, ADR parts and an Apple anniversary; skips the photo', () => {
    expect(result.rows[0]!.client).toEqual({
      name: 'Maria Lopez',
      email: 'maria@example.com',
      phone: '+1 (512) 555-0101',
      address: '12 Elm St, Apt 4, Austin, TX 78701, United States',
      birthday: '1984-06-02',
      anniversary: '2010-09-18',
    });
  });

  it('keeps a birthday without a year as --MM-DD, whether written --1107 or in Apple’s year 1604', () => {
    expect(result.rows[1]!.client).toMatchObject({ name: 'José Ñúñez', birthday: '--11-07' });
    expect(result.rows[2]!.client).toMatchObject({ name: 'Kim Park', birthday: '--02-29' });
    expect(result.warnings).toEqual([]);
  });

  it('takes N when FN is missing, and a mobile number when no phone is preferred', () => {
    const [row] = importText(
      vcf(
        appleCard({
          fn: null,
          n: 'Okafor;Aisha;Ngozi;Dr.;',
          phones: ['TEL;type=HOME;type=VOICE:512-555-0190', 'item3.TEL:512-555-0191\r\nitem3.X-ABLabel:_$!<Mobile>!$_'],
        }),
      ),
    ).rows;
    expect(row!.client).toMatchObject({ name: 'Aisha Ngozi Okafor', phone: '512-555-0191' });
  });

  it('leaves a year-less anniversary empty with a warning (only a birthday may lack its year)', () => {
    const out = importText(vcf(appleCard({ anniversary: '1604-09-18' })));
    expect(out.rows[0]!.client.anniversary).toBeUndefined();
    expect(out.warnings).toEqual([{ row: 1, message: 'anniversary: 1604-09-18 has no year, so it was left empty' }]);
  });
});

describe('vCard import: Android (2.1)', () => {
  it('decodes quoted-printable UTF-8 names across soft line breaks, bare TYPE parameters, and skips a base64 photo', () => {
    const result = importText(vcf(androidCard(), androidCard({ email: 'second@example.com', qpName: false })));
    expect(result.errors).toEqual([]);
    expect(result.rows[0]!.client).toEqual({
      name: 'Jürgen Müller-Lüdenscheidt, Jr.',
      email: 'juergen@example.com',
      phone: '+15125550102',
      address: '1 Main St, Austin, TX 78701',
      birthday: '1979-07-04',
    });
    expect(result.rows[1]!.client).toMatchObject({ name: 'Ann Lee', email: 'second@example.com' });
  });

  it('reads a 2.1 file saved in the Windows code page (Outlook)', () => {
    const latin1 = new Uint8Array(
      [...'BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Ren']
        .map((c) => c.charCodeAt(0))
        .concat(
          [0xe9],
          [...'e\r\nEMAIL:r@example.com\r\nTEL:5125550100\r\nEND:VCARD\r\n'].map((c) => c.charCodeAt(0)),
        ),
    );
    expect(parseClientVcards(latin1, { today: TODAY }).rows[0]!.client.name).toBe('Renée');
  });
});

describe('vCard import: 4.0', () => {
  it('maps ANNIVERSARY, a tel: URI, PREF=1 and a year-less BDAY', () => {
    const result = importText(vcf(v4Card()));
    expect(result.errors).toEqual([]);
    expect(result.rows[0]!.client).toEqual({
      name: 'Zoë Adams',
      email: 'zoe@example.com',
      phone: '+1-512-555-0104',
      birthday: '--03-14',
      anniversary: '2009-08-08',
    });
  });
});

describe('vCard import: what it skips and refuses', () => {
  it('skips a card without an e-mail with that reason and its place in the file, and imports the others', () => {
    const result = importText(
      vcf(appleCard(), appleCard({ email: null, fn: 'No Mail' }), appleCard({ email: 'third@example.com' })),
    );
    expect(result.rows.map((r) => r.row)).toEqual([1, 3]);
    expect(result.errors).toEqual([{ row: 2, message: 'email: Email is required' }]);
  });

  it('reports a card it cannot parse by its place and imports the rest', () => {
    const broken =
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Broken\r\nEMAIL:broken@example.com\r\nTEL;=CELL:5125550100\r\nEND:VCARD';
    const result = importText(vcf(appleCard(), broken));
    expect(result.rows).toHaveLength(1);
    expect(result.errors).toEqual([{ row: 2, message: expect.stringMatching(/^This card could not be read/) }]);
  });

  it('keeps the last of two cards with the same e-mail, with a warning naming the first', () => {
    const result = importText(vcf(appleCard({ fn: 'Old' }), appleCard({ fn: 'New' })));
    expect(result.rows).toEqual([{ row: 2, client: expect.objectContaining({ name: 'New' }) }]);
    expect(result.warnings).toEqual([
      { row: 2, message: 'Same e-mail as card 1 (maria@example.com): this card replaces it' },
    ]);
  });

  it('refuses a file with no card, and one with more cards than one import takes', () => {
    expect(() => importText('name,email\nAnn,ann@example.com\n')).toThrow(ImportFormatError);
    const many = vcf(
      ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `BEGIN:VCARD\nVERSION:3.0\nFN:P${i}\nEND:VCARD`),
    );
    expect(() => importText(many)).toThrow(ImportTooManyRowsError);
    expect(() => importText(many)).toThrow(
      `The file has 5,001 contacts; at most 5,000 can be imported at once. Split it into smaller files.`,
    );
  });
});

describe('vCard import: any text inside a card', () => {
  it('never fails the file: every card is imported, or skipped with its place and a reason', () => {
    const line = fc.oneof(
      fc.string(),
      fc.constantFrom(
        'EMAIL:a@example.com',
        'TEL;CELL:5125550100',
        'FN;ENCODING=QUOTED-PRINTABLE:=C3=',
        'N:;;;',
        'BDAY:--1399',
        'ADR:;;\\',
        'item1.X-ABLabel:',
        ' folded',
        '=',
      ),
    );
    const card = fc
      .array(line, { maxLength: 8 })
      .map((lines) => ['BEGIN:VCARD', 'VERSION:3.0', ...lines, 'END:VCARD'].join('\r\n'));
    fc.assert(
      fc.property(fc.array(card, { minLength: 1, maxLength: 4 }), (cards) => {
        const result = importText(vcf(...cards));
        const places = [...result.rows.map((r) => r.row), ...result.errors.map((e) => e.row)].sort((a, b) => a - b);
        const replaced = result.warnings.filter((w) => w.message.startsWith('Same e-mail')).length;
        expect(places.length + replaced).toBe(cards.length);
        for (const error of result.errors) expect(error.message).not.toBe('');
      }),
      { numRuns: 150 },
    );
  });
});

describe('vCard import: photos and size caps', () => {
  it('reads a card carrying a 1 MB folded photo, with every other field', () => {
    const result = importText(vcf(cardWith(foldedPhoto(1024 * 1024)), appleCard({ email: 'next@example.com' })));
    expect(result.errors).toEqual([]);
    expect(result.rows.map((r) => r.client)).toEqual([
      expect.objectContaining({
        name: 'Maria Lopez',
        email: 'maria@example.com',
        phone: '+1 (512) 555-0101',
        birthday: '1984-06-02',
      }),
      expect.objectContaining({ email: 'next@example.com' }),
    ]);
  });

  it('drops LOGO, SOUND and KEY with their folded lines, and a 2.1 base64 tail', () => {
    const dropped = [
      'LOGO;ENCODING=b:AAAA',
      ' EMAIL:logo@example.com',
      'SOUND:AAAA',
      'KEY;ENCODING=BASE64:AAAA',
      'QUJDRA==',
      '',
    ].join('\r\n');
    const result = importText(vcf(cardWith(dropped)));
    expect(result.errors).toEqual([]);
    expect(result.rows[0]!.client).toMatchObject({ name: 'Maria Lopez', email: 'maria@example.com' });
  });

  it('skips a card with a line over the cap, or more text than a card may hold, with a reason, and reads the rest', () => {
    const longLine = `NOTE:${'x'.repeat(VCARD_MAX_LINE_CHARS / 2)}\r\n ${'y'.repeat(VCARD_MAX_LINE_CHARS / 2)}`;
    const notes = Array.from({ length: 20 }, (_, i) => `NOTE:${String(i).repeat(VCARD_MAX_CARD_CHARS / 20)}`);
    const result = importText(
      vcf(
        cardWith(longLine),
        cardWith(notes.join('\r\n'), { email: 'big@example.com' }),
        appleCard({ email: 'ok@example.com' }),
      ),
    );
    expect(result.errors).toEqual([
      { row: 1, message: LINE_TOO_LONG },
      { row: 2, message: CARD_TOO_LARGE },
    ]);
    expect(result.rows.map((r) => r.row)).toEqual([3]);
    expect(LINE_TOO_LONG).toBe('This card has a line longer than 16 KB (photos aside), so it was not read');
  });
});
