import fc from 'fast-check';
import type { ClientInput } from '@shared/client-schema';
import { addDays, daysBetween } from '@shared/dates';
import {
  CSV_MAX_BYTES,
  CSV_MAX_ROWS,
  CsvFormatError,
  CsvTooLargeError,
  CsvTooManyRowsError,
  parseClientCsv,
} from './csv-import';

const TODAY = '2025-06-01';

type WriteOptions = { eol?: string; quoteAll?: boolean; bom?: boolean; finalEol?: boolean };

/** A CSV writer as spreadsheets write: a cell is quoted when it must be (or always), quotes doubled. */
function toCsv(
  rows: readonly (readonly string[])[],
  { eol = '\n', quoteAll = false, bom = false, finalEol = true }: WriteOptions = {},
): string {
  const quote = (cell: string) => (quoteAll || /[",;\r\n]|^\s|\s$/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  const body = rows.map((cells) => cells.map(quote).join(',')).join(eol);
  return `${bom ? '\uFEFF' : ''}${body}${finalEol ? eol : ''}`;
}

const bytes = (text: string) => new TextEncoder().encode(text);
const importText = (text: string) => parseClientCsv(bytes(text), { today: TODAY });
const importRows = (rows: string[][], options?: WriteOptions) => importText(toCsv(rows, options));

const HEADER = ['name', 'email', 'phone', 'address', 'birthday', 'anniversary', 'purchaseDate'];
const ann = ['Ann Lee', 'ann@example.com', '555-123-4567', '', '', '', ''];

// Google Contacts' current export header (trimmed to one group of each kind beyond the second).
const GOOGLE_HEADER = [
  'First Name',
  'Middle Name',
  'Last Name',
  'Phonetic First Name',
  'Phonetic Middle Name',
  'Phonetic Last Name',
  'Name Prefix',
  'Name Suffix',
  'Nickname',
  'File As',
  'Organization Name',
  'Organization Title',
  'Organization Department',
  'Birthday',
  'Notes',
  'Photo',
  'Labels',
  'E-mail 1 - Label',
  'E-mail 1 - Value',
  'E-mail 2 - Label',
  'E-mail 2 - Value',
  'Phone 1 - Label',
  'Phone 1 - Value',
  'Phone 2 - Label',
  'Phone 2 - Value',
  'Address 1 - Label',
  'Address 1 - Formatted',
  'Address 1 - Street',
  'Address 1 - City',
  'Address 1 - PO Box',
  'Address 1 - Region',
  'Address 1 - Postal Code',
  'Address 1 - Country',
  'Address 1 - Extended Address',
  'Event 1 - Label',
  'Event 1 - Value',
] as const;

// Google Contacts' older export header, as it was written for years.
const GOOGLE_OLD_HEADER = [
  'Name',
  'Given Name',
  'Additional Name',
  'Family Name',
  'Yomi Name',
  'Given Name Yomi',
  'Additional Name Yomi',
  'Family Name Yomi',
  'Name Prefix',
  'Name Suffix',
  'Initials',
  'Nickname',
  'Short Name',
  'Maiden Name',
  'Birthday',
  'Gender',
  'Location',
  'Billing Information',
  'Directory Server',
  'Mileage',
  'Occupation',
  'Hobby',
  'Sensitivity',
  'Priority',
  'Subject',
  'Notes',
  'Language',
  'Photo',
  'Group Membership',
  'E-mail 1 - Type',
  'E-mail 1 - Value',
  'Phone 1 - Type',
  'Phone 1 - Value',
  'Phone 2 - Type',
  'Phone 2 - Value',
  'Address 1 - Type',
  'Address 1 - Formatted',
  'Address 1 - Street',
  'Address 1 - City',
  'Address 1 - PO Box',
  'Address 1 - Region',
  'Address 1 - Postal Code',
  'Address 1 - Country',
  'Address 1 - Extended Address',
] as const;

// Outlook's contact export header, every cell quoted and CRLF line ends as Outlook writes them.
const OUTLOOK_HEADER = [
  'First Name',
  'Middle Name',
  'Last Name',
  'Title',
  'Suffix',
  'Initials',
  'Web Page',
  'Gender',
  'Birthday',
  'Anniversary',
  'Location',
  'Language',
  'Internet Free Busy',
  'Notes',
  'E-mail Address',
  'E-mail 2 Address',
  'E-mail 3 Address',
  'Primary Phone',
  'Home Phone',
  'Home Phone 2',
  'Mobile Phone',
  'Pager',
  'Home Fax',
  'Home Address',
  'Home Street',
  'Home Street 2',
  'Home Street 3',
  'Home Address PO Box',
  'Home City',
  'Home State',
  'Home Postal Code',
  'Home Country',
  'Spouse',
  'Children',
  "Manager's Name",
  "Assistant's Name",
  'Referred By',
  'Company Main Phone',
  'Business Phone',
  'Business Phone 2',
  'Business Fax',
  "Assistant's Phone",
  'Company',
  'Job Title',
  'Department',
  'Office Location',
  'Organizational ID Number',
  'Profession',
  'Account',
  'Business Address',
  'Business Street',
  'Business City',
  'Business State',
  'Business Postal Code',
  'Categories',
] as const;

type Contact<H extends readonly string[]> = Partial<Record<H[number], string>>;

function exportOf<H extends readonly string[]>(header: H, contacts: Contact<H>[], options?: WriteOptions): string {
  const cellsOf = (contact: Contact<H>) => header.map((column: H[number]) => contact[column] ?? '');
  return toCsv([header, ...contacts.map(cellsOf)], options);
}

const googleExport = (contacts: Contact<typeof GOOGLE_HEADER>[]) =>
  exportOf(
    GOOGLE_HEADER,
    contacts.map((contact) => ({ Labels: '* myContacts', ...contact })),
  );
const googleOldExport = (contacts: Contact<typeof GOOGLE_OLD_HEADER>[]) =>
  exportOf(
    GOOGLE_OLD_HEADER,
    contacts.map((contact) => ({ 'Group Membership': '* myContacts', ...contact })),
  );
const outlookExport = (contacts: Contact<typeof OUTLOOK_HEADER>[]) =>
  exportOf(
    OUTLOOK_HEADER,
    contacts.map((contact) => ({ Birthday: '0/0/00', Anniversary: '0/0/00', Gender: 'Unspecified', ...contact })),
    {
      eol: '\r\n',
      quoteAll: true,
    },
  );

describe('reading the CSV', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    const result = importRows([
      HEADER,
      ['Lee, Ann "Annie"', 'ann@example.com', '555-123-4567', '12 Main St\nApt 4, Springfield', '', '', ''],
      ['Bob Stone', 'bob@example.com', '555-987-6543', '', '', '', ''],
    ]);
    expect(result.errors).toEqual([]);
    expect(result.rows).toEqual([
      {
        row: 2,
        client: expect.objectContaining({ name: 'Lee, Ann "Annie"', address: '12 Main St, Apt 4, Springfield' }),
      },
      { row: 3, client: expect.objectContaining({ name: 'Bob Stone' }) },
    ]);
  });

  it('reads a UTF-8 file with a byte-order mark and Windows line ends', () => {
    const result = importRows([HEADER, ['José Núñez', 'jose@example.com', '555-123-4567', '', '', '', '2020-05-10']], {
      bom: true,
      eol: '\r\n',
    });
    expect(result.errors).toEqual([]);
    expect(result.rows[0]?.client).toEqual({
      name: 'José Núñez',
      email: 'jose@example.com',
      phone: '555-123-4567',
      purchaseDate: '2020-05-10',
    });
  });

  it('reads a semicolon-separated file, as Excel saves CSV in many locales', () => {
    const result = importText('name;email;phone\nAnn Lee;ann@example.com;555-123-4567\n');
    expect(result.rows.map((r) => r.client.email)).toEqual(['ann@example.com']);
  });

  it('skips entirely empty lines, keeping the row numbers a spreadsheet shows', () => {
    const result = importText(`${HEADER.join(',')}\n\n,,,,,,\n   \nAnn Lee,not-an-email,555-123-4567\n`);
    expect(result.rows).toEqual([]);
    expect(result.errors).toEqual([{ row: 5, message: 'email: Invalid email address' }]);
  });

  it('takes a row that has fewer cells than the header', () => {
    expect(importText('name,email,phone,birthday\nAnn Lee,ann@example.com,555-123-4567\n').rows).toHaveLength(1);
  });
});

