// GET /api/reminders?limit=&cursor=: the agent's occasions from today on, soonest first, a page at a
// time from the occasion index: every key date once across the pages (the year wrapping round),
// nothing lost or repeated while clients are added, edited and deleted between pages, stale
// entries left out, the agent's time zone, tenancy and bad input.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Client, ReminderPage } from '@shared/api-types';
import { addDays, todayIn } from '@shared/dates';
import { upcomingReminders, type ReminderEvent } from '@shared/reminders';
import { entryItem, occasionIndexEntries } from '../../data/client-lists';
import { db, table } from '../../data/db';
import { encodeCursor } from '../../data/cursors';
import { setProStatus } from '../../data/users';
import { clientInput } from '../../testing/factories';
import { signedInAgent, type ApiClient, allClients } from '../../testing/local-api';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started));

async function proAgent(timeZone = 'America/Chicago') {
  const agent = await signedInAgent(api);
  await setProStatus(agent.user.id, true);
  expect((await agent.client.patch('/api/user/preferences', { timeZone })).status).toBe(200);
  return agent;
}

async function add(client: ApiClient, fields: Record<string, unknown>): Promise<Client> {
  const res = await client.post('/api/clients', clientInput(fields));
  expect([res.status, res.text.slice(0, 200)]).toEqual([201, expect.any(String)]);
  return res.body as Client;
}

async function page(client: ApiClient, params: Record<string, string> = {}): Promise<ReminderPage> {
  const res = await client.get(`/api/reminders?${new URLSearchParams(params)}`);
  expect([res.status, res.text.slice(0, 200)]).toEqual([200, expect.any(String)]);
  return res.body as ReminderPage;
}

/** Every page, following the cursors; `between` runs after each page. */
async function allPages(
  client: ApiClient,
  limit: string,
  between?: (n: number) => Promise<void>,
): Promise<{ events: ReminderEvent[]; pages: ReminderPage[] }> {
  const pages: ReminderPage[] = [];
  let cursor: string | null = null;
  do {
    const body: ReminderPage = await page(client, { limit, ...(cursor ? { cursor } : {}) });
    pages.push(body);
    cursor = body.nextCursor;
    if (between) await between(pages.length);
  } while (cursor && pages.length < 100);
  return { events: pages.flatMap((p) => p.events), pages };
}

const label = (e: ReminderEvent) => `${e.date} ${e.clientName} ${e.type}`;

/** `date`'s month and day in another year. */
const inYear = (date: string, year: number) => `${year}${date.slice(4)}`;

