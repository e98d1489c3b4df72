// The monthly home update (the automation occasion `home-update`, Pro), on FHFA's real figures (the shipped extract):
// the rule (Pro, e-mail only), the update drafted on the client's day once a month with the estimate, FHFA's line and
// a tracked link; sent, it counts toward the cadence; the link's click goes on the record, the timeline and the inbox;
// quarterly after 3 unclicked, stopped after 6 (the agent told once); no estimate, no update.
import type { Client, ClientActivity, Outgoing } from '@shared/api-types';
import { AUTOMATION_MESSAGES, SKIP_REASONS, type AutomationRule } from '@shared/automations';
import { FHFA_ATTRIBUTION } from '@shared/home-value';
import { changeClient } from '../../client-record/record';
import { getClient } from '../../data/clients';
import { getUserById } from '../../data/users';
import { HOME_UPDATE_CTA, homeUpdateDay } from '../../domain/home-update';
import { runAutomations } from '../../services/automations';
import { VALUATION_ASKED } from '../../services/home-updates';
import { clientInput, makePro } from '../../testing/factories';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';
import { useStoredHpiIndexes } from '../../testing/hpi-files';
import { signedInAgent, type ApiClient } from '../../testing/local-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started));
useStoredHpiIndexes();

const RULE: AutomationRule = {
  occasion: 'home-update',
  enabled: true,
  channel: 'email',
  mode: 'approve',
  sendTime: '09:00',
};

async function proAgentWithRule() {
  const agent = await signedInAgent(api);
  await makePro(agent.user.id);
  expect((await agent.client.put('/api/user/automations', { rules: [RULE] })).status).toBe(200);
  return { ...agent, user: (await getUserById(agent.user.id, true))! };
}

async function pastClient(client: ApiClient, fields: Record<string, unknown> = {}): Promise<Client> {
  const res = await client.post<Client>(
    '/api/clients',
    clientInput({
      address: '88 Barton Hills Dr, Austin, TX 78704',
      purchaseDate: '2015-05-20',
      purchasePrice: 400000,
      ...fields,
    }),
  );
  expect(res.status).toBe(201);
  return res.body;
}

/** The client's day in January 2027, as the agent's date. */
const dayFor = (client: Client) => `2027-01-${String(homeUpdateDay(client)).padStart(2, '0')}`;
const at = (date: string) => new Date(`${date}T13:00:00.000Z`);
const queue = async (client: ApiClient) => (await client.get<Outgoing>('/api/outgoing')).body.messages;
const activity = async (client: ApiClient, id: string) =>
  (await client.get<ClientActivity>(`/api/clients/${id}/messages`)).body.activity;

describe('the home update rule', () => {
  it('is Pro: a free account turning it on gets 403 PRO_REQUIRED, and it goes by e-mail only', async () => {
    const { client } = await signedInAgent(api);
    const free = await client.put('/api/user/automations', { rules: [RULE] });
    expect([free.status, free.body.code, free.body.message]).toEqual([
      403,
      'PRO_REQUIRED',
      AUTOMATION_MESSAGES.homeUpdatePro,
    ]);
    const bySms = await client.put('/api/user/automations', { rules: [{ ...RULE, enabled: false, channel: 'sms' }] });
    expect(bySms.status).toBe(400);
    expect(bySms.text).toContain(AUTOMATION_MESSAGES.homeUpdateEmail);
  });
});