describe('column names', () => {
  it('matches names whatever their case, spaces, underscores and hyphens', () => {
    const result = importRows([
      [' NAME ', 'E_Mail', 'Phone-Number', 'Birth Day', 'ANNIVERSARY', 'Purchase_Date'],
      ['Ann Lee', 'ann@example.com', '555-123-4567', '1980-07-04', '2010-02-14', '2020-05-10'],
    ]);
    expect(result.rows[0]?.client).toEqual({
      name: 'Ann Lee',
      email: 'ann@example.com',
      phone: '555-123-4567',
      birthday: '1980-07-04',
      anniversary: '2010-02-14',
      purchaseDate: '2020-05-10',
    });
  });

  it.each(['purchaseDate', 'purchase date', 'Purchase_Date', 'home purchase date'])(
    'finds the purchase date in a column named %j',
    (column) => {
      const result = importRows([
        ['name', 'email', 'phone', column],
        ['Ann Lee', 'ann@example.com', '555-123-4567', '2020-05-10'],
      ]);
      expect(result.rows[0]?.client.purchaseDate).toBe('2020-05-10');
    },
  );

  it('builds the name from first, middle and last name columns', () => {
    const result = importRows([
      ['First Name', 'Middle Name', 'Last Name', 'Email', 'Phone'],
      ['Ann', '', 'Lee', 'ann@example.com', '555-123-4567'],
    ]);
    expect(result.rows[0]?.client.name).toBe('Ann Lee');
  });
});

