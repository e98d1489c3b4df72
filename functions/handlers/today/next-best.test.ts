// Today's next best touch through the API: the day's list (its limit, the free plan's cut, the drafts), the three
// answers to an item (done, snooze, dismiss) with their validation and tenancy, the days a hidden client comes back,
// and referrals (the client form's referrer, the referral link of the directory registration, the relationship line
// and the referral insights). The ranking's own rules are functions/domain/next-best.test.ts's.
import type { Client, ClientActivity } from '@shared/api-types';
import { CLIENT_MESSAGES } from '@shared/client-schema';
import { addDays, todayIn } from '@shared/dates';
import type { ClientRelationship, NextBestItem, NextBestList, ReferralInsights } from '@shared/next-best';
import { NEXT_BEST_MESSAGES } from '@shared/next-best-requests';
import { changeClient } from '../../client-record/record';
import { setProStatus } from '../../data/users';
import { clientInput } from '../../testing/factories';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';
import { signedInRealtor } from '../../testing/invitations';
import { signedInAgent, tokenOf, type ApiClient, allClients } from '../../testing/local-api';
import { fakeDate } from '../../testing/sending';

let api: HandlerApi;
useHandlerApi((started) => (api = started));

const ZONE = 'America/Chicago';
const today = () => todayIn(ZONE);
/** A birthday (of 1980) on the agent's today: the simplest reason to be on the list. */
const birthdayToday = () => ({ birthday: `1980-${today().slice(5)}` });

async function agentIn({ pro = false, realtor = false } = {}) {
  const signed = realtor ? await signedInRealtor(api) : await signedInAgent(api);
  if (pro) await setProStatus(signed.user.id, true);
  expect((await signed.client.patch('/api/user/preferences', { timeZone: ZONE })).status).toBe(200);
  return signed;
}

async function add(client: ApiClient, fields: Record<string, unknown> = {}): Promise<Client> {
  const res = await client.post('/api/clients', clientInput(fields));
  expect([res.status, res.text.slice(0, 300)]).toEqual([201, expect.any(String)]);
  return res.body as Client;
}

/** A client last called 100 days ago: overdue against any tier's rhythm, today and for weeks to come. */
async function addOverdue(client: ApiClient, fields: Record<string, unknown> = {}): Promise<Client> {
  const made = await add(client, fields);
  const touch = await client.post(`/api/clients/${made.id}/touches`, { kind: 'call', date: addDays(today(), -100) });
  expect(touch.status).toBe(201);
  return made;
}

async function nextBest(client: ApiClient, query = ''): Promise<NextBestList> {
  const res = await client.get(`/api/today/next-best${query}`);
  expect([res.status, res.text.slice(0, 300)]).toEqual([200, expect.any(String)]);
  return res.body as NextBestList;
}
const listedIds = async (client: ApiClient) => (await nextBest(client, '?limit=60')).items.map((item) => item.clientId);

const answer = (client: ApiClient, id: string, action: 'done' | 'snooze' | 'dismiss', body: unknown = {}) =>
  client.post(`/api/today/next-best/${id}/${action}`, body);

async function relationship(client: ApiClient, id: string): Promise<ClientRelationship> {
  const res = await client.get(`/api/clients/${id}/relationship`);
  expect([res.status, res.text.slice(0, 300)]).toEqual([200, expect.any(String)]);
  return res.body as ClientRelationship;
}

async function touchesOf(client: ApiClient, id: string) {
  const res = await client.get(`/api/clients/${id}/messages`);
  expect(res.status).toBe(200);
  return (res.body as ClientActivity).activity.filter((entry) => entry.type === 'touch');
}

