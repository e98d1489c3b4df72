// The occasion index read a page at a time, on the days round 28 February: in a year without a
// 29th, the 29th's key dates come round on the 28th, and that day lists its names in one order
// whatever the page size, the part of the year, or the end of the window.
import type { Client } from '@shared/api-types';
import { upcomingReminders, type ReminderEvent } from '@shared/reminders';
import { clientInput } from '../testing/factories';
import { signedInAgent, allClients } from '../testing/local-api';
import { readOccasions, type OccasionPosition } from './occasions';
import { setProStatus } from './users';
import { startHandlerApi, type HandlerApi } from '../testing/handler-api';

let api: HandlerApi;
let agentId: string;
let book: Client[];
beforeAll(async () => {
  api = await startHandlerApi();
  const agent = await signedInAgent(api);
  await setProStatus(agent.user.id, true);
  agentId = agent.user.id;
  const clients = [
    { name: 'Ann Leap', birthday: '1988-02-29' },
    { name: 'Bob Twenty-Eight', birthday: '1980-02-28', anniversary: '2004-02-29' },
    { name: 'Cy Leap', birthday: '1992-02-29' },
    { name: 'Dee Twenty-Eight', birthday: '1975-02-28' },
    { name: 'Émile Leap', birthday: '1996-02-29' },
    { name: 'Zed Before', birthday: '1970-02-27' },
    { name: 'Amy After', birthday: '1971-03-01' },
    { name: 'Mid Year', birthday: '1972-07-04' },
  ];
  for (const fields of clients) expect((await agent.client.post('/api/clients', clientInput(fields))).status).toBe(201);
  book = (await allClients(agent.client)) as Client[];
});
afterAll(() => api.close());

const label = (e: ReminderEvent) => `${e.date} ${e.clientName} ${e.kind}`;

/** Every page of `limit` from `today` (through `through`), following the positions. */
async function everyPage(today: string, limit: number, through?: string): Promise<ReminderEvent[]> {
  const events: ReminderEvent[] = [];
  let after: OccasionPosition | undefined;
  for (let pages = 0; pages < 50; pages += 1) {
    const read = await readOccasions(agentId, today, { limit, through, ...(after ? { after } : {}) });
    expect(read.events.length).toBeLessThanOrEqual(limit);
    events.push(...read.events);
    if (!read.next) return events;
    after = read.next;
  }
  throw new Error('more than 50 pages');
}

describe('readOccasions round 28 February', () => {
  it.each([
    ['this year, a common one, before the 28th', '2027-02-20'],
    ['on the 28th of a common year', '2027-02-28'],
    ['next year, a common one', '2026-06-01'],
    ['next year, a leap year: the 28th and the 29th are two days', '2027-06-01'],
    ['on the 29th of a leap year', '2028-02-29'],
  ])('%s (%s): the 28th lists the 29th’s names among its own, by name, at every page size', async (_what, today) => {
    const expected = upcomingReminders(book, today).map(label);
    for (const limit of [1, 2, 3, 4, 50])
      expect([limit, await everyPage(today, limit).then((events) => events.map(label))]).toEqual([limit, expected]);
  });

  it('on a common year, the merged day is by name, not the 28th’s names then the 29th’s', async () => {
    const onThe28th = (await everyPage('2027-02-28', 2))
      .filter((e) => e.date === '2027-02-28')
      .map((e) => `${e.clientName} ${e.kind}`);
    expect(onThe28th).toEqual([
      'Ann Leap birthday',
      'Bob Twenty-Eight birthday',
      'Bob Twenty-Eight anniversary',
      'Cy Leap birthday',
      'Dee Twenty-Eight birthday',
      'Émile Leap birthday',
    ]);
  });

  it.each([
    ['a window ending on the 28th of this year', '2027-02-20', '2027-02-28'],
    ['a window ending on the 28th of next year', '2026-12-20', '2027-02-28'],
    ['a window across the 28th', '2027-02-01', '2027-03-05'],
  ])('%s: the same events as the whole book’s, through its last day', async (_what, today, through) => {
    const expected = upcomingReminders(book, today)
      .filter((e) => e.date <= through)
      .map(label);
    for (const limit of [1, 3, 50])
      expect([limit, await everyPage(today, limit, through).then((events) => events.map(label))]).toEqual([
        limit,
        expected,
      ]);
  });
});
