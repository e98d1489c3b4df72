// The daily caps on what agents send to clients, the SMS country allow-list and agent text shown
// as data: through the API against the emulators, the provider failures mocked.
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { resetConfig } from '../config';
import { clientInput } from '../testing/factories';
import { signedInRealtor } from '../testing/invitations';
import { signedInAgent, startTestApi, type ApiClient, type TestApi } from '../testing/local-api';
import { reserveSend } from './outbound-caps';

const PLACE_ID = 'ChIJN1t_tDeuEmsRUsoyG83frY4';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const SETTINGS = ['DAILY_EMAIL_LIMIT', 'DAILY_SMS_LIMIT', 'SMS_ALLOWED_COUNTRIES', 'MAIL_PROVIDER'] as const;
function setEnv(values: Partial<Record<(typeof SETTINGS)[number], string>>) {
  Object.assign(process.env, values);
  resetConfig();
}
afterEach(() => {
  for (const name of SETTINGS) if (name !== 'MAIL_PROVIDER') delete process.env[name];
  process.env.MAIL_PROVIDER = 'outbox';
  resetConfig();
});

let invitee = 0;
const invite = (agent: ApiClient) => {
  invitee += 1;
  return agent.post('/api/client-invitations', {
    name: `Invitee ${invitee}`,
    email: `invitee${invitee}.${Date.now()}@example.com`,
  });
};

async function agentWithClients(phones: string[]) {
  const agent = await signedInAgent(api);
  await agent.client.patch('/api/user/business', {
    googlePlaceId: PLACE_ID,
    businessName: 'Rivera Home Group',
    businessLocation: 'Austin, TX',
  });
  const ids: string[] = [];
  for (const phone of phones)
    ids.push((await agent.client.post('/api/clients', clientInput({ phone }))).body.id as string);
  return { ...agent, ids };
}
const requestReview = (agent: ApiClient, clientId: string) => agent.post(`/api/clients/${clientId}/request-review`);
const textsTo = async (e164: string) => (await api.outbox()).filter((m) => m.channel === 'sms' && m.to === e164);