describe('GET /api/today/next-best', () => {
  let pro: Awaited<ReturnType<typeof agentIn>>;
  let birthdays: Client[];
  let caller: Client;
  beforeAll(async () => {
    pro = await agentIn({ pro: true });
    birthdays = [];
    for (let i = 0; i < 10; i += 1) birthdays.push(await add(pro.client, birthdayToday()));
    // E-mail stopped and no consent to texts: only a call reaches them.
    caller = await add(pro.client, birthdayToday());
    await changeClient(pro.user.id, caller.id, { kind: 'opt-out', channel: 'email' });
  });

  it('gives the agent’s list for their date, 10 by default, each item saying why and how', async () => {
    const list = await nextBest(pro.client);
    expect(list).toMatchObject({ date: today(), total: 11, limited: false });
    expect(list.items).toHaveLength(10);
    // All eleven weigh the same: in the order of their ids.
    const ids = [...birthdays, caller].map((c) => c.id).sort();
    expect(list.items.map((item) => item.clientId)).toEqual(ids.slice(0, 10));
    const first = birthdays.find((c) => c.id === ids[0]) ?? caller;
    expect(list.items[0]).toEqual({
      clientId: first.id,
      name: first.name,
      score: 40,
      reasons: [{ code: 'key-date', text: 'Birthday today' }],
      channel: first.id === caller.id ? 'call' : 'email',
      draftable: first.id !== caller.id,
      tier: 'other',
      rhythmDays: 60,
      email: first.id === caller.id ? null : first.email,
      phone: first.phone,
      draft: { occasion: 'check-in', instructions: 'Why now: Birthday today.' },
    } satisfies NextBestItem);
  });

  it('gives up to `limit` items, and a Pro account the drafts for a client who can be e-mailed or texted', async () => {
    expect((await nextBest(pro.client, '?limit=2')).items).toHaveLength(2);
    const all = await nextBest(pro.client, '?limit=60');
    expect(all.items).toHaveLength(11);
    expect(all.items.map((item) => [item.channel, item.draftable])).toEqual(
      all.items.map((item) => (item.clientId === caller.id ? ['call', false] : ['email', true])),
    );
  });

  it.each(['0', '61', 'abc', '', '1.5'])('refuses limit=%p with 400', async (limit) => {
    const res = await pro.client.get(`/api/today/next-best?limit=${limit}`);
    expect([res.status, res.body.message]).toEqual([400, NEXT_BEST_MESSAGES.limit]);
  });

  it('shows a free account the first 3, cut, without drafts', async () => {
    const free = await agentIn();
    for (let i = 0; i < 5; i += 1) await add(free.client, birthdayToday());
    const list = await nextBest(free.client, '?limit=60');
    expect(list).toMatchObject({ total: 5, limited: true });
    expect(list.items.map((item) => item.draftable)).toEqual([false, false, false]);
  });
});

