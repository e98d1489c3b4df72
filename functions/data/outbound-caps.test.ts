// The daily caps on what agents send to clients, the SMS country allow-list and agent text shown
// as data: through the API against the emulators, the provider failures mocked.
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { ageAccount, clientInput, grantSmsConsent, makePro } from '../testing/factories';
import { zoneAtLocalHour } from '../testing/sending';
import { signedInRealtor } from '../testing/invitations';
import { useSettings } from '../testing/settings';
import { signedInAgent, type ApiClient, type ApiResponse, allClients } from '../testing/local-api';
import { countSoFar, reserveSend } from './outbound-caps';
import { platformSendCountKey } from './keys/counters';
import { useHandlerApi, type HandlerApi } from '../testing/handler-api';

const PLACE_ID = 'ChIJN1t_tDeuEmsRUsoyG83frY4';

let api: HandlerApi;
useHandlerApi((started) => (api = started));

/** The settings the tests change, put back after each: the caps and the allowed countries unset, mail to the outbox. */
const setEnv = useSettings({
  DAILY_EMAIL_LIMIT: undefined,
  DAILY_SMS_LIMIT: undefined,
  FREE_DAILY_EMAIL_LIMIT: undefined,
  PLATFORM_DAILY_EMAIL_LIMIT: undefined,
  FREE_PLATFORM_SHARE_PERCENT: undefined,
  SMS_ALLOWED_COUNTRIES: undefined,
  MAIL_PROVIDER: 'outbox',
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
  for (const phone of phones) {
    // Texted by the review request: awake (the text goes at once) and agreed to texts.
    const created = await agent.client.post('/api/clients', clientInput({ phone, timeZone: zoneAtLocalHour(12) }));
    await grantSmsConsent(agent.user.id, created.body.id as string);
    ids.push(created.body.id as string);
  }
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
    const clients = (await allClients(agent.client)) as { id: string; reviewStatus: string }[];
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
    const agentId = `parallel-${Date.now()}`;
    const results = await Promise.all(Array.from({ length: 25 }, () => reserveSend(agentId, 'email', 5)));
    expect(results.filter((r) => r.granted)).toHaveLength(5);
    expect((await reserveSend(agentId, 'sms', 5)).granted).toBe(true);
  });
});

async function agentWithOneClient() {
  const agent = await signedInAgent(api);
  const clientId = (await agent.client.post('/api/clients', clientInput())).body.id as string;
  const email = () =>
    agent.client.post(`/api/clients/${clientId}/messages`, {
      channel: 'email',
      subject: 'Hello',
      body: 'Checking in.',
    });
  return { ...agent, clientId, email };
}

async function sendUntilRefused(email: () => Promise<{ status: number; body: Record<string, unknown> }>, most: number) {
  for (let sent = 0; sent <= most; sent += 1) {
    const res = await email();
    if (res.status !== 201) return { sent, refused: res };
  }
  throw new Error(`more than ${most} e-mails were sent`);
}

describe('caps by trust', () => {
  it("refuses a new free account's 21st e-mail of the day, and deleting and re-adding the client gives no slot back", async () => {
    const agent = await agentWithOneClient();
    const { sent, refused } = await sendUntilRefused(agent.email, 21);
    expect(sent).toBe(20);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('DAILY_LIMIT');
    expect(refused.body.message).toMatch(
      /^You have sent today's limit of 20 e-mails to clients\. It resets at midnight UTC/,
    );
    expect((await agent.client.delete(`/api/clients/${agent.clientId}`)).status).toBe(204);
    const again = (await agent.client.post('/api/clients', clientInput())).body.id as string;
    const res = await agent.client.post(`/api/clients/${again}/messages`, {
      channel: 'email',
      subject: 'Hello',
      body: 'Checking in.',
    });
    expect(res.status).toBe(429);
  });

  it('gives a free account older than 7 days the free cap, and Pro its own (small configured values)', async () => {
    setEnv({ FREE_DAILY_EMAIL_LIMIT: '22', DAILY_EMAIL_LIMIT: '23' });
    const older = await agentWithOneClient();
    await ageAccount(older.user.id, 8);
    expect((await sendUntilRefused(older.email, 23)).sent).toBe(22);
    const pro = await agentWithOneClient();
    await makePro(pro.user.id);
    expect((await sendUntilRefused(pro.email, 24)).sent).toBe(23);
  });
});

/** The breaker's refusal: 503 PLATFORM_LIMIT with a Retry-After, its message naming the accounts it stops (`whose`). */
function expectPlatformLimit(refused: ApiResponse, whose: string) {
  expect(refused.status).toBe(503);
  expect(refused.body.code).toBe('PLATFORM_LIMIT');
  expect(refused.body.message).toMatch(
    new RegExp(
      `^Hearthside has sent today's limit of e-mails to clients for ${whose}, which protects everyone's delivery\\. ` +
        `Sending resumes at midnight UTC \\(\\d{1,2}:\\d{2} [AP]M your time\\)\\.$`,
    ),
  );
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe("the platform's daily circuit breaker", () => {
  it('refuses client sends past it with 503 PLATFORM_LIMIT, and never blocks our own mail', async () => {
    const agent = await agentWithOneClient();
    const today = new Date().toISOString().slice(0, 10);
    const sentToday = await countSoFar(platformSendCountKey('email', today));
    // The whole breaker as the free share too: this new free account then meets the platform's own limit.
    setEnv({ PLATFORM_DAILY_EMAIL_LIMIT: String(sentToday + 1), FREE_PLATFORM_SHARE_PERCENT: '100' });
    expect((await agent.email()).status).toBe(201);
    const before = (await api.outbox()).length;
    expectPlatformLimit(await agent.email(), 'all accounts');
    // Nothing was sent, and the agent's own slot was given back.
    expect((await api.outbox()).length).toBe(before);
    expect(await countSoFar({ pk: `SENDS#${agent.user.id}`, sk: `email#${today}` })).toBe(1);
    // Our own mail is never counted: the verification e-mail of a new account and a password reset still go.
    const newcomer = await signedInAgent(api, { verified: false });
    expect((await api.outbox()).some((m) => m.to === newcomer.user.username)).toBe(true);
    const reset = await api.client().post('/api/password-reset/request', { username: agent.user.username });
    expect(reset.status).toBe(202);
    expect((await api.outbox()).some((m) => m.to === agent.user.username && /Reset your/.test(m.subject ?? ''))).toBe(
      true,
    );
    expect(await countSoFar(platformSendCountKey('email', today))).toBe(sentToday + 1);
  });
});

describe("the free accounts' share of the breaker", () => {
  it('refuses a free account past it with 503 PLATFORM_LIMIT naming free and new accounts, while Pro sends on', async () => {
    // Prepare: no share at all for free and new accounts.
    setEnv({ FREE_PLATFORM_SHARE_PERCENT: '0' });
    const free = await agentWithOneClient();
    const pro = await agentWithOneClient();
    await makePro(pro.user.id);
    await ageAccount(pro.user.id, 30);

    // Act
    const refused = await free.email();
    const proSent = await pro.email();

    // Assess
    expectPlatformLimit(refused, 'free and new accounts');
    expect(proSent.status).toBe(201);
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