describe('GET /api/reminders, a page at a time', () => {
  it('answers every key date once, soonest first and by name on a day, from today round the year to yesterday, with the clients', async () => {
    // Prepare: key dates before, on and after today's date (in the agent's zone), over the whole year.
    const { client } = await proAgent('Pacific/Auckland');
    const today = todayIn('Pacific/Auckland');
    const offsets = [0, 1, 2, 30, 45, 90, 120, 180, 240, 300, 330, 363, 364, -1];
    for (const [i, offset] of offsets.entries()) {
      const day = addDays(today, offset);
      await add(client, {
        name: `${String.fromCharCode(90 - i)}oe Person`,
        birthday: inYear(day, 1980),
        ...(i % 3 === 0 ? { anniversary: inYear(day, 2005) } : {}),
        // A purchase this year (or one to close later) has no anniversary yet; one of years ago has.
        ...(i % 4 === 0 ? { purchaseDate: inYear(day, i % 8 === 0 ? 2015 : Number(today.slice(0, 4))) } : {}),
      });
    }
    // Two on today's date, to see the names ordered.
    await add(client, { name: 'Abe Early', birthday: inYear(today, 1990) });
    await add(client, { name: 'Ábel Accent', birthday: inYear(today, 1991) });

    // Act
    const { events, pages } = await allPages(client, '7');

    // Assess: the same as the whole book's reminders, in the same order, each once.
    expect(pages[0]!.today).toBe(today);
    const all = (await allClients(client)) as Client[];
    const expected = upcomingReminders(all, today);
    expect(events.map(label)).toEqual(expected.map(label));
    expect(new Set(events.map((e) => `${e.clientId}-${e.kind}`)).size).toBe(events.length);
    expect(events[0]!.date).toBe(today);
    expect(events.at(-1)!.date).toBe(inYear(addDays(today, -1), Number(today.slice(0, 4)) + 1));
    expect(pages.length).toBeGreaterThan(3);
    for (const p of pages) {
      expect(p.events.length).toBeLessThanOrEqual(7);
      // Each page carries exactly the clients of its events, as the client list shows them.
      expect(p.clients.map((c) => c.id).sort()).toEqual([...new Set(p.events.map((e) => e.clientId))].sort());
      for (const c of p.clients) expect(c).toEqual(all.find((a) => a.id === c.id));
    }
    expect(pages.at(-1)!.nextCursor).toBeNull();
  });

  it('loses and repeats no occasion while clients are added, edited and deleted between pages', async () => {
    const { client } = await proAgent();
    const { today } = await page(client);
    const kept: Client[] = [];
    const doomed: Client[] = [];
    for (let i = 0; i < 40; i += 1) {
      kept.push(
        await add(client, {
          name: `Keep ${String(i).padStart(2, '0')}`,
          birthday: inYear(addDays(today, i * 9), 1970),
        }),
      );
      if (i % 5 === 0)
        doomed.push(await add(client, { name: `Gone ${i}`, birthday: inYear(addDays(today, i * 9 + 1), 1970) }));
    }
    const { events } = await allPages(client, '6', async (n) => {
      // Between pages: delete some, and add some on both sides of the cursor.
      for (const c of doomed.splice(0, 2)) expect((await client.delete(`/api/clients/${c.id}`)).status).toBe(204);
      await add(client, { name: `New Soon ${n}`, birthday: inYear(today, 1985) });
      await add(client, { name: `New Late ${n}`, birthday: inYear(addDays(today, 360), 1985) });
    });
    const keptSeen = events.filter((e) => e.clientName.startsWith('Keep')).map((e) => e.clientName);
    expect(keptSeen).toEqual(kept.map((c) => c.name));
    expect(new Set(events.map((e) => `${e.clientId}-${e.kind}`)).size).toBe(events.length);
    expect(events.some((e) => e.clientName.startsWith('New Late'))).toBe(true);
    const dates = events.map((e) => e.date);
    expect(dates).toEqual([...dates].sort());
  });

  it('follows edits at once: a changed date moves, a renamed client sorts by the new name, a removed date and a deleted client leave', async () => {
    const { client } = await proAgent();
    const { today } = await page(client);
    const tomorrow = addDays(today, 1);
    const a = await add(client, { name: 'Carl First', birthday: inYear(tomorrow, 1980) });
    const b = await add(client, {
      name: 'Dora Second',
      birthday: inYear(tomorrow, 1981),
      anniversary: inYear(addDays(today, 3), 2001),
    });
    const c = await add(client, { name: 'Ed Third', birthday: inYear(tomorrow, 1982) });

    await client.patch(`/api/clients/${a.id}`, { name: 'Zoe First' });
    await client.patch(`/api/clients/${b.id}`, { anniversary: null, birthday: inYear(addDays(today, 5), 1981) });
    await client.delete(`/api/clients/${c.id}`);

    const { events } = await page(client);
    expect(events.map((e) => [e.clientName, e.type, e.date])).toEqual([
      ['Zoe First', 'Birthday', tomorrow],
      ['Dora Second', 'Birthday', addDays(today, 5)],
    ]);
  });

  it('leaves out an entry its client no longer calls for (a crash between the entry and the client write)', async () => {
    const { client, user } = await proAgent();
    const { today } = await page(client);
    const real = await add(client, { name: 'Real Client', birthday: inYear(addDays(today, 2), 1980) });
    // A leftover entry: the client's date before an edit that never landed, and one of a client never written.
    const [entry] = occasionIndexEntries({
      agentId: user.id,
      id: real.id,
      name: real.name,
      email: real.email,
      createdAt: real.createdAt,
      birthday: inYear(today, 1980),
    });
    const [ghost] = occasionIndexEntries({
      agentId: user.id,
      id: 'ghost-client-id',
      name: 'Ghost',
      email: 'g@example.com',
      createdAt: real.createdAt,
      birthday: inYear(today, 1980),
    });
    for (const stale of [entry!, ghost!])
      await db().send(
        new PutCommand({ TableName: table(), Item: entryItem(stale, stale.sk.slice(stale.sk.lastIndexOf('#') + 1)) }),
      );

    const { events, clients } = await page(client);
    expect(events.map((e) => e.clientName)).toEqual(['Real Client']);
    expect(clients.map((c) => c.id)).toEqual([real.id]);
  });

  it('answers an empty list with no cursor for an agent with no key dates', async () => {
    const { client } = await proAgent();
    await add(client, { name: 'No Dates' });
    expect(await page(client)).toEqual({ today: expect.any(String), events: [], clients: [], nextCursor: null });
  });

  it("never shows another agent's occasions, even with that agent's cursor", async () => {
    const owner = await proAgent();
    const other = await proAgent();
    const { today } = await page(owner.client);
    for (let i = 0; i < 4; i += 1)
      await add(owner.client, { name: `Owner ${i}`, birthday: inYear(addDays(today, i), 1980) });
    const first = await page(owner.client, { limit: '2' });
    expect(first.nextCursor).toEqual(expect.any(String));
    const res = await other.client.get(`/api/reminders?limit=2&cursor=${first.nextCursor}`);
    expect(res.status).toBe(200);
    expect((res.body as ReminderPage).events).toEqual([]);
    expect((await page(other.client)).events).toEqual([]);
  });

  it.each([
    ['limit=0', /limit must be a whole number from 1 to 200/],
    ['limit=201', /limit must be a whole number from 1 to 200/],
    ['limit=ten', /limit must be a whole number from 1 to 200/],
    ['cursor=not-a-cursor!', /The cursor is not valid for this list/],
    ['cursor=e30', /The cursor is not valid for this list/],
    [`cursor=${encodeCursor({ pk: 'CLIST#x#name', sk: 'a#b' })}`, /The cursor is not valid for this list/],
    [`cursor=${encodeCursor({ t: '2020-01-01', p: '0', k: '' })}`, /The cursor is not valid for this list/],
    [
      `cursor=${encodeCursor({ t: todayIn('America/Chicago'), p: '2', k: '' })}`,
      /The cursor is not valid for this list/,
    ],
    [
      `cursor=${encodeCursor({ t: todayIn('America/Chicago'), p: '0', k: 'CLIENT#x' })}`,
      /The cursor is not valid for this list/,
    ],
  ])('refuses %s with a 400 and a clear message', async (params, message) => {
    const { client } = await proAgent();
    const res = await client.get(`/api/reminders?${params}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  it('asks to sign in without a session', async () => {
    expect((await api.client().get('/api/reminders')).status).toBe(401);
  });
});
