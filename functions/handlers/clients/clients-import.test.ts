import { FREE_CLIENT_LIMIT } from '@shared/constants';
import { CSV_MAX_ROWS } from '../../domain/csv-import';
import ical, { type VEvent } from 'node-ical';
import { clientInput, makePro } from '../../testing/factories';
import { clientsByEmail } from '../../testing/imports';
import { androidCard, appleCard, icloudExport, v4Card, vcf } from '../../testing/vcards';
import { signedInAgent, type ApiClient, allClients } from '../../testing/local-api';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started), { s3: true, backgroundTasks: true });

function upload(client: ApiClient, content: string | Buffer, filename = 'clients.csv', type = 'text/csv') {
  const form = new FormData();
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type }), filename);
  return client.request('POST', '/api/clients/import', { body: form });
}

const GOOGLE_HEADER =
  'First Name,Middle Name,Last Name,Phonetic First Name,Phonetic Middle Name,Phonetic Last Name,Name Prefix,Name Suffix,Nickname,File As,Organization Name,Organization Title,Organization Department,Birthday,Notes,Photo,Labels,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Label,Phone 1 - Value,Address 1 - Label,Address 1 - Formatted';

describe('CSV import', () => {
  it('imports our own columns with quoted commas and newlines, CRLF and a BOM', async () => {
    const { client } = await signedInAgent(api);
    const csv =
      '\uFEFFname,email,phone,address,birthday,anniversary,purchaseDate\r\n' +
      '"Lopez, Maria",maria@example.com,(512) 555-0101,"12 Elm St\r\nApt 4",1985-04-12,2010-06-20,2019-08-01\r\n' +
      'Sam Lee,sam@example.com,512-555-0102,,04/30/1990,,\r\n';
    const res = await upload(client, csv);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ imported: 2, updated: 0, skipped: 0, errors: [] });
    expect(await clientsByEmail(client)).toMatchObject({
      'maria@example.com': { name: 'Lopez, Maria', address: '12 Elm St, Apt 4', purchaseDate: '2019-08-01' },
      'sam@example.com': { birthday: '1990-04-30' },
    });
  });

  it("imports the home's ZIP code and purchase price: a ZIP column, else the address's own", async () => {
    const { client } = await signedInAgent(api);
    const csv =
      'name,email,phone,address,postalCode,purchaseDate,purchasePrice\n' +
      'Ann Home,ann@example.com,5125550121,"1 Main St, Austin, TX 78704",,2018-05-01,"$410,000"\n' +
      'Bo Home,bo@example.com,5125550122,"2 Oak St, Austin",78745,2019-01-01,389000\n' +
      'Cy Home,cy@example.com,5125550123,,7874,,450k\n';
    const res = await upload(client, csv);
    expect(res.body).toMatchObject({ imported: 2, skipped: 1 });
    expect(res.body.errors).toEqual([
      { row: 4, message: 'postalCode: Enter a five-digit ZIP code; purchasePrice: Enter the price in whole dollars' },
    ]);
    expect(await clientsByEmail(client)).toMatchObject({
      'ann@example.com': { postalCode: '78704', purchasePrice: 410000 },
      'bo@example.com': { postalCode: '78745', purchasePrice: 389000 },
    });
  });

  it('imports a Google Contacts export as it is', async () => {
    const { client } = await signedInAgent(api);
    const csv = `\uFEFF${GOOGLE_HEADER}\r\nAva,,Nguyen,,,,,,,,,,,1988-02-29,,,* myContacts,* Home,ava@example.com,Mobile,+1 512-555-0199,Home,"5 Oak Ave\nAustin, TX"\r\n`;
    const res = await upload(client, csv, 'contacts.csv');
    expect(res.body).toMatchObject({ imported: 1, errors: [] });
    const [ava] = await allClients(client);
    expect(ava).toMatchObject({
      name: 'Ava Nguyen',
      email: 'ava@example.com',
      phone: '+1 512-555-0199',
      birthday: '1988-02-29',
    });
  });

  it('reports invalid rows with their row number and reason, and imports the rest', async () => {
    const { client } = await signedInAgent(api);
    const csv =
      'name,email,phone\nGood One,good@example.com,5125550111\n,nobody@example.com,5125550112\nBad Mail,not-an-email,5125550113\n';
    const res = await upload(client, csv);
    expect(res.body.imported).toBe(1);
    expect(res.body.skipped).toBe(2);
    expect(res.body.errors).toEqual([
      { row: 3, message: expect.stringMatching(/name/i) },
      { row: 4, message: expect.stringMatching(/email/i) },
    ]);
  });

  it('updates a client whose e-mail the agent already has instead of duplicating it, keeping what blank cells leave out', async () => {
    const { client } = await signedInAgent(api);
    await client.post(
      '/api/clients',
      clientInput({ name: 'Old Name', email: 'known@example.com', birthday: '1970-01-01' }),
    );
    const res = await upload(client, 'name,email,phone,birthday\nNew Name,KNOWN@example.com,5125550123,\n');
    expect(res.body).toMatchObject({ imported: 0, updated: 1 });
    const list = await allClients(client);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ name: 'New Name', phone: '5125550123', birthday: '1970-01-01' });
  });

  it('stops at the free plan cap and says how many were imported and why the rest were not', async () => {
    const { client } = await signedInAgent(api);
    await client.post('/api/clients', clientInput());
    const rows = Array.from({ length: 14 }, (_, i) => `Person ${i},person${i}@example.com,512555${String(1000 + i)}`);
    const res = await upload(client, `name,email,phone\n${rows.join('\n')}\n`);
    expect(res.body).toMatchObject({ imported: FREE_CLIENT_LIMIT - 1, skipped: 14 - (FREE_CLIENT_LIMIT - 1) });
    expect(res.body.message).toMatch(
      /Imported 9 new clients\. 5 rows were not imported: the free plan allows 10 clients/,
    );
    const names = (await allClients(client)).map((c: { name: string }) => c.name);
    expect(names).toHaveLength(FREE_CLIENT_LIMIT);
    expect(names).toEqual(expect.arrayContaining(['Person 0', 'Person 8']));
    expect(names).not.toContain('Person 9');
  });

  it('imports past 10 rows for a Pro agent', async () => {
    const { client, user } = await signedInAgent(api);
    await makePro(user.id);
    const rows = Array.from({ length: 40 }, (_, i) => `Pro Person ${i},pro${i}@example.com,512555${String(2000 + i)}`);
    const res = await upload(client, `name,email,phone\n${rows.join('\n')}\n`);
    expect(res.body).toMatchObject({ imported: 40, skipped: 0 });
    expect(await allClients(client)).toHaveLength(40);
  });

  it('refuses a file that is not CSV with 400', async () => {
    const { client } = await signedInAgent(api);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect((await upload(client, png, 'photo.png', 'image/png')).status).toBe(400);
    const disguised = await upload(client, png, 'photo.csv', 'text/csv');
    expect(disguised.status).toBe(400);
    expect(disguised.body.message).toMatch(/not a CSV file/);
    expect((await upload(client, 'hello world, nothing here\n1,2\n')).status).toBe(400);
  });

  it('refuses a request without a file, and a non-multipart body', async () => {
    const { client } = await signedInAgent(api);
    const form = new FormData();
    form.append('note', 'no file');
    expect((await client.request('POST', '/api/clients/import', { body: form })).status).toBe(400);
    expect((await client.post('/api/clients/import', { file: 'name,email' })).status).toBe(415);
  });

  it(`refuses more than ${CSV_MAX_ROWS} rows with 413 and a clear message`, async () => {
    const { client } = await signedInAgent(api);
    const many = Array.from({ length: CSV_MAX_ROWS + 1 }, (_, i) => `P${i},p${i}@example.com,5125550000`).join('\n');
    const tooMany = await upload(client, `name,email,phone\n${many}\n`);
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.message).toMatch(/at most 5,000/);
    expect(await allClients(client)).toEqual([]);
  });

  it("refuses a file over 4 MB (Lambda's 6 MB event, base64) with 413 pointing to the upload", async () => {
    const { client } = await signedInAgent(api);
    // Just over the cap: the request still fits Lambda's event, and the function answers.
    const overCap = await upload(client, `name,email,phone\n${'x'.repeat(4 * 1024 * 1024 + 100 * 1024)}\n`);
    expect(overCap.status).toBe(413);
    expect(overCap.body).toEqual({
      message: expect.stringMatching(/larger than 4 MB.*through the upload instead \(POST \/api\/imports/),
      code: 'FILE_TOO_LARGE',
    });
    // Too big for Lambda's event once base64: as in AWS, the function never runs and the request is answered 413.
    const overEvent = await upload(client, `name,email,phone\n${'x'.repeat(5 * 1024 * 1024)}\n`);
    expect(overEvent.status).toBe(413);
    expect(overEvent.body).toEqual({
      message: expect.stringContaining('POST /api/imports'),
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(await allClients(client)).toEqual([]);
  });

  it('takes a file of 4 MB in the request', async () => {
    const { client } = await signedInAgent(api);
    // One client, with a column the import does not read making up the 4 MB.
    const head = 'name,email,phone,unread\nAnn Lee,ann@example.com,5125550100,';
    const res = await upload(client, `${head}${'x'.repeat(4 * 1024 * 1024 - head.length - 1)}\n`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ imported: 1, errors: [] });
  });
});

