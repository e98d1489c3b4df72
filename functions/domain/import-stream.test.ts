// The streamed reading of a client file (the import job's) against the whole-file reading (the
// request's): the same entries, rows, clients, errors and warnings whatever the chunk boundaries,
// the same refusals, and the first pass's count and replaced rows.
import { androidCard, appleCard, icloudExport, v4Card, vcf } from '../testing/vcards';
import { parseClientFile, type ImportFormat, type UploadFormat } from './client-import';
import { importedClientId, validateDraft } from './import-rows';
import { checkImportHead, planImportFile, readImportEntries } from './import-stream';

const today = '2026-05-01';

async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

/** The streamed entries shaped as the whole-file result: valid rows, errors and warnings by row. */
async function streamed(
  format: ImportFormat,
  bytes: Uint8Array,
  size: number,
  encoding: 'utf-8' | 'windows-1252' = 'utf-8',
) {
  const rows: Array<{ row: number; email: string }> = [];
  const errors: Array<{ row: number; message: string }> = [];
  const warnings: Array<{ row: number; message: string }> = [];
  for await (const entry of readImportEntries(format, chunked(bytes, size), { encoding })) {
    warnings.push(...entry.warnings.map((message) => ({ row: entry.row, message })));
    if ('unreadable' in entry) {
      errors.push({ row: entry.row, message: entry.unreadable });
      continue;
    }
    const checked = validateDraft(entry.draft, today);
    if ('error' in checked) errors.push({ row: entry.row, message: checked.error });
    else rows.push({ row: entry.row, email: checked.client.email });
  }
  return { rows, errors, warnings };
}

function whole(format: UploadFormat, bytes: Uint8Array) {
  const parsed = parseClientFile(format, bytes, { today });
  return {
    rows: parsed.rows.map((r) => ({ row: r.row, email: r.client.email })),
    errors: parsed.errors,
    warnings: parsed.warnings.filter((w) => !/^Same e-mail/.test(w.message)),
  };
}

const GOOGLE =
  'First Name,Middle Name,Last Name,Birthday,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Label,Phone 1 - Value,Address 1 - Label,Address 1 - Formatted\r\n' +
  'Ava,,Nguyen,1988-02-29,* Home,ava@example.com,Mobile,+1 512-555-0199,Home,"5 Oak Ave\nAustin, TX"\r\n' +
  'Bo,,Ek,--05-06,* Home,bo@example.com,Mobile,512-555-0100,,\r\n';
