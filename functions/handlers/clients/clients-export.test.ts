import { GetObjectCommand } from '@aws-sdk/client-s3';
import { parse } from 'csv-parse/sync';
import type { Client, ClientsExport } from '@shared/api-types';
import { todayIn } from '@shared/dates';
import { config } from '../../config';
import { toClient, type ClientItem } from '../../data/clients';
import { agentClientPages, CLIENT_FIELDS } from '../../data/export-sources';
import { csvStream } from '../../domain/csv-export';
import { OWN_CLIENT_COLUMNS } from '../../domain/export-columns';
import { storeCsvExport } from '../../integrations/export-files';
import { s3 } from '../../integrations/storage';
import { clientInput } from '../../testing/factories';
import { addClients, signedInAgent, type ApiClient, allClients } from '../../testing/local-api';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started), { s3: true, backgroundTasks: true });

const HEADERS = [
  ...['name', 'email', 'phone', 'address', 'postalCode', 'birthday', 'anniversary', 'purchaseDate', 'purchasePrice'],
  ...['reviewStatus', 'reviewRequestedAt', 'reviewSubmittedAt', 'lastContactDate', 'hasTestimonial'],
  ...['timeZone', 'emailOptedOut', 'smsOptedOut', 'smsConsent', 'automationsPaused'],
  ...['tags', 'keyDates', 'cadenceDays', 'origin', 'clientId', 'createdAt'],
  'updatedAt',
];
const HEADER_LINE = `\uFEFF${HEADERS.map((h) => `"${h}"`).join(',')}\r\n`;

/** Asks for the export and downloads the file from the link, as the browser does. */
async function exportOf(agent: ApiClient): Promise<{ link: ClientsExport; text: string; file: Response }> {
  const res = await agent.get('/api/clients/export');
  expect(res.status).toBe(200);
  const link = res.body as ClientsExport;
  const file = await fetch(link.url);
  expect(file.status).toBe(200);
  // As bytes: Response.text() would drop the byte-order mark the file starts with.
  return { link, text: Buffer.from(await file.arrayBuffer()).toString('utf8'), file };
}

