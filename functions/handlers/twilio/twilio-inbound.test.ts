// Texts clients send to our number, both ways they arrive: Twilio's signed webhook (POST /api/twilio/inbound) and
// the SNS topic of an AWS End User Messaging number (jobs/sms-inbound, delivered here as the topic would). Keywords act
// on the number; any other text joins the conversation of the agent who texted it last.
import { createHmac } from 'node:crypto';
import { resetConfig } from '../../config';
import { rememberTextedPhone } from '../../data/texted-phones';
import { deliverTwoWayText } from '../../local/sms-inbound-job';
import { clientInput } from '../../testing/factories';
import { signedInAgent, type ApiClient, allClients } from '../../testing/local-api';
import { startHandlerApi, type HandlerApi } from '../../testing/handler-api';

const AUTH_TOKEN = 'twilio-auth-token-for-tests';
let api: HandlerApi;
beforeAll(async () => {
  // What a deploy with -c smsProvider=twilio gives the webhook: the Twilio keys (here the process's), filled below.
  api = await startHandlerApi();
  Object.assign(process.env, {
    TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_FROM: '+15125550000',
  });
  resetConfig();
});
afterAll(async () => {
  for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM']) delete process.env[name];
  resetConfig();
  await api.close();
});

/**
 * Twilio's documented algorithm, written here apart from the app's: URL + each param name and value sorted by name,
 * HMAC-SHA1, base64.
 */
function sign(url: string, params: Record<string, string>, token = AUTH_TOKEN): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', token).update(data).digest('base64');
}

function inbound(params: Record<string, string>, signature = sign(`${api.url}/api/twilio/inbound`, params)) {
  return api.client().request('POST', '/api/twilio/inbound', {
    noOrigin: true,
    body: new URLSearchParams(params).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
  });
}

let sid = 0;
const twilioForm = (from: string, body: string) => ({
  AccountSid: 'AC00000000000000000000000000000000',
  MessageSid: `SM${(sid += 1)}`,
  From: from,
  To: '+15125550000',
  Body: body,
  NumMedia: '0',
});

/** An agent who has texted a client at `phone` (so the number is in the texted-phone index). */
async function textedClient(phone: string) {
  const agent = await signedInAgent(api);
  const created = await agent.client.post('/api/clients', clientInput({ phone, timeZone: zoneAtNoon() }));
  await attestConsent(agent.client, created.body.id);
  const sent = await sendText(agent.client, created.body.id);
  expect({ status: sent.status, body: sent.body }).toMatchObject({ status: 201 });
  return {
    client: agent.client,
    clientId: created.body.id as string,
    agentEmail: agent.user.username,
    agentName: agent.user.fullName,
  };
}
const consentOf = async (client: ApiClient, id: string) =>
  ((await allClients(client)) as Array<{ id: string; smsConsent: unknown }>).find((c) => c.id === id)!.smsConsent;
/** The agent attests the client's consent to texts (refused, and so left as it is, once the number said STOP). */
const attestConsent = (client: ApiClient, clientId: string) =>
  client.patch(`/api/clients/${clientId}`, { smsConsent: 'granted' });
const sendText = (client: ApiClient, clientId: string) =>
  client.post(`/api/clients/${clientId}/messages`, { channel: 'sms', body: 'Hello!' });
const noticesTo = async (email: string) =>
  (await api.outbox()).filter((m) => m.to === email && /replied by/.test(m.subject ?? ''));
function zoneAtNoon(): string {
  let offset = 12 - new Date().getUTCHours();
  if (offset > 14) offset -= 24;
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}
const smsOptedOut = async (client: ApiClient, id: string) =>
  ((await allClients(client)) as Array<{ id: string; smsOptedOut: boolean }>).find((c) => c.id === id)!.smsOptedOut;