describe('a Google Contacts export', () => {
  it('imports the current format: name parts, mobile phone first, one-line address, birthday and anniversary event', () => {
    const result = importText(
      googleExport([
        {
          'First Name': 'Ann',
          'Middle Name': 'Marie',
          'Last Name': 'Lee',
          'File As': 'Lee, Ann',
          Birthday: '1985-04-12',
          'E-mail 1 - Label': '* Home',
          'E-mail 1 - Value': 'Ann.Lee@Example.com',
          'Phone 1 - Label': 'Home',
          'Phone 1 - Value': '+1 217-555-0100',
          'Phone 2 - Label': 'Mobile',
          'Phone 2 - Value': '+1 217-555-0199',
          'Address 1 - Label': 'Home',
          'Address 1 - Formatted': '12 Oak Lane\nSpringfield, IL 62704\nUS',
          'Address 1 - Street': '12 Oak Lane',
          'Address 1 - City': 'Springfield',
          'Address 1 - Region': 'IL',
          'Address 1 - Postal Code': '62704',
          'Address 1 - Country': 'US',
          'Event 1 - Label': 'Anniversary',
          'Event 1 - Value': '2012-09-08',
        },
        {
          'First Name': 'Bob',
          'Last Name': 'Stone',
          'E-mail 1 - Label': '* Other',
          'E-mail 1 - Value': 'bob@example.com',
          'Phone 1 - Label': 'Work',
          'Phone 1 - Value': '(217) 555-0142',
        },
      ]),
    );
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.rows).toEqual([
      {
        row: 2,
        client: {
          name: 'Ann Marie Lee',
          email: 'ann.lee@example.com',
          phone: '+1 217-555-0199',
          address: '12 Oak Lane, Springfield, IL 62704, US',
          birthday: '1985-04-12',
          anniversary: '2012-09-08',
        },
      },
      { row: 3, client: { name: 'Bob Stone', email: 'bob@example.com', phone: '(217) 555-0142' } },
    ]);
  });

  it('prefers the primary (starred) e-mail', () => {
    const result = importText(
      googleExport([
        {
          'First Name': 'Ann',
          'E-mail 1 - Label': 'Home',
          'E-mail 1 - Value': 'ann@home.example',
          'E-mail 2 - Label': '* Work',
          'E-mail 2 - Value': 'ann@work.example',
          'Phone 1 - Value': '217-555-0100',
        },
      ]),
    );
    expect(result.rows[0]?.client.email).toBe('ann@work.example');
  });

  it('imports the older format: a Name column and several values joined with :::', () => {
    const result = importText(
      googleOldExport([
        {
          Name: 'Ann Lee',
          'Given Name': 'Ann',
          'Family Name': 'Lee',
          'E-mail 1 - Type': '* Home',
          'E-mail 1 - Value': 'ann@example.com ::: ann.lee@work.example',
          'Phone 1 - Type': 'Home',
          'Phone 1 - Value': '217-555-0100',
          'Phone 2 - Type': 'Mobile',
          'Phone 2 - Value': '217-555-0199 ::: 217-555-0198',
          Birthday: '1985-04-12',
        },
      ]),
    );
    expect(result.rows).toEqual([
      { row: 2, client: { name: 'Ann Lee', email: 'ann@example.com', phone: '217-555-0199', birthday: '1985-04-12' } },
    ]);
  });

  it('keeps a birthday without a year as --MM-DD (reminded every year), and leaves a year-less anniversary empty with a warning', () => {
    const result = importText(
      googleExport([
        { 'First Name': 'Ann', 'E-mail 1 - Value': 'ann@example.com', 'Phone 1 - Value': '217-555-0100' },
        {
          'First Name': 'Bob',
          'E-mail 1 - Value': 'bob@example.com',
          'Phone 1 - Value': '217-555-0142',
          Birthday: '--04-12',
        },
        {
          'First Name': 'Cy',
          'E-mail 1 - Value': 'cy@example.com',
          'Phone 1 - Value': '217-555-0143',
          'Event 1 - Label': 'Anniversary',
          'Event 1 - Value': '--06-20',
        },
      ]),
    );
    expect(result.rows.map((r) => r.client.birthday)).toEqual([undefined, '--04-12', undefined]);
    expect(result.rows[2]!.client.anniversary).toBeUndefined();
    expect(result.warnings).toEqual([{ row: 4, message: 'anniversary: --06-20 has no year, so it was left empty' }]);
  });

  it('refuses a year-less birthday on a day no year has', () => {
    const result = importText(
      googleExport([
        {
          'First Name': 'Bob',
          'E-mail 1 - Value': 'bob@example.com',
          'Phone 1 - Value': '217-555-0142',
          Birthday: '--02-30',
        },
      ]),
    );
    expect(result.errors).toEqual([{ row: 2, message: 'birthday: Enter a valid date (YYYY-MM-DD)' }]);
  });
});