// Read as a spreadsheet would, without the BOM.
const rowsOf = (text: string) => parse(text.replace(/^\uFEFF/, ''), { columns: true }) as Array<Record<string, string>>;
/** Ids are URL-safe base64, so some start with '-': the file shows them with the formula guard. */
const unguard = (cell: string | undefined) => (cell ?? '').replace(/^'(?=[-=+@\t\r])/, '');

describe("the export's read of a client item", () => {
  it('projects every attribute the API shows of a client', () => {
    // Every field set to something other than its default, so a field read but not projected shows.
    const full = {
      ...{ pk: 'AGENT#a', sk: 'CLIENT#c', type: 'client', id: 'c', agentId: 'a', name: 'Full Client' },
      ...{ email: 'full@example.com', phone: '(512) 555-0100', address: '1 Main St', birthday: '1980-01-02' },
      ...{ anniversary: '2001-02-03', purchaseDate: '2015-04-05', lastContactDate: '2026-01-01T00:00:00.000Z' },
      ...{ postalCode: '78701', purchasePrice: 450000 },
      ...{ timeZone: 'America/Chicago', emailOptedOut: true, smsOptedOut: true, automationsPaused: true },
      smsConsent: { status: 'granted', source: 'agent-attested', at: '2026-01-02T00:00:00.000Z' },
      ...{ reviewStatus: 'submitted', reviewRequestedAt: '2026-01-03T00:00:00.000Z', hasTestimonial: true },
      ...{ reviewSubmittedAt: '2026-01-04T00:00:00.000Z', reviewLinkOpenedAt: '2026-01-03T01:00:00.000Z' },
      ...{ tags: ['Past buyer'], keyDates: [{ label: 'Lease ends', date: '--03-31' }], cadenceDays: 30 },
      ...{ origin: 'imported', registrationPendingAt: '2026-01-05T00:00:00.000Z' },
      ...{ createdAt: '2025-12-01T00:00:00.000Z', updatedAt: '2026-01-06T00:00:00.000Z' },
    } as unknown as ClientItem;
    const projected = Object.fromEntries(
      Object.entries(full).filter(([field]) => CLIENT_FIELDS.includes(field)),
    ) as unknown as ClientItem;
    const shown = toClient(full) as Record<string, unknown>;
    const defaults = Object.entries(shown).filter(
      ([, value]) => [null, false, 'pending'].includes(value as null) || (Array.isArray(value) && value.length === 0),
    );
    expect(defaults).toEqual([]);
    expect(toClient(projected)).toEqual(shown);
  });
});

describe('GET /api/clients/export', () => {
  it('writes every client with every field, formula cells escaped and commas, quotes and newlines quoted', async () => {
    const a = await signedInAgent(api);
    const formula = await a.client.post(
      '/api/clients',
      clientInput({
        name: '=HYPERLINK("http://evil.example","Click")',
        phone: '+1 512 555 0101',
        address: '12 Oak St, Apt "B"\nAustin, TX',
        birthday: '1980-02-03',
        anniversary: '2005-06-07',
        purchaseDate: '2015-08-09',
        postalCode: '78702',
        purchasePrice: 385000,
      }),
    );
    const at = await a.client.post(
      '/api/clients',
      clientInput({ name: '@SUM(A1:A9)', phone: '-512-555-0102', address: '-2 Elm Street' }),
    );
    const plain = await a.client.post('/api/clients', clientInput({ name: 'Plain, Person' }));
    for (const res of [formula, at, plain]) expect(res.status).toBe(201);
    expect(
      (
        await a.client.patch(`/api/clients/${formula.body.id}`, {
          timeZone: 'America/Chicago',
          automationsPaused: true,
          smsConsent: 'granted',
        })
      ).status,
    ).toBe(200);
    expect((await a.client.post(`/api/clients/${formula.body.id}/review-status`, { status: 'submitted' })).status).toBe(
      200,
    );

    const { link, text } = await exportOf(a.client);
    expect(link).toEqual({
      url: expect.any(String),
      expiresAt: expect.any(String),
      rows: 3,
      fileName: `hearthside-clients-${todayIn(a.user.timeZone)}.csv`,
    });
    expect(text.startsWith(HEADER_LINE)).toBe(true);
    // The cells as written: a leading ' on anything a spreadsheet would run, quotes doubled, the newline inside quotes.
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(text).toContain(`"'@SUM(A1:A9)"`);
    expect(text).toContain(`"'+1 512 555 0101"`);
    expect(text).toContain(`"'-2 Elm Street"`);
    expect(text).toContain(`"12 Oak St, Apt ""B""\nAustin, TX"`);
    expect(text).toContain(`"Plain, Person"`);

    const rows = rowsOf(text);
    expect(rows).toHaveLength(3);
    const client = ((await allClients(a.client)) as Client[]).find((c) => c.id === formula.body.id)!;
    const row = rows.find((r) => unguard(r.clientId) === client.id)!;
    expect(row).toEqual({
      name: `'=HYPERLINK("http://evil.example","Click")`,
      email: client.email,
      phone: "'+1 512 555 0101",
      address: '12 Oak St, Apt "B"\nAustin, TX',
      postalCode: '78702',
      birthday: '1980-02-03',
      anniversary: '2005-06-07',
      purchaseDate: '2015-08-09',
      purchasePrice: '385000',
      reviewStatus: 'submitted',
      reviewRequestedAt: '',
      reviewSubmittedAt: client.reviewSubmittedAt,
      lastContactDate: '',
      hasTestimonial: 'no',
      timeZone: 'America/Chicago',
      emailOptedOut: 'no',
      smsOptedOut: 'no',
      smsConsent: 'granted',
      automationsPaused: 'yes',
      tags: '',
      keyDates: '',
      cadenceDays: '',
      origin: 'added',
      clientId: row.clientId,
      createdAt: client.createdAt,
      updatedAt: client.updatedAt,
    });
    expect(rows.find((r) => unguard(r.clientId) === at.body.id)).toMatchObject({
      name: "'@SUM(A1:A9)",
      phone: "'-512-555-0102",
      address: "'-2 Elm Street",
    });
  });

  it('has a column for every field of a client the API returns (its own id as clientId; agentId is the agent themself)', async () => {
    const a = await signedInAgent(api);
    await a.client.post('/api/clients', clientInput());
    const [client] = (await allClients(a.client)) as Client[];
    const fields = Object.keys(client!)
      .filter((field) => field !== 'agentId')
      .map((field) => (field === 'id' ? 'clientId' : field));
    expect(HEADERS).toEqual(expect.arrayContaining(fields));
    expect(HEADERS).toHaveLength(fields.length);
    const { text } = await exportOf(a.client);
    expect(Object.keys(rowsOf(text)[0]!)).toEqual(HEADERS);
  });

  it("holds only the agent's own clients: B's export never has A's, and an empty book is the header alone", async () => {
    const a = await signedInAgent(api);
    const b = await signedInAgent(api);
    const empty = await signedInAgent(api);
    const ofA = clientInput({ name: 'Only Of A' });
    const ofB = clientInput({ name: 'Only Of B' });
    await a.client.post('/api/clients', ofA);
    await b.client.post('/api/clients', ofB);

    const fromA = await exportOf(a.client);
    const fromB = await exportOf(b.client);
    expect(rowsOf(fromA.text).map((r) => r.email)).toEqual([ofA.email]);
    expect(rowsOf(fromB.text).map((r) => r.email)).toEqual([ofB.email]);
    expect(fromB.text).not.toContain('Only Of A');
    expect(fromB.link.url).not.toBe(fromA.link.url);

    const none = await exportOf(empty.client);
    expect(none.link.rows).toBe(0);
    expect(none.text).toBe(HEADER_LINE);
  });

  it('hands out a link that downloads the file under its name and lapses within 5 minutes', async () => {
    const a = await signedInAgent(api);
    await a.client.post('/api/clients', clientInput());
    const before = Date.now();
    const { link, file } = await exportOf(a.client);
    const after = Date.now();
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${link.fileName}"`);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    // Five minutes from when the server made it, which was during the request.
    expect(Date.parse(link.expiresAt)).toBeGreaterThanOrEqual(before + 5 * 60 * 1000);
    expect(Date.parse(link.expiresAt)).toBeLessThanOrEqual(after + 5 * 60 * 1000);
    expect(new URL(link.url).searchParams.get('X-Amz-Expires')).toBe('300');
    // The object is in the exports bucket, written by the server, and the same as the download.
    const key = decodeURIComponent(new URL(link.url).pathname.split(`/${config().exportsBucket}/`)[1]!);
    expect(key).toMatch(new RegExp(`^client-exports/\\d{4}-\\d{2}-\\d{2}/${a.user.id}/[A-Za-z0-9_-]+\\.csv$`));
    const stored = await s3().send(new GetObjectCommand({ Bucket: config().exportsBucket, Key: key }));
    expect(Buffer.from(await stored.Body!.transformToByteArray()).toString('utf8')).toBe(
      Buffer.from(await (await fetch(link.url)).arrayBuffer()).toString('utf8'),
    );
  });

  it("reads the book a page at a time (a Query of the agent's partition)", async () => {
    const a = await signedInAgent(api);
    const ids = new Set(await addClients(a.client, 5));
    const pages: string[][] = [];
    for await (const page of agentClientPages(a.user.id, 2)) pages.push(page.map((c) => c.id));
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(new Set(pages.flat())).toEqual(ids);
    expect((await exportOf(a.client)).link.rows).toBe(5);
  });

  it('streams a book larger than one upload part (50,000 clients is about 20 MB) into one file', async () => {
    const client: Client = {
      id: 'id',
      agentId: 'agent',
      name: 'Bulk Client',
      email: 'bulk@example.com',
      phone: '(512) 555-0100',
      address: '1 Long Road, Austin, TX 78701',
      birthday: '1980-01-01',
      anniversary: null,
      purchaseDate: '2015-01-01',
      postalCode: '78701',
      purchasePrice: 325000,
      lastContactDate: null,
      timeZone: null,
      emailOptedOut: false,
      smsOptedOut: false,
      automationsPaused: false,
      smsConsent: { status: 'none', source: null, at: null },
      reviewStatus: 'pending',
      reviewRequestedAt: null,
      reviewSubmittedAt: null,
      hasTestimonial: false,
      tags: [],
      keyDates: [],
      cadenceDays: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    // 35 pages of 1,000 rows, about 7 MB: two parts of a multipart upload (5 MB each, the last smaller).
    async function* pages() {
      for (let p = 0; p < 35; p += 1) yield Array.from({ length: 1000 }, (_, i) => ({ ...client, id: `c${p}x${i}` }));
    }
    const stored = await storeCsvExport(
      'client-exports/test/large.csv',
      'large.csv',
      csvStream(OWN_CLIENT_COLUMNS, pages()),
    );
    expect(stored.bytes).toBeGreaterThan(5 * 1024 * 1024);
    const file = Buffer.from(await (await fetch(stored.url)).arrayBuffer());
    expect(file.length).toBe(stored.bytes);
    const rows = rowsOf(file.toString('utf8'));
    expect(rows).toHaveLength(35_000);
    expect(rows.at(-1)).toMatchObject({ clientId: 'c34x999', name: 'Bulk Client' });
  }, 60_000); // writes and reads back 7 MB: slow on a loaded two-core machine

  it('is for signed-in agents only', async () => {
    expect((await api.client().get('/api/clients/export')).status).toBe(401);
  });
});