describe('a monthly home update', () => {
  it("is drafted on the client's day with the estimate, FHFA's line and a tracked link; a click goes on the record, the timeline and the inbox", async () => {
    const { client, user } = await proAgentWithRule();
    const home = await pastClient(client);
    const date = dayFor(home);
    // The day before the client's day, nothing.
    const before = `2027-01-${String(homeUpdateDay(home) - 1).padStart(2, '0')}`;
    if (homeUpdateDay(home) > 1) await runAutomations(user, before, at(before));
    expect(await queue(client)).toEqual([]);

    const run = await runAutomations(user, date, at(date));
    expect(run).toMatchObject({ due: 1, awaiting: 1 });
    const [waiting] = await queue(client);
    expect(waiting).toMatchObject({ occasion: 'home-update', status: 'awaiting-approval', clientId: home.id });
    expect(waiting!.body).toMatch(/estimate of your home's value: \$\d{3},000 to \$\d{3},000\./);
    expect(waiting!.body).toContain(HOME_UPDATE_CTA);
    expect(waiting!.body).toContain(FHFA_ATTRIBUTION);
    // Once a month: the same day again makes nothing new.
    expect(await runAutomations(user, date, at(date))).toMatchObject({ awaiting: 0, existing: 1 });

    const approved = await client.post(`/api/outgoing/${waiting!.id}/approve`, {});
    expect(approved.status).toBe(200);
    const mail = (await api.outbox()).find((m) => m.to === home.email && m.subject?.startsWith("Your home's value"))!;
    expect(mail.text).toContain(FHFA_ATTRIBUTION);
    expect(mail.headers?.['List-Unsubscribe']).toBeDefined();
    // Counted when it left (now, by the real clock), toward the cadence.
    const sentMonth = new Date().toISOString().slice(0, 7);
    expect((await getClient(user.id, home.id))!.homeUpdate).toMatchObject({ unclicked: 1, lastSentMonth: sentMonth });

    const link = new RegExp(`${api.url}/api/home-valuation/[A-Za-z0-9_-]+`).exec(mail.text)![0];
    const clicked = await api.client().get(new URL(link).pathname);
    expect(clicked.status).toBe(302);
    const page = new URL(clicked.headers.get('location')!);
    expect([page.pathname, page.searchParams.get('agent')]).toEqual(['/home-valuation', user.fullName]);
    const after = (await getClient(user.id, home.id))!;
    expect(after.homeUpdate).toMatchObject({ unclicked: 0, lastClickAt: expect.any(String) });
    expect(after.interest).toBeGreaterThan(1);
    const timeline = await activity(client, home.id);
    expect(timeline.some((item) => 'body' in item && item.body === VALUATION_ASKED)).toBe(true);
    const inbox = await client.get<{ conversations: Array<{ clientId: string; unread: boolean }> }>(
      '/api/conversations',
    );
    expect(inbox.body.conversations.find((c) => c.clientId === home.id)).toMatchObject({ unread: true });
    expect((await api.client().get('/api/home-valuation/not-a-known-token-at-all')).status).toBe(404);
  });

  it('goes quarterly after 3 without a click and stops after 6, telling the agent once', async () => {
    const { client, user } = await proAgentWithRule();
    const home = await pastClient(client);
    const date = dayFor(home);
    for (const month of ['2026-10', '2026-11', '2026-12'])
      await changeClient(user.id, home.id, { kind: 'home-update-sent', month });
    expect(await runAutomations(user, date, at(date))).toMatchObject({ due: 0, awaiting: 0 });

    for (const month of ['2027-01', '2027-02', '2027-03'])
      await changeClient(user.id, home.id, { kind: 'home-update-sent', month });
    const april = date.replace('2027-01', '2027-04');
    await runAutomations(user, april, at(april));
    await runAutomations(user, april, at(april));
    const skipped = (await activity(client, home.id)).filter(
      (item) => 'problem' in item && item.problem === SKIP_REASONS.homeUpdatesStopped,
    );
    expect(skipped).toHaveLength(1);
    expect(await queue(client)).toEqual([]);
  });

  it('is skipped, saying why, when there is no estimate for the client', async () => {
    const { client, user } = await proAgentWithRule();
    // A ZIP area with no index of its own and no state: no estimate.
    const home = await pastClient(client, { address: '1 Nowhere Rd, Somewhere 00001' });
    const date = dayFor(home);
    expect(await runAutomations(user, date, at(date))).toMatchObject({ skipped: { 'no-estimate': 1 } });
    const items = await activity(client, home.id);
    expect(items.some((item) => 'problem' in item && item.problem === SKIP_REASONS.noEstimate)).toBe(true);
  });
});