describe('an Outlook export', () => {
  it('imports name parts, mobile before home and business phones, the home address parts and M/D/YYYY dates', () => {
    const result = importText(
      outlookExport([
        {
          'First Name': 'Ann',
          'Middle Name': 'M.',
          'Last Name': 'Lee',
          Birthday: '4/12/1985',
          Anniversary: '9/8/2012',
          'E-mail Address': 'ann@example.com',
          'Home Phone': '(217) 555-0100',
          'Mobile Phone': '(217) 555-0199',
          'Business Phone': '(217) 555-0111',
          'Home Street': '12 Oak Lane',
          'Home Street 2': 'Apt 4',
          'Home City': 'Springfield',
          'Home State': 'IL',
          'Home Postal Code': '62704',
          'Home Country': 'United States of America',
        },
        {
          'First Name': 'Bob',
          'Last Name': 'Stone',
          'E-mail Address': 'bob@example.com',
          'Home Phone': '(217) 555-0142',
          'Business Phone': '(217) 555-0143',
        },
      ]),
    );
    expect(result.errors).toEqual([]);
    expect(result.rows).toEqual([
      {
        row: 2,
        client: {
          name: 'Ann M. Lee',
          email: 'ann@example.com',
          phone: '(217) 555-0199',
          address: '12 Oak Lane, Apt 4, Springfield, IL 62704',
          postalCode: '62704',
          birthday: '1985-04-12',
          anniversary: '2012-09-08',
        },
      },
      { row: 3, client: { name: 'Bob Stone', email: 'bob@example.com', phone: '(217) 555-0142' } },
    ]);
  });

  it('reads 0/0/00 as no date', () => {
    const result = importText(
      outlookExport([{ 'First Name': 'Bob', 'E-mail Address': 'bob@example.com', 'Mobile Phone': '2175550142' }]),
    );
    expect(result.rows[0]?.client).toEqual({ name: 'Bob', email: 'bob@example.com', phone: '2175550142' });
    expect(result.warnings).toEqual([]);
  });
});