describe('answering an item', () => {
  let agent: Awaited<ReturnType<typeof agentIn>>;
  let stranger: Awaited<ReturnType<typeof agentIn>>;
  const clients: Record<string, Client> = {};
  beforeAll(async () => {
    [agent, stranger] = [await agentIn({ pro: true }), await agentIn()];
    for (const name of ['done', 'snoozed', 'not-relevant', 'elsewhere', 'wrong-cadence', 'kept'])
      clients[name] = await add(agent.client, { ...birthdayToday(), name: `Client ${name}` });
    clients.rhythm = await add(agent.client, { ...birthdayToday(), cadenceDays: 30 });
    // The day's list is computed now: every answer below takes its client off it.
    expect(await listedIds(agent.client)).toHaveLength(7);
  });

  it('done: logs a touch now, and the client leaves the list', async () => {
    const { id } = clients.done!;
    const res = await answer(agent.client, id, 'done');
    expect([res.status, res.body]).toEqual([200, { clientId: id, action: 'done', touchLogged: true }]);
    expect(await listedIds(agent.client)).not.toContain(id);
    expect(await touchesOf(agent.client, id)).toEqual([
      expect.objectContaining({ kind: 'note', note: 'Done from Today' }),
    ]);
    expect(await relationship(agent.client, id)).toMatchObject({
      strength: 2,
      level: 'cooling',
      lastTouchAt: expect.any(String),
    });
  });

  it('snooze: off the list until that many days from today', async () => {
    const { id } = clients.snoozed!;
    const res = await answer(agent.client, id, 'snooze', { days: 7 });
    expect([res.status, res.body]).toEqual([
      200,
      { clientId: id, action: 'snooze', until: addDays(today(), 7), touchLogged: false },
    ]);
    expect(await listedIds(agent.client)).not.toContain(id);
    expect(await touchesOf(agent.client, id)).toEqual([]);
  });

  it.each([[{ days: 0 }], [{ days: 31 }], [{ days: 2.5 }], [{}]])('refuses a snooze of %p with 400', async (body) => {
    const res = await answer(agent.client, clients.kept!.id, 'snooze', body);
    expect([res.status, res.body.message]).toEqual([400, NEXT_BEST_MESSAGES.snooze]);
  });

  it('refuses days sent as text, and a reason that is not text, as any field of the wrong JSON type', async () => {
    const snooze = await answer(agent.client, clients.kept!.id, 'snooze', { days: '3' });
    expect([snooze.status, snooze.body.code, Object.keys(snooze.body.errors)]).toEqual([
      400,
      'VALIDATION_FAILED',
      ['days'],
    ]);
    const dismiss = await answer(agent.client, clients.kept!.id, 'dismiss', { reason: 1 });
    expect([dismiss.status, dismiss.body.code, Object.keys(dismiss.body.errors)]).toEqual([
      400,
      'VALIDATION_FAILED',
      ['reason'],
    ]);
  });

  it('dismiss as not relevant: off the list for the client’s rhythm (their own, else their tier’s)', async () => {
    const tier = await answer(agent.client, clients['not-relevant']!.id, 'dismiss', { reason: 'not-relevant' });
    expect([tier.status, tier.body]).toEqual([
      200,
      { clientId: clients['not-relevant']!.id, action: 'dismiss', until: addDays(today(), 60), touchLogged: false },
    ]);
    const own = await answer(agent.client, clients.rhythm!.id, 'dismiss', { reason: 'not-relevant' });
    expect(own.body.until).toBe(addDays(today(), 30));
    const listed = await listedIds(agent.client);
    expect(listed).not.toContain(clients['not-relevant']!.id);
    expect(listed).not.toContain(clients.rhythm!.id);
  });

  it('dismiss as contacted elsewhere: logs the touch', async () => {
    const { id } = clients.elsewhere!;
    const res = await answer(agent.client, id, 'dismiss', { reason: 'contacted-elsewhere' });
    expect([res.status, res.body]).toEqual([200, { clientId: id, action: 'dismiss', touchLogged: true }]);
    expect(await listedIds(agent.client)).not.toContain(id);
    expect(await touchesOf(agent.client, id)).toEqual([
      expect.objectContaining({ kind: 'note', note: 'Contacted elsewhere (from Today)' }),
    ]);
  });

  it('dismiss as the wrong rhythm: off the list until tomorrow', async () => {
    const { id } = clients['wrong-cadence']!;
    const res = await answer(agent.client, id, 'dismiss', { reason: 'wrong-cadence' });
    expect([res.status, res.body]).toEqual([
      200,
      { clientId: id, action: 'dismiss', until: addDays(today(), 1), touchLogged: false },
    ]);
    expect(await listedIds(agent.client)).not.toContain(id);
  });

  it.each([[{ reason: 'busy' }], [{}]])('refuses a dismissal of %p with 400', async (body) => {
    const res = await answer(agent.client, clients.kept!.id, 'dismiss', body);
    expect([res.status, res.body.message]).toEqual([400, NEXT_BEST_MESSAGES.dismiss]);
  });

  it('answers 404 for another agent’s client and for an unknown one, and changes nothing', async () => {
    const { id } = clients.kept!;
    const answers = [
      ['done', {}],
      ['snooze', { days: 3 }],
      ['dismiss', { reason: 'contacted-elsewhere' }],
    ] as const;
    for (const [action, body] of answers) {
      expect([action, (await answer(stranger.client, id, action, body)).status]).toEqual([action, 404]);
      expect([action, (await answer(agent.client, 'NoSuchClient1', action, body)).status]).toEqual([action, 404]);
    }
    expect(await listedIds(agent.client)).toContain(id);
    expect(await touchesOf(agent.client, id)).toEqual([]);
  });
});