describe('the daily e-mail cap', () => {
  it('refuses the e-mail past the cap with 429 DAILY_LIMIT, saying when it resets, and sends nothing', async () => {
    setEnv({ DAILY_EMAIL_LIMIT: '2' });
    const agent = await signedInAgent(api);
    expect((await invite(agent.client)).status).toBe(201);
    expect((await invite(agent.client)).status).toBe(201);
    const before = (await api.outbox()).length;
    const refused = await invite(agent.client);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('DAILY_LIMIT');
    expect(refused.body.message).toMatch(
      /^You have sent today's limit of 2 e-mails to clients\. It resets at midnight UTC \(\d{1,2}:\d{2} [AP]M your time\)\.$/,
    );
    const retryAfter = Number(refused.headers.get('retry-after'));
    const secondsToMidnightUtc =
      (Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`) + 86_400_000 - Date.now()) / 1000;
    expect(Math.abs(retryAfter - secondsToMidnightUtc)).toBeLessThan(120);
    expect((await api.outbox()).length).toBe(before);
    // Per agent: another agent still sends.
    expect((await invite((await signedInAgent(api)).client)).status).toBe(201);
  });

  it('counts review requests against the same cap, and a refused one leaves the client as it was', async () => {
    setEnv({ DAILY_EMAIL_LIMIT: '2' });
    const agent = await agentWithClients(['(512) 555-0101', '(512) 555-0102']);
    expect((await invite(agent.client)).status).toBe(201);
    expect((await requestReview(agent.client, agent.ids[0]!)).status).toBe(200);
    const refused = await requestReview(agent.client, agent.ids[1]!);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('DAILY_LIMIT');
    const clients = (await agent.client.get('/api/clients')).body as { id: string; reviewStatus: string }[];
    expect(clients.find((c) => c.id === agent.ids[1])?.reviewStatus).toBe('pending');
  });

  it('does not count a review request that is refused for another reason (too soon)', async () => {
    setEnv({ DAILY_EMAIL_LIMIT: '2' });
    const agent = await agentWithClients(['(512) 555-0103', '(512) 555-0104']);
    expect((await requestReview(agent.client, agent.ids[0]!)).status).toBe(200);
    expect((await requestReview(agent.client, agent.ids[0]!)).body.code).toBe('RATE_LIMITED');
    expect((await requestReview(agent.client, agent.ids[1]!)).status).toBe(200);
  });

  it('gives the slot back when the mail provider refuses the message', async () => {
    setEnv({ DAILY_EMAIL_LIMIT: '1' });
    const agent = await signedInAgent(api);
    const ses = mockClient(SESv2Client).rejects(new Error('Throttling: Maximum sending rate exceeded.'));
    setEnv({ MAIL_PROVIDER: 'ses' });
    try {
      expect((await invite(agent.client)).status).toBe(502);
      ses.resolves({ MessageId: 'm-1' });
      expect((await invite(agent.client)).status).toBe(201);
      expect((await invite(agent.client)).status).toBe(429);
    } finally {
      ses.restore();
    }
  });

  it('holds under parallel requests: exactly the cap is granted', async () => {
    setEnv({ DAILY_EMAIL_LIMIT: '5' });
    const agentId = `parallel-${Date.now()}`;
    const results = await Promise.all(Array.from({ length: 25 }, () => reserveSend(agentId, 'email')));
    expect(results.filter((r) => r.granted)).toHaveLength(5);
    expect((await reserveSend(agentId, 'sms')).granted).toBe(true);
  });
});

describe('the daily SMS cap and the country allow-list', () => {
  it('texts until the SMS cap, then e-mails only and says why', async () => {
    setEnv({ DAILY_SMS_LIMIT: '1' });
    const agent = await agentWithClients(['(512) 555-0111', '(512) 555-0112']);
    expect((await requestReview(agent.client, agent.ids[0]!)).body).toMatchObject({ emailed: true, texted: true });
    const second = await requestReview(agent.client, agent.ids[1]!);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ emailed: true, texted: false });
    expect(second.body.message).toContain("no text message: you have sent today's limit of 1 text messages");
    expect(await textsTo('+15125550112')).toHaveLength(0);
  });

  it('texts US and Canadian numbers only by default, and what SMS_ALLOWED_COUNTRIES lists', async () => {
    const agent = await agentWithClients(['+44 20 7946 0958', '(416) 555-0123', '(876) 555-0123']);
    const [uk, canada, jamaica] = agent.ids as [string, string, string];
    expect((await requestReview(agent.client, uk)).body.message).toContain(
      'no text message: text messages go only to numbers in US and CA',
    );
    expect((await requestReview(agent.client, jamaica)).body.texted).toBe(false);
    expect((await requestReview(agent.client, canada)).body.texted).toBe(true);
    expect(await textsTo('+442079460958')).toHaveLength(0);
    expect(await textsTo('+18765550123')).toHaveLength(0);

    setEnv({ SMS_ALLOWED_COUNTRIES: 'us' });
    const usOnly = await agentWithClients(['(416) 555-0124']);
    expect((await requestReview(usOnly.client, usOnly.ids[0]!)).body.message).toContain(
      'text messages go only to numbers in US)',
    );
  });

  it('refuses to turn on SMS digests for a number outside the allowed countries', async () => {
    setEnv({ SMS_ALLOWED_COUNTRIES: 'CA' });
    const agent = await signedInAgent(api, { phone: '(512) 555-0131' });
    const res = await agent.client.patch('/api/user/preferences', { sms: true });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Text messages go only to numbers in CA.',
      code: 'SMS_COUNTRY_NOT_ALLOWED',
      errors: { sms: 'Text messages go only to numbers in CA.' },
    });
  });
});

describe('agent text in our messages', () => {
  it('shows names and business names as data: cut, defanged, escaped, never a link', async () => {
    const realtor = await signedInRealtor(api, {
      businessName: `<b>Visit https://evil.example/login</b> ${'and more '.repeat(12)}`,
    });
    const email = `linkless.${Date.now()}@example.com`;
    expect(
      (await realtor.client.post('/api/client-invitations', { name: 'Pat www.phish.example', email })).status,
    ).toBe(201);
    const mail = (await api.outbox()).find((m) => m.to === email)!;
    for (const part of [mail.subject ?? '', mail.text, mail.html ?? '']) {
      expect(part).not.toMatch(/evil\.example|phish\.example|https:\/\/evil/);
    }
    expect(mail.text).toContain('Hi Pat www[.]phish[.]example,');
    expect(mail.subject).toContain('<b>Visit https[:]//evil[.]example/login</b> and more');
    expect(mail.subject).toContain('…');
    expect(mail.html).toContain('&lt;b&gt;Visit https[:]//evil[.]example/login&lt;/b&gt;');
    expect(mail.html?.match(/<a /g)).toHaveLength(2); // the invitation link and the agent's own address
  });
});
