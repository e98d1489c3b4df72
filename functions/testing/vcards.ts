// vCard files shaped as the phones and address books write them, for the import tests: iPhone /
// iCloud / macOS Contacts (3.0, grouped properties with Apple labels, a photo, folded lines), Android
// (2.1, quoted-printable UTF-8 with soft line breaks, bare TYPE parameters), and a 4.0 card.

/** Cards joined as one file, CRLF as the apps write. */
export const vcf = (...cards: string[]): string => `${cards.join('\r\n')}\r\n`;

/** A base64 JPEG start folded at 75 octets with a leading space, as Apple writes PHOTO. */
const APPLE_PHOTO = `PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQAASABIAAD/4QBMRXhpZgAATU0AKgAAAAgAAYdpAAQAAAABAAAAGgAAAA\r\n AAA6ABAAMAAAABAAEAAKACAAQAAAABAAAAQKADAAQAAAABAAAAQAAAAAD/7QA4UGhvdG9zaG9wIDMu\r\n MAA4QklNBAQAAAAAAAA4QklNBCUAAAAAABDUHYzZjwCyBOmACZjs+EJ+/8AAEQgAQABAAwEiAAIRAQ`;

type AppleOptions = {
  fn?: string | null;
  n?: string;
  email?: string | null;
  phones?: string[];
  birthday?: string | null;
  anniversary?: string | null;
};

/** One iPhone contact as iCloud, the iPhone's Share Contact and macOS Contacts export it (vCard 3.0). */
export function appleCard({
  fn = 'Maria Lopez',
  n = 'Lopez;Maria;;;',
  email = 'maria@example.com',
  phones = ['TEL;type=HOME;type=VOICE:512-555-0100', 'TEL;type=CELL;type=VOICE;type=pref:+1 (512) 555-0101'],
  birthday = 'BDAY;VALUE=date:1984-06-02',
  anniversary = '2010-09-18',
}: AppleOptions = {}): string {
  return [
    'BEGIN:VCARD',
    'VERSION:3.0',
    'PRODID:-//Apple Inc.//iPhone OS 17.5//EN',
    `N:${n}`,
    ...(fn ? [`FN:${fn}`] : []),
    'ORG:Lopez Realty;',
    ...(email
      ? [
          'EMAIL;type=INTERNET;type=WORK:work@lopez-realty.example',
          `item1.EMAIL;type=INTERNET;type=pref:${email}`,
          'item1.X-ABLabel:_$!<Other>!$_',
        ]
      : []),
    ...phones,
    'item2.ADR;type=HOME;type=pref:;Apt 4;12 Elm St;Austin;TX;78701;United States',
    'item2.X-ABADR:us',
    'ADR;type=WORK:;;500 Congress Ave;Austin;TX;78701;United States',
    ...(birthday ? [birthday] : []),
    ...(anniversary ? [`item4.X-ABDATE;type=pref:${anniversary}`, 'item4.X-ABLabel:_$!<Anniversary>!$_'] : []),
    'item5.X-ABDATE:2015-03-01',
    'item5.X-ABLabel:_$!<Other>!$_',
    'NOTE:Met at the open house on Barton Springs Road\\, wants a bigger yard for the dogs an\r\n d a shorter commute.',
    APPLE_PHOTO,
    'END:VCARD',
  ].join('\r\n');
}

/**
 * An iCloud export of three contacts: one complete, two with birthdays that have no year (as --MMDD, and in Apple's
 * 1604).
 */
export function icloudExport(): string {
  return vcf(
    appleCard(),
    appleCard({
      fn: 'José Ñúñez',
      n: 'Ñúñez;José;;;',
      email: 'jose@example.com',
      birthday: 'BDAY;VALUE=date:--1107',
      anniversary: null,
    }),
    appleCard({
      fn: 'Kim Park',
      n: 'Park;Kim;;;',
      email: 'kim@example.com',
      birthday: 'BDAY;X-APPLE-OMIT-YEAR=1604;VALUE=date:1604-02-29',
      anniversary: null,
    }),
  );
}

/** One contact as Android's Contacts app exports it (vCard 2.1, names quoted-printable UTF-8, soft line breaks). */
export function androidCard({
  email = 'juergen@example.com',
  qpName = true,
}: { email?: string; qpName?: boolean } = {}): string {
  const name = qpName
    ? [
        'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller-L=C3=BCdenscheidt;J=C3=BCrgen;;;Jr.',
        // "Jürgen Müller-Lüdenscheidt, Jr." broken by a soft line break inside the value.
        'FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:J=C3=BCrgen=20M=C3=BCller-L=C3=BC=',
        'denscheidt,=20Jr.',
      ]
    : ['N:Lee;Ann;;;', 'FN:Ann Lee'];
  return [
    'BEGIN:VCARD',
    'VERSION:2.1',
    ...name,
    'TEL;HOME:+15125550103',
    'TEL;CELL;PREF:+15125550102',
    `EMAIL;HOME:${email}`,
    'ADR;HOME:;;1 Main St;Austin;TX;78701;',
    'BDAY:1979-07-04',
    'PHOTO;ENCODING=BASE64;JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkK',
    '  DAwLDA8PDwwODA4MCQkKDgoMDxAMDA0NDwwMDBAQEBAQEBAQEBAQEP/bAEMBAwMDBAMECAQECBAL',
    '',
    'END:VCARD',
  ].join('\r\n');
}

/** A vCard 4.0 contact (RFC 6350), as Nextcloud, Thunderbird and Fastmail write. */
export function v4Card(): string {
  return [
    'BEGIN:VCARD',
    'VERSION:4.0',
    'FN:Zoë Adams',
    'N:Adams;Zoë;;;',
    'EMAIL;TYPE=work:zoe.adams@work.example',
    'EMAIL;TYPE=home;PREF=1:zoe@example.com',
    'TEL;VALUE=uri;TYPE="cell,voice":tel:+1-512-555-0104',
    'BDAY:--0314',
    'ANNIVERSARY:20090808',
    'END:VCARD',
  ].join('\r\n');
}

/** A PHOTO of about `bytes` base64 characters, folded at 75 octets with a leading space, as Apple writes it. */
export function foldedPhoto(bytes: number): string {
  const base64 = 'QUJDRA=='.repeat(Math.ceil(bytes / 8)).slice(0, bytes);
  const lines = [`PHOTO;ENCODING=b;TYPE=JPEG:${base64.slice(0, 48)}`];
  for (let i = 48; i < base64.length; i += 74) lines.push(` ${base64.slice(i, i + 74)}`);
  return lines.join('\r\n');
}

/** An iPhone contact carrying `extra` lines (a photo…) right after its VERSION, before every field it has. */
export const cardWith = (extra: string, options?: AppleOptions): string =>
  appleCard(options).replace('VERSION:3.0\r\n', () => `VERSION:3.0\r\n${extra}\r\n`);