describe('a hidden client', () => {
  afterEach(() => jest.useRealTimers());

  it('is back on the list the day the snooze or dismissal ends', async () => {
    const { client } = await agentIn({ pro: true });
    const [kept, snoozed, wrongCadence, notRelevant] = [
      await addOverdue(client),
      await addOverdue(client),
      await addOverdue(client),
      await addOverdue(client, { cadenceDays: 30 }),
    ];
    const ids = (...clients: Client[]) => clients.map((c) => c.id).sort();
    expect((await listedIds(client)).sort()).toEqual(ids(kept, snoozed, wrongCadence, notRelevant));
    await answer(client, snoozed.id, 'snooze', { days: 7 });
    await answer(client, wrongCadence.id, 'dismiss', { reason: 'wrong-cadence' });
    await answer(client, notRelevant.id, 'dismiss', { reason: 'not-relevant' });
    expect(await listedIds(client)).toEqual([kept.id]);
    // Noon in Chicago that many days on: the first read of each day computes its list.
    const start = today();
    const daysOn = (days: number) => fakeDate(new Date(`${addDays(start, days)}T18:00:00.000Z`));
    daysOn(1);
    expect((await listedIds(client)).sort()).toEqual(ids(kept, wrongCadence));
    daysOn(7);
    expect((await listedIds(client)).sort()).toEqual(ids(kept, snoozed, wrongCadence));
  });
});