describe('dates', () => {
  it('reads YYYY-MM-DD, MM/DD/YYYY and M/D/YYYY', () => {
    const result = importRows([
      HEADER,
      ['Ann Lee', 'ann@example.com', '555-123-4567', '', '07/04/1980', '2/3/2010', '2020-05-10'],
    ]);
    expect(result.rows[0]?.client).toMatchObject({
      birthday: '1980-07-04',
      anniversary: '2010-02-03',
      purchaseDate: '2020-05-10',
    });
  });
});

describe('rows it cannot take', () => {
  it('reports each invalid row with its row number, naming the fields and the reasons, and imports the rest', () => {
    const result = importRows([
      HEADER,
      ann,
      ['Bob Stone', '', '555-987-6543', '', '', '', ''],
      ['Cy Young', 'cy@example.com', '12', '', '02/30/1990', '', '2030-01-01'],
      ['Di Prince', 'di@example.com', '555-222-3333', '', '', '', ''],
    ]);
    expect(result.rows.map((r) => r.row)).toEqual([2, 5]);
    expect(result.errors).toEqual([
      { row: 3, message: 'email: Email is required' },
      {
        row: 4,
        message:
          'phone: Phone number must be at least 10 digits; phone: Phone number must have at least 10 digits; ' +
          'birthday: Enter a valid date (YYYY-MM-DD)',
      },
    ]);
  });

  it('numbers rows after a cell with line breaks by their spreadsheet row, not their line in the file', () => {
    const result = importRows([
      HEADER,
      ['Ann Lee', 'ann@example.com', '555-123-4567', '12 Main St\nApt 4\nSpringfield', '', '', ''],
      ['Bob Stone', 'bob@', '555-987-6543', '', '', '', ''],
    ]);
    expect(result.errors).toEqual([{ row: 3, message: 'email: Invalid email address' }]);
  });

  it('reports a row filled only in columns it does not read instead of dropping it', () => {
    const result = importRows([
      ['name', 'email', 'phone', 'notes'],
      ['', '', '', 'call back in May'],
    ]);
    expect(result.errors).toEqual([
      { row: 2, message: 'name: Name is required; email: Email is required; phone: Phone number is required' },
    ]);
  });

  it('removes the apostrophe our CSV export puts before a leading + (formula injection guard)', () => {
    const result = importRows([
      ['name', 'email', 'phone'],
      ['Ann Lee', 'ann@example.com', "'+1 217-555-0100"],
    ]);
    expect(result.rows[0]?.client.phone).toBe('+1 217-555-0100');
  });

  it('refuses a birthday after the importing agent’s today', () => {
    const text = toCsv([
      ['name', 'email', 'phone', 'birthday'],
      ['Ann Lee', 'ann@example.com', '555-123-4567', '2025-06-02'],
    ]);
    expect(parseClientCsv(bytes(text), { today: '2025-06-01' }).errors).toHaveLength(1);
    expect(parseClientCsv(bytes(text), { today: '2025-06-02' }).errors).toEqual([]);
  });
});