const uploadVcf = (client: ApiClient, content: string, filename = 'contacts.vcf', type = 'text/vcard') =>
  upload(client, content, filename, type);

describe('vCard import', () => {
  it('imports an iCloud export (3.0): grouped e-mail, Apple anniversary, year-less birthdays, photo ignored', async () => {
    const { client } = await signedInAgent(api);
    const res = await uploadVcf(client, icloudExport());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      imported: 3,
      updated: 0,
      skipped: 0,
      errors: [],
      unit: 'card',
      message: 'Imported 3 new clients.',
    });
    expect(await clientsByEmail(client)).toMatchObject({
      'maria@example.com': {
        name: 'Maria Lopez',
        phone: '+1 (512) 555-0101',
        address: '12 Elm St, Apt 4, Austin, TX 78701, United States',
        birthday: '1984-06-02',
        anniversary: '2010-09-18',
      },
      'jose@example.com': { birthday: '--11-07' },
      'kim@example.com': { birthday: '--02-29' },
    });
  });

  it('imports an Android export (2.1, quoted-printable UTF-8 names) and a 4.0 card, as the browser sends .vcf (text/x-vcard)', async () => {
    const { client } = await signedInAgent(api);
    const res = await uploadVcf(client, vcf(androidCard(), v4Card()), 'Contacts.VCF', 'text/x-vcard');
    expect(res.body).toMatchObject({ imported: 2, errors: [] });
    expect(await clientsByEmail(client)).toMatchObject({
      'juergen@example.com': { name: 'Jürgen Müller-Lüdenscheidt, Jr.', phone: '+15125550102' },
      'zoe@example.com': { name: 'Zoë Adams', birthday: '--03-14', anniversary: '2009-08-08' },
    });
  });

  it('updates on re-import instead of duplicating: same e-mail, new details', async () => {
    const { client } = await signedInAgent(api);
    expect((await uploadVcf(client, icloudExport())).body.imported).toBe(3);
    const again = await uploadVcf(client, vcf(appleCard({ fn: 'Maria Lopez-Garcia' })));
    expect(again.body).toMatchObject({ imported: 0, updated: 1, skipped: 0 });
    const list = (await allClients(client)) as Array<Record<string, string>>;
    expect(list).toHaveLength(3);
    expect(list.find((c) => c.email === 'maria@example.com')!.name).toBe('Maria Lopez-Garcia');
  });

  it('skips a card without an e-mail, saying which card and why', async () => {
    const { client } = await signedInAgent(api);
    const res = await uploadVcf(client, vcf(appleCard(), appleCard({ fn: 'No Mail', email: null })));
    expect(res.body).toMatchObject({
      imported: 1,
      skipped: 1,
      errors: [{ row: 2, message: 'email: Email is required' }],
    });
    expect(res.body.message).toBe('Imported 1 new client. 1 card has errors and was skipped.');
  });

  it('stops at the free plan cap, in file order, and says how many cards were left out', async () => {
    const { client } = await signedInAgent(api);
    const cards = Array.from({ length: 12 }, (_, i) => appleCard({ fn: `Card ${i}`, email: `card${i}@example.com` }));
    const res = await uploadVcf(client, vcf(...cards));
    expect(res.body).toMatchObject({ imported: FREE_CLIENT_LIMIT, skipped: 2 });
    expect(res.body.message).toMatch(
      /^Imported 10 new clients\. 2 cards were not imported: the free plan allows 10 clients/,
    );
    const names = (await allClients(client)).map((c: { name: string }) => c.name);
    expect(names).toHaveLength(FREE_CLIENT_LIMIT);
    expect(names).not.toContain('Card 10');
  });

  it('refuses a .vcf with no card, and a file that is neither CSV nor vCard, with 400 and what it accepts', async () => {
    const { client } = await signedInAgent(api);
    const empty = await uploadVcf(client, 'name,email\nAnn,ann@example.com\n');
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'NOT_VCARD', message: expect.stringMatching(/no contacts/) });
    const other = await upload(client, 'BEGIN:VCARD\nEND:VCARD\n', 'contacts.txt', 'text/plain');
    expect(other.status).toBe(400);
    expect(other.body.message).toBe('Only .csv and .vcf (vCard) files can be imported.');
  });

  it('puts an imported year-less birthday in the calendar feed every year, with no year', async () => {
    const { client } = await signedInAgent(api);
    await uploadVcf(client, icloudExport());
    const feed = await client.post('/api/user/calendar-secret');
    const res = await api.client().get(new URL(feed.body.url as string).pathname, { noOrigin: true });
    const event = Object.values(ical.sync.parseICS(res.text)).find(
      (c): c is VEvent => c.type === 'VEVENT' && c.summary === 'Birthday: José Ñúñez',
    )!;
    const dates = event
      .rrule!.between(new Date('2026-01-01T00:00:00Z'), new Date('2027-12-31T23:59:59Z'), true)
      .map((d) => d.toISOString().slice(0, 10));
    expect(dates).toEqual(['2026-11-07', '2027-11-07']);
    expect(event.description).toContain('Born November 7.');
  });
});