describe('referrals', () => {
  let agent: Awaited<ReturnType<typeof agentIn>>;
  let stranger: Awaited<ReturnType<typeof agentIn>>;
  let ava: Client;
  let ben: Client;
  let cy: Client;
  beforeAll(async () => {
    [agent, stranger] = [await agentIn({ pro: true, realtor: true }), await agentIn()];
    ava = await add(agent.client, { name: 'Ava Brooks' });
  });

  it('credits the referrer of a client added: a Fan after one referral, an Advocate after two', async () => {
    ben = await add(agent.client, { name: 'Ben Carter', referredBy: ava.id });
    expect(ben.referredBy).toBe(ava.id);
    expect(await relationship(agent.client, ava.id)).toMatchObject({ referrals: 1, tier: 'fan' });
    cy = await add(agent.client, { name: 'Cy Diaz', referredBy: ava.id });
    expect(await relationship(agent.client, ava.id)).toMatchObject({ referrals: 2, tier: 'advocate' });
  });

  it('shows who referred the client and the client’s own referral link', async () => {
    const line = await relationship(agent.client, ben.id);
    expect(line).toMatchObject({
      strength: 0,
      level: 'cold',
      tier: 'other',
      referrals: 0,
      referredBy: { id: ava.id, name: 'Ava Brooks' },
      lastTouchAt: null,
    });
    const link = new URL(line.referralLink);
    expect([link.pathname, link.searchParams.get('agentId'), link.searchParams.get('ref')]).toEqual([
      '/client-registration',
      agent.user.id,
      ben.id,
    ]);
    expect((await relationship(agent.client, ava.id)).referredBy).toBeNull();
  });

  it('puts the referrer on Today with a thank-you draft', async () => {
    const item = (await nextBest(agent.client)).items.find((i) => i.clientId === ava.id);
    expect(item).toMatchObject({
      score: 55,
      tier: 'advocate',
      reasons: [
        { code: 'thank-referrer', text: 'Referred Cy Diaz to you: thank them' },
        { code: 'tier', text: 'Advocate: 2 referrals' },
      ],
      draft: { occasion: 'thank-referrer' },
    });
  });

  it('refuses a referrer who is not another of the agent’s clients', async () => {
    const theirs = await add(stranger.client);
    for (const referredBy of [theirs.id, 'NoSuchClient1']) {
      const res = await agent.client.post('/api/clients', clientInput({ referredBy }));
      expect([referredBy, res.status, res.body.message]).toEqual([referredBy, 400, CLIENT_MESSAGES.referredBy]);
    }
    const self = await agent.client.patch(`/api/clients/${ben.id}`, { referredBy: ben.id });
    expect([self.status, self.body.message]).toEqual([400, CLIENT_MESSAGES.referredBy]);
    expect(await relationship(agent.client, ben.id)).toMatchObject({ referredBy: { id: ava.id } });
  });

  it('moves the credit when the form changes the referrer, and takes it back when it is cleared', async () => {
    expect((await agent.client.patch(`/api/clients/${cy.id}`, { referredBy: ben.id })).status).toBe(200);
    expect(await relationship(agent.client, ava.id)).toMatchObject({ referrals: 1, tier: 'fan' });
    expect(await relationship(agent.client, ben.id)).toMatchObject({ referrals: 1, tier: 'fan' });
    expect((await agent.client.patch(`/api/clients/${cy.id}`, { referredBy: null })).status).toBe(200);
    expect(await relationship(agent.client, ben.id)).toMatchObject({ referrals: 0, tier: 'other' });
    expect((await agent.client.patch(`/api/clients/${cy.id}`, { referredBy: ava.id })).status).toBe(200);
    expect(await relationship(agent.client, ava.id)).toMatchObject({ referrals: 2, tier: 'advocate' });
  });

  it('credits the referrer of a directory registration made through their link once it is accepted or confirmed', async () => {
    // The answer names a submission, not the client: the agent finds the pending client in their list.
    const register = async (ref: string) => {
      const person = clientInput();
      const res = await api.client().post('/api/client-registration', { agentId: agent.user.id, ref, ...person });
      expect(res.status).toBe(201);
      const list = (await allClients(agent.client)) as Client[];
      return list.find((c) => c.email === person.email)!;
    };
    const accepted = await register(ava.id);
    const confirmed = await register(ava.id);
    // Another agent's client in the link credits no one.
    const foreign = await register((await add(stranger.client)).id);
    expect((await relationship(agent.client, ava.id)).referrals).toBe(2);
    for (const { id } of [accepted, foreign])
      expect((await agent.client.post(`/api/clients/${id}/accept-registration`, {})).status).toBe(200);
    expect((await relationship(agent.client, ava.id)).referrals).toBe(3);
    // The client confirms from the e-mail instead.
    const mail = (await api.outbox()).filter((m) => m.to === confirmed.email && m.text.includes('#token=')).at(-1);
    const link = /https?:\/\/\S+/.exec(mail?.text ?? '')![0];
    expect((await api.client().post('/api/client-registration/confirm', { token: tokenOf(link) })).status).toBe(200);
    expect(await relationship(agent.client, ava.id)).toMatchObject({ referrals: 4, tier: 'advocate' });
    expect((await relationship(agent.client, accepted.id)).referredBy).toEqual({ id: ava.id, name: 'Ava Brooks' });
    expect((await relationship(agent.client, foreign.id)).referredBy).toBeNull();
  });

  it('answers 404 for another agent’s client’s relationship', async () => {
    expect((await stranger.client.get(`/api/clients/${ava.id}/relationship`)).status).toBe(404);
    expect((await agent.client.get('/api/clients/NoSuchClient1/relationship')).status).toBe(404);
  });

  describe('GET /api/insights/referrals', () => {
    it('is for Pro: 403 PRO_REQUIRED on a free account', async () => {
      const res = await stranger.client.get('/api/insights/referrals');
      expect([res.status, res.body.code]).toEqual([403, 'PRO_REQUIRED']);
    });

    it('gives the top referrers, the referred clients of the last 12 months, and the touches of the last 8 weeks', async () => {
      // Acted on: the referrer thanked from Today.
      expect((await answer(agent.client, ava.id, 'done')).status).toBe(200);
      const res = await agent.client.get('/api/insights/referrals');
      expect(res.status).toBe(200);
      const insights = res.body as ReferralInsights;
      expect(insights.topReferrers).toEqual([{ clientId: ava.id, name: 'Ava Brooks', referrals: 4, tier: 'advocate' }]);
      expect(insights.byMonth).toHaveLength(12);
      expect(insights.byMonth.at(-1)?.month).toBe(today().slice(0, 7));
      expect(insights.byMonth.reduce((sum, month) => sum + month.referred, 0)).toBe(4);
      expect(insights.weeks).toHaveLength(8);
      const monday = addDays(today(), -((new Date(`${today()}T12:00:00Z`).getUTCDay() + 6) % 7));
      expect(insights.weeks.at(-1)).toEqual({ week: monday, suggested: 1, acted: 1 });
      expect(insights.weeks.slice(0, 7).every((week) => week.suggested === 0 && week.acted === 0)).toBe(true);
    });
  });
});