describe('duplicate e-mails in one file', () => {
  it('keeps the later row for the same e-mail, whatever its case, and says so', () => {
    const result = importRows([
      HEADER,
      ann,
      ['Bob Stone', 'bob@example.com', '555-987-6543', '', '', '', ''],
      ['Ann B. Lee', 'ANN@example.com', '555-000-1111', '', '', '', ''],
    ]);
    expect(result.rows.map((r) => [r.row, r.client.name])).toEqual([
      [3, 'Bob Stone'],
      [4, 'Ann B. Lee'],
    ]);
    expect(result.warnings).toEqual([
      { row: 4, message: 'Same e-mail as row 2 (ann@example.com): this row replaces it' },
    ]);
  });

  it('keeps the earlier row when the later one is invalid', () => {
    const result = importRows([HEADER, ann, ['Ann B. Lee', 'ann@example.com', '12', '', '', '', '']]);
    expect(result.rows.map((r) => r.row)).toEqual([2]);
    expect(result.errors.map((e) => e.row)).toEqual([3]);
  });
});

describe('limits', () => {
  it("are 4 MB (what Lambda's 6 MB event carries once base64) and 5,000 rows", () => {
    expect(CSV_MAX_BYTES).toBe(4 * 1024 * 1024);
    expect(CSV_MAX_ROWS).toBe(5000);
  });

  it('refuses a file over 4 MB, pointing to the upload', () => {
    const parse = () => parseClientCsv(new Uint8Array(4 * 1024 * 1024 + 1).fill(0x61), { today: TODAY });
    expect(parse).toThrow(CsvTooLargeError);
    expect(parse).toThrow(/larger than 4 MB.*through the upload instead \(POST \/api\/imports/);
  });

  it('takes a file of exactly 4 MB', () => {
    const start = 'name,email,phone,notes\nAnn Lee,ann@example.com,555-123-4567,';
    const text = `${start}${'x'.repeat(CSV_MAX_BYTES - start.length - 1)}\n`;
    expect(bytes(text).byteLength).toBe(CSV_MAX_BYTES);
    expect(importText(text).rows).toHaveLength(1);
  });

  const manyRows = (count: number) => [
    ['name', 'email', 'phone'],
    ...Array.from({ length: count }, (_, i) => [`Client ${i}`, `client${i}@example.com`, '555-123-4567']),
  ];

  it('refuses more than 5,000 client rows', () => {
    expect(() => importRows(manyRows(CSV_MAX_ROWS + 1))).toThrow(CsvTooManyRowsError);
  });

  it('takes exactly 5,000 client rows', () => {
    expect(importRows(manyRows(CSV_MAX_ROWS)).rows).toHaveLength(CSV_MAX_ROWS);
  });
});

describe('files that are not CSV', () => {
  const expectFormatError = (run: () => unknown, message: RegExp) => {
    expect(run).toThrow(CsvFormatError);
    expect(run).toThrow(message);
  };

  it('refuses an image', () => {
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8,
      6, 0, 0, 0,
    ]);
    expectFormatError(() => parseClientCsv(png, { today: TODAY }), /not a CSV file/);
  });

  it('refuses text that is not UTF-8', () => {
    const latin1 = new Uint8Array([
      ...bytes('name,email,phone\nJos'),
      0xe9,
      ...bytes(',jose@example.com,5551234567\n'),
    ]);
    expectFormatError(() => parseClientCsv(latin1, { today: TODAY }), /UTF-8/);
  });

  it('refuses a first row that does not name a name and an e-mail column, listing the columns it expects', () => {
    const expected = /name, email, phone, address, postalCode, birthday, anniversary, purchaseDate, purchasePrice/;
    expectFormatError(() => importText('Ann Lee,ann@example.com,555-123-4567\n'), expected);
    expectFormatError(() => importText('name,phone\nAnn Lee,555-123-4567\n'), expected);
    expectFormatError(() => importText(''), expected);
  });

  it('refuses an unclosed quote, saying in which row and line it opens', () => {
    const text =
      toCsv([HEADER, ['Ann Lee', 'ann@example.com', '555-123-4567', '12 Main St\nApt 4', '', '', '']]) +
      '"Bob Stone,bob@example.com,555-987-6543\nCy,cy@example.com,555-222-3333\n';
    expectFormatError(() => importText(text), /quoted value in row 3 \(line 4 of the file\) is never closed/);
  });
});

