import ical, { type VEvent } from 'node-ical';
import { clientInput } from '../../testing/factories';
import { signedInAgent, type ApiClient } from '../../testing/local-api';
import { everyItem } from '../../testing/table';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started));

const feedPath = (url: string) => new URL(url).pathname;
const events = (text: string) =>
  Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c.type === 'VEVENT');
const occurrences = (event: VEvent, from: string, to: string) =>
  event
    .rrule!.between(new Date(`${from}T00:00:00Z`), new Date(`${to}T23:59:59Z`), true)
    .map((d) => d.toISOString().slice(0, 10));

async function agentWithFeed(clients: Array<Record<string, unknown>>) {
  const agent = await signedInAgent(api);
  for (const client of clients) expect((await agent.client.post('/api/clients', clientInput(client))).status).toBe(201);
  const created = await agent.client.post('/api/user/calendar-secret');
  expect(created.status).toBe(201);
  return { ...agent, feedUrl: created.body.url as string };
}

/** A calendar app: no cookie, no Origin. */
const calendarApp = (): ApiClient => api.client();

describe('the calendar feed', () => {
  it('serves every client key date as a yearly all-day event, with 29 February on the 28th in common years', async () => {
    // Prepare
    const { feedUrl } = await agentWithFeed([
      { name: 'Maria Lopez', birthday: '1985-04-12', anniversary: '2010-06-01', purchaseDate: '2019-05-03' },
      { name: 'Leap Baby', birthday: '1988-02-29' },
    ]);

    // Act
    const res = await calendarApp().get(feedPath(feedUrl), { noOrigin: true });

    // Assess
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const parsed = events(res.text);
    expect(parsed.map((e) => e.summary).sort()).toEqual([
      'Anniversary: Maria Lopez',
      'Birthday: Leap Baby',
      'Birthday: Maria Lopez',
      'Home anniversary: Maria Lopez',
    ]);
    for (const event of parsed) {
      expect(event.datetype).toBe('date');
      expect(event.rrule?.origOptions.freq).toBe(0); // RRule.YEARLY
    }
    const leap = parsed.find((e) => e.summary === 'Birthday: Leap Baby')!;
    expect(occurrences(leap, '2026-01-01', '2028-12-31')).toEqual(['2026-02-28', '2027-02-28', '2028-02-29']);
    const home = parsed.find((e) => e.summary === 'Home anniversary: Maria Lopez')!;
    expect(occurrences(home, '2019-01-01', '2020-12-31')).toEqual(['2020-05-03']);
  });

  it("shows only the agent's own clients", async () => {
    // Prepare
    await agentWithFeed([{ name: 'Someone Else', birthday: '1970-01-01' }]);
    const { feedUrl } = await agentWithFeed([{ name: 'Mine Only', birthday: '1971-01-01' }]);

    // Act
    const res = await calendarApp().get(feedPath(feedUrl), { noOrigin: true });

    // Assess
    expect(events(res.text).map((e) => e.summary)).toEqual(['Birthday: Mine Only']);
  });

  it('shows the URL again in Settings, and stores the secret only hashed or encrypted', async () => {
    // Prepare
    const { client, feedUrl } = await agentWithFeed([]);
    const secret = feedPath(feedUrl)
      .split('/')
      .pop()!
      .replace(/\.ics$/, '');

    // Act
    const status = await client.get('/api/user/calendar');
    const everything = JSON.stringify(await everyItem());

    // Assess
    expect(status.body).toEqual({ exists: true, url: feedUrl, createdAt: expect.any(String) });
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(everything).not.toContain(secret);
  });

  it('stops answering the old URL once the agent rotates it, and answers the new one', async () => {
    // Prepare
    const { client, feedUrl: oldUrl } = await agentWithFeed([{ name: 'Rotated', birthday: '1980-05-05' }]);

    // Act
    const rotated = await client.post('/api/user/calendar-secret');

    // Assess
    expect(rotated.status).toBe(201);
    expect(rotated.body.url).not.toBe(oldUrl);
    expect((await calendarApp().get(feedPath(oldUrl), { noOrigin: true })).status).toBe(404);
    expect((await calendarApp().get(feedPath(rotated.body.url), { noOrigin: true })).status).toBe(200);
    expect((await client.get('/api/user/calendar')).body.url).toBe(rotated.body.url);
  });

  it('stops the feed when the agent turns it off', async () => {
    // Prepare
    const { client, feedUrl } = await agentWithFeed([]);

    // Act
    const removed = await client.delete('/api/user/calendar-secret');

    // Assess
    expect(removed.status).toBe(204);
    expect((await calendarApp().get(feedPath(feedUrl), { noOrigin: true })).status).toBe(404);
    expect((await client.get('/api/user/calendar')).body).toEqual({ exists: false, url: null, createdAt: null });
  });

  it('says there is no feed before one is created', async () => {
    const { client } = await signedInAgent(api);
    expect((await client.get('/api/user/calendar')).body).toEqual({ exists: false, url: null, createdAt: null });
  });

  it.each([
    ['no .ics suffix', (s: string) => s],
    ['another suffix', (s: string) => `${s}.ical`],
    ['a secret one character short', (s: string) => `${s.slice(1)}.ics`],
    ['a made-up secret', () => `${'A'.repeat(43)}.ics`],
    ['a path-like name', () => '..%2F..%2Fetc.ics'],
  ])('answers 404 for %s', async (_label, file) => {
    // Prepare
    const { feedUrl } = await agentWithFeed([{ birthday: '1980-01-01' }]);
    const secret = feedPath(feedUrl)
      .split('/')
      .pop()!
      .replace(/\.ics$/, '');

    // Act
    const res = await calendarApp().get(`/api/calendar/${file(secret)}`, { noOrigin: true });

    // Assess
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('BEGIN:VCALENDAR');
  });

  it('lets only a signed-in agent create or see a feed', async () => {
    expect((await api.client().post('/api/user/calendar-secret')).status).toBe(401);
    expect((await api.client().get('/api/user/calendar')).status).toBe(401);
  });
});
