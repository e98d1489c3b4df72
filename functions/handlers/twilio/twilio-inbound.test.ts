import { createHmac } from 'node:crypto';
import { resetConfig } from '../../config';
import { clientInput, grantSmsConsent } from '../../testing/factories';
import { CONFIGURED_DEPLOY } from '../../local/twin/template-dir';
import { signedInAgent, startTestApi, type ApiClient, type TestApi } from '../../testing/local-api';

const AUTH_TOKEN = 'twilio-auth-token-for-tests';
let api: TestApi;
beforeAll(async () => {
  // The stack a deploy with -c smsProvider=twilio makes: the webhook reads the Twilio secret, filled below.
  api = await startTestApi({ twin: { context: CONFIGURED_DEPLOY } });
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

const twilioForm = (from: string, body: string) => ({
  AccountSid: 'AC00000000000000000000000000000000',
  MessageSid: 'SM1',
  From: from,
  To: '+15125550000',
  Body: body,
  NumMedia: '0',
});

/** An agent who has texted a client at `phone` (so the number is in the texted-phone index). */
async function textedClient(phone: string) {
  const agent = await signedInAgent(api);
  const created = await agent.client.post('/api/clients', clientInput({ phone, timeZone: zoneAtNoon() }));
  await grantSmsConsent(agent.user.id, created.body.id as string);
  expect(
    (await agent.client.post(`/api/clients/${created.body.id}/messages`, { channel: 'sms', body: 'Hello!' })).status,
  ).toBe(201);
  return { client: agent.client, clientId: created.body.id as string };
}
function zoneAtNoon(): string {
  let offset = 12 - new Date().getUTCHours();
  if (offset > 14) offset -= 24;
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}
const smsOptedOut = async (client: ApiClient, id: string) =>
  ((await client.get('/api/clients')).body as Array<{ id: string; smsOptedOut: boolean }>).find((c) => c.id === id)!
    .smsOptedOut;

describe('POST /api/twilio/inbound', () => {
  it.each(['STOP', ' stop ', 'Unsubscribe', 'END', 'quit', 'STOPALL', 'revoke', 'OptOut', 'cancel'])(
    '%j marks every client texted at that number opted out of texts',
    async (keyword) => {
      const phone = `+1512555${String(1000 + Math.floor(Math.random() * 8999))}`;
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

  it('ignores other replies', async () => {
    const a = await textedClient('+15125556001');
    expect((await inbound(twilioForm('+15125556001', 'Thanks, stop by anytime!'))).status).toBe(200);
    expect(await smsOptedOut(a.client, a.clientId)).toBe(false);
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