describe('round trip', () => {
  const dateBetween = (from: string, to: string) =>
    fc.integer({ min: 0, max: daysBetween(from, to) }).map((n) => addDays(from, n));
  const pastDate = dateBetween('1900-01-01', TODAY);
  const anyDate = dateBetween('1900-01-01', '2100-12-31');
  const text = (chars: string[], maxLength: number) =>
    fc
      .string({ unit: fc.constantFrom(...chars), minLength: 1, maxLength })
      .filter((value) => value.trim() === value && !/^'[=+\-@]/.test(value));
  const letters = ['a', 'B', 'z', 'Q', 'é', 'Ø', '’', ' ', '-', '.'];
  const clientArb: fc.Arbitrary<ClientInput> = fc.record(
    {
      name: text([...letters, ',', '"', "'", ';', '\n'], 30),
      email: fc
        .tuple(
          fc.stringMatching(/^[a-z0-9][a-z0-9._]{0,8}[a-z0-9]$/),
          fc.stringMatching(/^[a-z]{1,10}$/),
          fc.constantFrom('com', 'org', 'io'),
        )
        .map(([local, domain, tld]) => `${local}@${domain}.${tld}`)
        .filter((email) => !email.includes('..')),
      phone: fc
        .tuple(fc.stringMatching(/^[0-9]{10}$/), fc.constantFrom('plain', 'dashed', 'us', 'international'))
        .map(([d, style]) =>
          style === 'plain'
            ? d
            : style === 'dashed'
              ? `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`
              : style === 'us'
                ? `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`
                : `+1 ${d}`,
        ),
      address: text([...letters, '1', '9', ',', '"', '#'], 60),
      birthday: pastDate,
      anniversary: anyDate,
      purchaseDate: pastDate,
    },
    { requiredKeys: ['name', 'email', 'phone'] },
  );
  const headerNames: Record<string, string[]> = {
    name: ['name', 'Name', ' Full Name '],
    email: ['email', 'E-mail', 'EMAIL_ADDRESS'],
    phone: ['phone', 'Phone Number', 'mobile_phone'],
    address: ['address', 'Address', 'Home Address'],
    birthday: ['birthday', 'Birthday', 'date_of_birth'],
    anniversary: ['anniversary', 'Wedding Anniversary'],
    purchaseDate: ['purchaseDate', 'purchase date', 'Purchase_Date', 'home purchase date'],
  };
  const layout = fc.record({
    columns: fc.shuffledSubarray(HEADER, { minLength: HEADER.length }),
    names: fc.record(
      Object.fromEntries(HEADER.map((field) => [field, fc.constantFrom(...(headerNames[field] ?? [field]))])),
    ),
    usDates: fc.boolean(),
    eol: fc.constantFrom('\n', '\r\n'),
    quoteAll: fc.boolean(),
    bom: fc.boolean(),
    finalEol: fc.boolean(),
  });
  const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

  it('brings any list of valid clients written as CSV back unchanged', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(clientArb, { selector: (c) => c.email, maxLength: 8 }),
        layout,
        (clients, { columns, names, usDates, ...options }) => {
          const cell = (client: ClientInput, field: string) => {
            const value = (client as unknown as Record<string, string | undefined>)[field] ?? '';
            return usDates && /^\d{4}-\d{2}-\d{2}$/.test(value) ? usDate(value) : value;
          };
          const csv = toCsv(
            [
              columns.map((field) => names[field] ?? field),
              ...clients.map((c) => columns.map((field) => cell(c, field))),
            ],
            options,
          );
          const result = importText(csv);
          expect(result.errors).toEqual([]);
          expect(result.warnings).toEqual([]);
          expect(result.rows).toEqual(clients.map((client, i) => ({ row: i + 2, client })));
        },
      ),
    );
  });
});