const FILES: Array<[string, UploadFormat, string]> = [
  [
    'our columns: BOM, CRLF, quoted commas and line breaks, blank lines, bad rows',
    'csv',
    '\uFEFFname,email,phone,address,birthday\r\n"Lopez, Maria",maria@example.com,(512) 555-0101,"12 Elm St\r\nApt 4",1985-04-12\r\n\r\n,nobody@example.com,5125550112,,\r\nBad,not-an-email,5125550113,,\r\nSam,sam@example.com,512-555-0102,,2999-01-01\r\n',
  ],
  [
    'a Google Contacts export with a year-less anniversary warning',
    'csv',
    `${GOOGLE}Cy,,Oh,,* Home,cy@example.com,,,,\r\n`,
  ],
  [
    'semicolons (Excel in many locales), CR line ends',
    'csv',
    'Name;E-mail;Phone\rAna;ana@example.com;5125550100\rAna Again;ANA@example.com;5125550101\r',
  ],
  [
    'an iCloud export and a card without an e-mail',
    'vcard',
    `${icloudExport()}${vcf(appleCard({ fn: 'No Mail', email: null }))}`,
  ],
  [
    'an Android 2.1 card and a 4.0 card',
    'vcard',
    vcf(androidCard(), v4Card(), 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Broken\r\nBDAY:;;;\r\nEMAIL:broken@example.com'),
  ],
];

describe('a client file read as it streams in', () => {
  it.each(FILES)('reads %s as the whole-file reader does, whatever the chunk size', async (_name, format, text) => {
    // Prepare
    const bytes = Buffer.from(text, 'utf8');
    const expected = whole(format, bytes);
    // Act + Assess
    for (const size of [1, 7, 64, bytes.length])
      expect(await streamed(format, bytes, size)).toEqual({ ...expected, rows: expect.arrayContaining(expected.rows) });
  });

  it('reads to the end when the reader takes its time over each entry (as the job does with a batch)', async () => {
    const bytes = Buffer.from('name,email,phone\nA,a@example.com,5125550100\nB,b@example.com,5125550101\n');
    const rows: number[] = [];
    for await (const entry of readImportEntries('csv', chunked(bytes, 1024))) {
      await new Promise((done) => setTimeout(done, 20));
      rows.push(entry.row);
    }
    expect(rows).toEqual([2, 3]);
  });

  it('numbers each entry with its first line in the file', async () => {
    const bytes = Buffer.from(
      'name,email,phone\n"Two\nLines",a@example.com,5125550100\n\nB,b@example.com,5125550101\n',
    );
    const entries = [];
    for await (const entry of readImportEntries('csv', chunked(bytes, 5)))
      entries.push({ row: entry.row, line: entry.line });
    expect(entries).toEqual([
      { row: 2, line: 2 },
      { row: 4, line: 5 },
    ]);
  });

  it('reads an Outlook vCard written in the Windows code page when told to', async () => {
    const bytes = Buffer.from(
      vcf(
        'BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Jos\xe9 Ruiz\r\nEMAIL;INTERNET:jose@example.com\r\nTEL;CELL:512-555-0100\r\nEND:VCARD',
      ),
      'latin1',
    );
    const plan = await planImportFile('vcard', () => chunked(bytes, 16), { today, maxRows: 10, unit: 'card' });
    expect(plan).toEqual({ total: 1, encoding: 'windows-1252', replaced: [] });
    const [entry] = (await streamed('vcard', bytes, 16, 'windows-1252')).rows;
    expect(entry).toEqual({ row: 1, email: 'jose@example.com' });
  });

  it.each([
    ['csv', 'no name or e-mail column', 'first,second\n1,2\n', /The first row must name the columns/],
    ['csv', 'binary', 'name,email\n\u0000\u0001', /not a CSV file/],
    [
      'csv',
      'an unclosed quote',
      'name,email\n"Ann,ann@example.com\n',
      /a quoted value in row 2 \(line 2 of the file\) is never closed/,
    ],
    ['vcard', 'no card', 'hello\nworld\n', /This file has no contacts/],
  ] as const)('refuses a %s file with %s as the whole-file reader does', async (format, _what, text, message) => {
    const bytes = Buffer.from(text, 'utf8');
    expect(() => parseClientFile(format, bytes, { today })).toThrow(message);
    await expect(streamed(format, bytes, 3)).rejects.toThrow(message);
    await expect(planImportFile(format, () => chunked(bytes, 3), { today, maxRows: 10, unit: 'row' })).rejects.toThrow(
      message,
    );
  });

  it('refuses a CSV that is not UTF-8', async () => {
    await expect(streamed('csv', Buffer.from('name,email\nJos\xe9,jose@example.com\n', 'latin1'), 4)).rejects.toThrow(
      /not UTF-8 text/,
    );
  });
});

describe('the first pass over a file', () => {
  it('counts the entries and notes each one a later entry with the same e-mail replaces; invalid rows replace nothing', async () => {
    // Prepare: b@ three times (rows 3, 5, 7), the last of them invalid; a blank line counts as a row, not an entry.
    const csv =
      'name,email,phone\nA,a@example.com,5125550100\nB1,b@example.com,5125550101\n\nB2,B@example.com,5125550102\nC,c@example.com,5125550103\n,b@example.com,5125550104\n';
    // Act
    const plan = await planImportFile('csv', () => chunked(Buffer.from(csv), 10), { today, maxRows: 100, unit: 'row' });
    // Assess
    expect(plan).toEqual({ total: 5, encoding: 'utf-8', replaced: [[3, 5]] });
  });

  it('refuses more entries than the limit, saying how many it found', async () => {
    const csv = `name,email\n${Array.from({ length: 6 }, (_, i) => `P${i},p${i}@example.com`).join('\n')}\n`;
    await expect(
      planImportFile('csv', () => chunked(Buffer.from(csv), 10), { today, maxRows: 5, unit: 'row' }),
    ).rejects.toThrow('The file has 6 client rows; at most 5 can be imported at once.');
  });
});

describe('the look at an uploaded file before the job starts', () => {
  it('accepts the head of a good file even when it ends inside a quoted value or a character', async () => {
    const head = Buffer.from('name,email,address\nAnn,ann@example.com,"12 Elm St\nApt é', 'utf8');
    await expect(checkImportHead('csv', head.subarray(0, head.length - 1), false)).resolves.toBeUndefined();
    await expect(
      checkImportHead('vcard', Buffer.from(vcf(appleCard())).subarray(0, 40), false),
    ).resolves.toBeUndefined();
  });

  it('refuses a file that cannot be a client CSV or vCard', async () => {
    await expect(checkImportHead('csv', Buffer.from('just,some\n1,2\n'), true)).rejects.toThrow(
      /The first row must name the columns/,
    );
    await expect(checkImportHead('vcard', Buffer.from('name,email\n'), true)).rejects.toThrow(
      /This file has no contacts/,
    );
  });
});

describe('the id of a client made by an import job', () => {
  it('is the same for the same import and row, different otherwise, and a valid id', () => {
    expect(importedClientId('imp1', 2)).toBe(importedClientId('imp1', 2));
    expect(new Set([importedClientId('imp1', 2), importedClientId('imp1', 3), importedClientId('imp2', 2)]).size).toBe(
      3,
    );
    expect(importedClientId('imp1', 2)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