describe('POST /api/twilio/inbound', () => {
  it.each(['STOP', ' stop ', 'Unsubscribe', 'END', 'quit', 'STOPALL', 'revoke', 'OptOut', 'cancel'])(
    '%j marks every client texted at that number opted out of texts',
    async (keyword) => {
      // Below 6000: the numbers the other tests text (6001–6999, 7000–7998) must never have said STOP.
      const phone = `+1512555${String(1000 + Math.floor(Math.random() * 5000))}`;
      const a = await textedClient(phone);
      const b = await textedClient(phone);
      const res = await inbound(twilioForm(phone, keyword));
      expect(res.status).toBe(200);
      expect(res.text).toContain('<Response></Response>');
      expect(await smsOptedOut(a.client, a.clientId)).toBe(true);
      expect(await smsOptedOut(b.client, b.clientId)).toBe(true);
      const refused = await a.client.post(`/api/clients/${a.clientId}/messages`, {
        channel: 'sms',
        body: 'Still there?',
      });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('OPTED_OUT');
    },
  );

  it('takes any other text as a reply: on the client activity, in the conversation, and e-mailed to the agent', async () => {
    const a = await textedClient('+15125556001');
    const res = await inbound(twilioForm('+15125556001', 'Thanks, stop by anytime!'));
    expect(res.status).toBe(200);
    expect(res.text).toContain('<Response></Response>');
    expect(await smsOptedOut(a.client, a.clientId)).toBe(false);
    const activity = (await a.client.get(`/api/clients/${a.clientId}/messages`)).body.activity;
    expect(activity[0]).toMatchObject({
      direction: 'inbound',
      channel: 'sms',
      body: 'Thanks, stop by anytime!',
      subject: null,
      status: 'received',
      at: expect.any(String),
    });
    const inbox = (await a.client.get('/api/conversations')).body;
    expect(inbox.unreadTotal).toBe(1);
    expect(inbox.conversations[0]).toMatchObject({
      clientId: a.clientId,
      unread: true,
      lastMessage: { direction: 'inbound', channel: 'sms', excerpt: 'Thanks, stop by anytime!' },
    });
    const notices = await noticesTo(a.agentEmail);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('Thanks, stop by anytime!');
    expect(notices[0]!.text).toContain(`/inbox/${a.clientId}`);
  });

  it('gives a reply to the agent who texted the number last, not to an earlier one', async () => {
    const phone = '+15125556003';
    const earlier = await textedClient(phone);
    const later = await textedClient(phone);
    expect((await inbound(twilioForm(phone, 'Who is this?'))).status).toBe(200);
    expect((await later.client.get('/api/conversations')).body.conversations).toHaveLength(1);
    expect((await earlier.client.get('/api/conversations')).body.conversations).toEqual([
      expect.objectContaining({ lastMessage: expect.objectContaining({ direction: 'outbound' }), unread: false }),
    ]);
    const earlierActivity = (await earlier.client.get(`/api/clients/${earlier.clientId}/messages`)).body.activity;
    expect(earlierActivity.every((m: { direction?: string }) => m.direction !== 'inbound')).toBe(true);
  });

  it('drops a text from a number no agent texted (logged, never stored), answering nothing', async () => {
    const bystander = await textedClient('+15125556004');
    const before = (await api.outbox()).length;
    const res = await inbound(twilioForm('+15125556999', 'Hi, is the house still for sale?'));
    expect(res.status).toBe(200);
    expect(res.text).toContain('<Response></Response>');
    expect((await api.outbox()).length).toBe(before);
    expect((await bystander.client.get('/api/conversations')).body.unreadTotal).toBe(0);
  });

  it.each(['HELP', ' info '])('answers %j once, naming the agent and how to stop, and stores nothing', async (word) => {
    const phone = `+1512555${String(7000 + Math.floor(Math.random() * 999))}`;
    const a = await textedClient(phone);
    const res = await inbound(twilioForm(phone, word));
    expect(res.status).toBe(200);
    expect(res.text.match(/<Message>/g)).toHaveLength(1);
    expect(res.text).toContain(a.agentName);
    expect(res.text).toContain('Reply STOP to opt out');
    expect((await a.client.get('/api/conversations')).body.unreadTotal).toBe(0);
  });

  it('START opts the number back in: texts go again, to the client texted before and to one added again', async () => {
    const phone = '+15125556005';
    const a = await textedClient(phone);
    expect((await inbound(twilioForm(phone, 'STOP'))).status).toBe(200);
    // Another client of the agent's at the same number, erased after the STOP and added again, keeps the opt-out.
    const again = await a.client.post('/api/clients', clientInput({ phone, timeZone: zoneAtNoon() }));
    expect(again.status).toBe(201);
    await attestConsent(a.client, again.body.id);
    expect((await sendText(a.client, again.body.id)).body.code).toBe('OPTED_OUT');
    expect((await a.client.request('DELETE', `/api/clients/${a.clientId}`)).status).toBe(204);
    const readded = await a.client.post('/api/clients', clientInput({ phone, timeZone: zoneAtNoon() }));
    await attestConsent(a.client, readded.body.id);
    expect((await sendText(a.client, readded.body.id)).status).toBe(409);

    const res = await inbound(twilioForm(phone, ' Start '));
    expect(res.status).toBe(200);
    expect(res.text).toContain('<Response></Response>');
    expect((await sendText(a.client, readded.body.id)).status).toBe(201);
    expect((await sendText(a.client, again.body.id)).status).toBe(201);
  });

  it('checks the signature with TWILIO_AUTH_TOKEN alone, texts going to the outbox', async () => {
    const saved = {
      sid: process.env.TWILIO_ACCOUNT_SID,
      from: process.env.TWILIO_FROM,
      provider: process.env.SMS_PROVIDER,
    };
    delete process.env.TWILIO_ACCOUNT_SID;
    delete process.env.TWILIO_FROM;
    process.env.SMS_PROVIDER = 'outbox';
    resetConfig();
    try {
      const params = twilioForm('+15125556998', 'HELP');
      const signed = await inbound(params);
      expect(signed.status).toBe(200);
      expect(signed.text).toContain('<Message>');
      const forged = await inbound(params, sign(`${api.url}/api/twilio/inbound`, params, 'not-the-token'));
      expect(forged.status).toBe(403);
      expect(forged.body.code).toBe('BAD_SIGNATURE');
    } finally {
      Object.assign(process.env, { TWILIO_ACCOUNT_SID: saved.sid, TWILIO_FROM: saved.from });
      if (saved.provider === undefined) delete process.env.SMS_PROVIDER;
      else process.env.SMS_PROVIDER = saved.provider;
      resetConfig();
    }
  });

  it('refuses a missing or wrong signature (403) and changes nothing', async () => {
    const a = await textedClient('+15125556002');
    const params = twilioForm('+15125556002', 'STOP');
    for (const signature of [
      '',
      sign(`${api.url}/api/twilio/inbound`, params, 'another-token'),
      sign(`${api.url}/api/other`, params),
    ]) {
      const res = await inbound(params, signature);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('BAD_SIGNATURE');
    }
    // A valid signature over other parameters does not cover a changed Body.
    const tampered = await api.client().request('POST', '/api/twilio/inbound', {
      noOrigin: true,
      body: new URLSearchParams({ ...params, Body: 'STOP', From: '+15125556002', MessageSid: 'SM2' }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': sign(`${api.url}/api/twilio/inbound`, { ...params, MessageSid: 'SM1', Body: 'hello' }),
      },
    });
    expect(tampered.status).toBe(403);
    expect(await smsOptedOut(a.client, a.clientId)).toBe(false);
  });
});

describe('two-way texts through SNS (jobs/sms-inbound)', () => {
  const twoWay = (from: string, body: string) => ({
    originationNumber: from,
    destinationNumber: '+15125550000',
    messageKeyword: 'KEYWORD_123456789012',
    messageBody: body,
    inboundMessageId: `cae173d2-66b9-564c-8309-${String((sid += 1)).padStart(12, '0')}`,
    previousPublishedMessageId: 'wJ0uPkwcWN2T0ZL5LVlhWYUYh6jmH1lUhO4FgMzI',
  });

  it('a reply joins the conversation of the agent who texted the number', async () => {
    const a = await textedClient('+15125556101');
    expect(await deliverTwoWayText(twoWay('+15125556101', 'See you Saturday'))).toEqual({ handled: ['reply'] });
    const inbox = (await a.client.get('/api/conversations')).body;
    expect(inbox.conversations[0]).toMatchObject({
      clientId: a.clientId,
      unread: true,
      lastMessage: { direction: 'inbound', channel: 'sms', excerpt: 'See you Saturday' },
    });
  });

  it('a redelivery of the same text (SNS retries) is taken in once', async () => {
    const a = await textedClient('+15125556105');
    const text = twoWay('+15125556105', 'Only once please');
    expect(await deliverTwoWayText(text)).toEqual({ handled: ['reply'] });
    expect(await deliverTwoWayText(text)).toEqual({ handled: ['reply'] });
    const activity = (await a.client.get(`/api/clients/${a.clientId}/messages`)).body.activity;
    expect(activity.filter((m: { direction?: string }) => m.direction === 'inbound')).toHaveLength(1);
    expect(await noticesTo(a.agentEmail)).toHaveLength(1);
  });

  it('a text joins a conversation only when the agent texted the number within 60 days', async () => {
    const agent = await signedInAgent(api);
    const now = Date.now();
    const clientAt = async (phone: string, daysAgo: number) => {
      const created = await agent.client.post('/api/clients', clientInput({ phone }));
      await rememberTextedPhone(phone, agent.user.id, created.body.id, new Date(now - daysAgo * 86_400_000));
      return created.body.id as string;
    };
    const recent = await clientAt('+15125556106', 59);
    await clientAt('+15125556107', 61);
    expect(await deliverTwoWayText(twoWay('+15125556106', 'Still interested'))).toEqual({ handled: ['reply'] });
    expect(await deliverTwoWayText(twoWay('+15125556107', 'Still interested'))).toEqual({ handled: ['dropped'] });
    const inbox = (await agent.client.get('/api/conversations')).body;
    expect(inbox.conversations.map((c: { clientId: string }) => c.clientId)).toEqual([recent]);
  });

  it('STOP opts out every client texted at the number; START opts back in', async () => {
    const a = await textedClient('+15125556102');
    expect(await deliverTwoWayText(twoWay('+15125556102', 'stop'))).toEqual({ handled: ['opted-out'] });
    expect(await smsOptedOut(a.client, a.clientId)).toBe(true);
    expect(await consentOf(a.client, a.clientId)).toMatchObject({ status: 'revoked', source: 'keyword' });
    expect((await sendText(a.client, a.clientId)).status).toBe(409);
    expect(await deliverTwoWayText(twoWay('+15125556102', 'UNSTOP'))).toEqual({ handled: ['opted-in'] });
    expect(await smsOptedOut(a.client, a.clientId)).toBe(false);
    expect(await consentOf(a.client, a.clientId)).toMatchObject({ status: 'granted', source: 'keyword' });
    expect((await sendText(a.client, a.clientId)).status).toBe(201);
    // Both keywords are in the client's consent history, after the agent's attestation.
    const history = (await a.client.get(`/api/clients/${a.clientId}/messages`)).body.activity.filter(
      (entry: { type: string }) => entry.type === 'consent',
    );
    expect(history.map((entry: { status: string; source: string }) => `${entry.status} ${entry.source}`)).toEqual([
      'granted keyword',
      'revoked keyword',
      'granted agent-attested',
    ]);
  });

  it('HELP is answered with one text through the SMS port, naming the agent', async () => {
    const a = await textedClient('+15125556103');
    const before = (await api.outbox()).filter((m) => m.to === '+15125556103').length;
    expect(await deliverTwoWayText(twoWay('+15125556103', 'Help'))).toEqual({ handled: ['help'] });
    const texts = (await api.outbox()).filter((m) => m.to === '+15125556103');
    expect(texts).toHaveLength(before + 1);
    expect(texts.at(-1)!.text).toContain(a.agentName);
    expect(texts.at(-1)!.text).toContain('Reply STOP to opt out');
  });

  it('drops an unknown number and a record that holds no two-way text', async () => {
    expect(await deliverTwoWayText(twoWay('+15125556998', 'Hello?'))).toEqual({ handled: ['dropped'] });
    expect(await deliverTwoWayText({ messageBody: 'no sender' } as never)).toEqual({ handled: ['malformed'] });
  });
});
