import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { CheckIfPhoneNumberIsOptedOutCommand, PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-jest';
import { SMS_STOP_NOTICE } from '@shared/messages';
import { resetConfig } from '../../config';
import { db } from '../../data/db';
import { userKey } from '../../data/keys/users';
import { getMessage, scheduledInHour } from '../../data/messages';
import { runRemindersAt } from '../../local/reminders-job';
import { clientInput, grantSmsConsent } from '../../testing/factories';
import { fakeDate, resetSendingSettings, zoneAtLocalHour } from '../../testing/sending';
import { signedInAgent, type ApiClient, allClients } from '../../testing/local-api';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started));
afterEach(resetSendingSettings);

/** An agent and a client; the client agreed to texts unless `textable` is false. */
async function agentWithClient(
  client: Record<string, unknown> = {},
  options: { verified?: boolean; textable?: boolean } = {},
) {
  const agent = await signedInAgent(api, options);
  await agent.client.patch('/api/user/business', {
    businessName: 'Rivera Home Group',
    businessLocation: '12 Elm St, Austin, TX',
    googlePlaceId: 'ChIJN1t_tDeuEmsRUsoyG83frY4',
  });
  const res = await agent.client.post(
    '/api/clients',
    clientInput({ name: 'Maria Lopez', timeZone: zoneAtLocalHour(12), ...client }),
  );
  if (res.status !== 201) throw new Error(`client create failed: ${res.text}`);
  if (options.textable !== false) await grantSmsConsent(agent.user.id, res.body.id as string);
  return { ...agent, clientId: res.body.id as string, clientEmail: res.body.email as string };
}
const send = (client: ApiClient, id: string, body: Record<string, unknown>) =>
  client.post(`/api/clients/${id}/messages`, body);
const mail = {
  channel: 'email',
  subject: 'Happy birthday!',
  body: 'Hi Maria,\n\nHave a <b>great</b> day & enjoy.\n\nJane',
  occasion: 'birthday',
};
const text = { channel: 'sms', body: 'Happy birthday Maria!' };
/** The address in a sent e-mail's Reply-To (the local runtime's inbound domain is reply.localhost). */
const replyAddressOf = (sent: { headers?: Record<string, string> }) =>
  /<([^>]+)>$/.exec(sent.headers?.['Reply-To'] ?? '')?.[1];

describe('POST /api/clients/{id}/messages by e-mail', () => {
  it("sends from our address in the agent's name, Reply-To the agent's reply address, with the footer, a visible unsubscribe link and the one-click headers", async () => {
    const { client, clientId, clientEmail, details } = await agentWithClient();
    const res = await send(client, clientId, mail);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'sent',
      message: { channel: 'email', subject: 'Happy birthday!', status: 'sent', occasion: 'birthday' },
    });
    const [sent] = (await api.outbox()).filter((m) => m.to === clientEmail);
    expect(sent!.from).toBe(`"${details.fullName} via Hearthside" <no-reply@${new URL(api.url).hostname}>`);
    expect(sent!.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(
        new RegExp(`^<${api.url}/api/unsubscribe/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+>$`),
      ),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Reply-To': `"${details.fullName}" <${replyAddressOf(sent!)}>`,
    });
    expect(replyAddressOf(sent!)).toMatch(/^r-[a-z2-7]{20,60}@reply\.localhost$/);
    // The agent's text is escaped, never markup; the footer names the business and its address.
    expect(sent!.html).toContain('<p>Hi Maria,</p><p>Have a &lt;b&gt;great&lt;/b&gt; day &amp; enjoy.</p><p>Jane</p>');
    expect(sent!.html).toMatch(/Rivera Home Group<br>12 Elm St, Austin, TX/);
    expect(sent!.html).toMatch(new RegExp(`<a href="${api.url}/unsubscribe#token=[^"]+">Unsubscribe</a>`));
    expect(sent!.text).toContain('Have a <b>great</b> day & enjoy.');
    expect(sent!.text).toMatch(new RegExp(`Unsubscribe: ${api.url}/unsubscribe#token=\\S+`));
    expect(res.body.client.lastContactDate).toBe(res.body.message.sentAt);
  });

  it('sends through SES v2 with the headers in Simple content, ReplyToAddresses and the configuration set', async () => {
    const ses = mockClient(SESv2Client);
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-message-1' });
    try {
      const { client, clientId, details } = await agentWithClient();
      process.env.MAIL_PROVIDER = 'ses';
      // The stack's configuration set, as the function's environment names it (infra/stack.test.ts holds the Ref).
      process.env.SES_CONFIGURATION_SET = 'HearthCrmMessagingClientMail';
      resetConfig();
      expect((await send(client, clientId, mail)).status).toBe(201);
      const input = ses.commandCalls(SendEmailCommand)[0]!.args[0].input;
      expect(input.FromEmailAddress).toBe(
        `"${details.fullName} via Hearthside" <no-reply@${new URL(api.url).hostname}>`,
      );
      expect(input.ReplyToAddresses).toEqual([expect.stringMatching(/^"[^"]+" <r-[a-z2-7]+@reply\.localhost>$/)]);
      expect(input.ReplyToAddresses![0]).toContain(details.fullName);
      expect(input.ConfigurationSetName).toBe('HearthCrmMessagingClientMail');
      expect(input.Content?.Simple?.Headers).toEqual([
        { Name: 'List-Unsubscribe', Value: expect.stringMatching(new RegExp(`^<${api.url}/api/unsubscribe/.+>$`)) },
        { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
      ]);
      expect(input.EmailTags).toEqual(expect.arrayContaining([{ Name: 'client', Value: clientId }]));
    } finally {
      ses.restore();
    }
  });

  it("reads the agent's item once, with the session: the insights counters take the zone from it", async () => {
    const { client, clientId, user } = await agentWithClient();
    const reads: unknown[] = [];
    const name = 'test-agent-item-reads';
    db().middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as {
          Key?: Record<string, unknown>;
          RequestItems?: Record<string, { Keys?: Array<Record<string, unknown>> }>;
        };
        const keys = [input.Key, ...Object.values(input.RequestItems ?? {}).flatMap((r) => r.Keys ?? [])];
        if (
          String(context.commandName).match(/^(Get|BatchGet)/) &&
          keys.some((key) => key?.pk === userKey(user.id).pk && key?.sk === userKey(user.id).sk)
        )
          reads.push(context.commandName);
        return next(args);
      },
      { step: 'initialize', name },
    );
    try {
      expect((await send(client, clientId, mail)).status).toBe(201);
    } finally {
      db().middlewareStack.remove(name);
    }
    expect(reads).toEqual(['BatchGetItemCommand']);
  });

  it('refuses an unverified agent (403 EMAIL_UNVERIFIED) and sends nothing', async () => {
    const { client, clientId, clientEmail } = await agentWithClient({}, { verified: false });
    const res = await send(client, clientId, mail);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('EMAIL_UNVERIFIED');
    expect((await api.outbox()).filter((m) => m.to === clientEmail)).toEqual([]);
  });

  it('counts against the daily e-mail cap: past it 429 DAILY_LIMIT and nothing leaves', async () => {
    process.env.DAILY_EMAIL_LIMIT = '1';
    resetConfig();
    const { client, clientId, clientEmail } = await agentWithClient();
    expect((await send(client, clientId, mail)).status).toBe(201);
    const second = await send(client, clientId, mail);
    expect(second.status).toBe(429);
    expect(second.body.code).toBe('DAILY_LIMIT');
    expect((await api.outbox()).filter((m) => m.to === clientEmail)).toHaveLength(1);
  });

  it("never reaches another agent's client (404) and validates the body (400)", async () => {
    const owner = await agentWithClient();
    const other = await signedInAgent(api);
    expect((await send(other.client, owner.clientId, mail)).status).toBe(404);
    const bad = await send(owner.client, owner.clientId, { channel: 'email', body: 'no subject' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('subject');
    expect((await send(owner.client, owner.clientId, { channel: 'fax', body: 'x' })).status).toBe(400);
    expect((await api.outbox()).filter((m) => m.to === owner.clientEmail)).toEqual([]);
  });
});

describe('POST /api/clients/{id}/messages by text', () => {
  it('sends at once between 8:00 and 21:00 in the client zone; only the first text carries the STOP notice', async () => {
    const { client, clientId } = await agentWithClient({ phone: '(512) 555-0142' });
    const first = await send(client, clientId, text);
    const second = await send(client, clientId, { channel: 'sms', body: 'See you Saturday.' });
    expect([first.status, second.status]).toEqual([201, 201]);
    const texts = (await api.outbox()).filter((m) => m.channel === 'sms' && m.to === '+15125550142');
    expect(texts.map((m) => m.text)).toEqual([`Happy birthday Maria!\n\n${SMS_STOP_NOTICE}`, 'See you Saturday.']);
  });

  it('schedules a text outside quiet hours for the next 8:00 there (202); the hourly job sends it once', async () => {
    const zone = zoneAtLocalHour(2);
    const { client, clientId } = await agentWithClient({ phone: '(512) 555-0143', timeZone: zone });
    const res = await send(client, clientId, text);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      status: 'scheduled',
      timeZone: zone,
      message: { status: 'scheduled', sentAt: null },
    });
    const sendAt = new Date(res.body.sendAt as string);
    // 8:00 local is six hours after 2:something local, on the hour there.
    expect(sendAt.getTime() - Date.now()).toBeGreaterThan(5 * 3_600_000);
    expect(sendAt.getTime() - Date.now()).toBeLessThanOrEqual(6 * 3_600_000);
    expect(sendAt.toLocaleTimeString('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' })).toBe('8:00 AM');
    const outbox = async () => (await api.outbox()).filter((m) => m.to === '+15125550143');
    expect(await outbox()).toEqual([]);
    // Keyed by the hour it is due in, not scanned for.
    const hour = new Date(Math.ceil(sendAt.getTime() / 3_600_000) * 3_600_000).toISOString().slice(0, 13);
    expect((await scheduledInHour(hour)).map((m) => m.id)).toContain(res.body.message.id);

    // An early run leaves it alone.
    await runRemindersAt(new Date());
    expect(await outbox()).toEqual([]);

    fakeDate(new Date(`${hour}:00:30Z`));
    try {
      const due = new Date(`${hour}:00:00Z`);
      await runRemindersAt(due);
      await runRemindersAt(due); // a repeated run (a retry) finds it claimed
    } finally {
      jest.useRealTimers();
    }
    expect((await outbox()).map((m) => m.text)).toEqual([`Happy birthday Maria!\n\n${SMS_STOP_NOTICE}`]);
    const stored = await getMessage(clientId, res.body.message.id);
    expect(stored).toMatchObject({ status: 'sent' });
    expect(stored!.gsi1pk).toBeUndefined();
    expect((await scheduledInHour(hour)).map((m) => m.id)).not.toContain(res.body.message.id);
  });

  it("uses the agent's zone when the client has none", async () => {
    const agent = await signedInAgent(api);
    await agent.client.patch('/api/user/preferences', { timeZone: zoneAtLocalHour(23) });
    const created = await agent.client.post('/api/clients', clientInput({ phone: '(512) 555-0144' }));
    await grantSmsConsent(agent.user.id, created.body.id as string);
    const res = await send(agent.client, created.body.id, text);
    expect(res.status).toBe(202);
  });

  it('refuses a client without a textable phone (422 NO_PHONE) and counts against the daily text cap', async () => {
    process.env.DAILY_SMS_LIMIT = '1';
    resetConfig();
    const { client, clientId, user } = await agentWithClient({ phone: '(012) 345-6789' });
    const noPhone = await send(client, clientId, text);
    expect(noPhone.status).toBe(422);
    expect(noPhone.body.code).toBe('NO_PHONE');
    const other = await client.post(
      '/api/clients',
      clientInput({ phone: '(512) 555-0145', timeZone: zoneAtLocalHour(12) }),
    );
    await grantSmsConsent(user.id, other.body.id as string);
    expect((await send(client, other.body.id, text)).status).toBe(201);
    const capped = await send(client, other.body.id, text);
    expect(capped.status).toBe(429);
    expect(capped.body.code).toBe('DAILY_LIMIT');
  });

  it("checks SNS's opt-out list first: an opted-out number is 409 OPTED_OUT, marked, and its cap slot given back", async () => {
    const sns = mockClient(SNSClient);
    try {
      process.env.SMS_PROVIDER = 'sns';
      process.env.DAILY_SMS_LIMIT = '1';
      resetConfig();
      const { client, clientId, user } = await agentWithClient({ phone: '(512) 555-0146' });
      sns.on(CheckIfPhoneNumberIsOptedOutCommand).resolves({ isOptedOut: true });
      const refused = await send(client, clientId, text);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('OPTED_OUT');
      expect(sns).toHaveReceivedCommandWith(CheckIfPhoneNumberIsOptedOutCommand, { phoneNumber: '+15125550146' });
      expect(sns).not.toHaveReceivedCommand(PublishCommand);
      const clients = (await allClients(client)) as Array<{ id: string; smsOptedOut: boolean }>;
      expect(clients.find((c) => c.id === clientId)!.smsOptedOut).toBe(true);

      // The slot came back: another client can still get today's one text.
      sns.on(CheckIfPhoneNumberIsOptedOutCommand).resolves({ isOptedOut: false });
      sns.on(PublishCommand).resolves({ MessageId: 'sns-1' });
      const other = await client.post(
        '/api/clients',
        clientInput({ phone: '(512) 555-0147', timeZone: zoneAtLocalHour(12) }),
      );
      await grantSmsConsent(user.id, other.body.id as string);
      expect((await send(client, other.body.id, text)).status).toBe(201);
      expect(sns).toHaveReceivedCommandWith(PublishCommand, { PhoneNumber: '+15125550147' });
      expect((await send(client, clientId, text)).body.code).toBe('OPTED_OUT');
    } finally {
      sns.restore();
    }
  });
});

describe('the remembered activity', () => {
  it('lists messages and touches newest first, and lastContactDate only moves forward', async () => {
    const { client, clientId } = await agentWithClient({}, { textable: false });
    const sent = await send(client, clientId, mail);
    const older = await client.post(`/api/clients/${clientId}/touches`, {
      kind: 'call',
      note: 'Talked about the yard',
      date: '2024-03-05',
    });
    expect(older.status).toBe(201);
    expect(older.body.client.lastContactDate).toBe(sent.body.message.sentAt);
    const later = new Date(Date.now() + 60_000).toISOString();
    const newer = await client.post(`/api/clients/${clientId}/touches`, { kind: 'meeting', date: later });
    expect(newer.body.client.lastContactDate).toBe(later);

    const res = await client.get(`/api/clients/${clientId}/messages`);
    expect(res.status).toBe(200);
    expect(
      res.body.activity.map((a: { type: string; kind?: string; channel?: string }) => a.kind ?? a.channel),
    ).toEqual(['meeting', 'email', 'call']);
    expect(res.body.activity[1]).toMatchObject({
      type: 'message',
      subject: 'Happy birthday!',
      body: mail.body,
      status: 'sent',
      engine: null,
    });
    expect(res.body.activity[2]).toMatchObject({
      type: 'touch',
      note: 'Talked about the yard',
      date: '2024-03-05T12:00:00.000Z',
    });
    expect(res.body.lastContactDate).toBe(later);
  });

  it("refuses a bad touch (400) and another agent's client (404)", async () => {
    const { client, clientId } = await agentWithClient();
    expect((await client.post(`/api/clients/${clientId}/touches`, { kind: 'visit', date: '2024-01-01' })).status).toBe(
      400,
    );
    expect((await client.post(`/api/clients/${clientId}/touches`, { kind: 'call', date: 'yesterday' })).status).toBe(
      400,
    );
    expect((await client.post(`/api/clients/${clientId}/touches`, { kind: 'call', date: '2999-01-01' })).status).toBe(
      400,
    );
    const other = await signedInAgent(api);
    expect((await other.client.get(`/api/clients/${clientId}/messages`)).status).toBe(404);
    expect(
      (await other.client.post(`/api/clients/${clientId}/touches`, { kind: 'call', date: '2024-01-01' })).status,
    ).toBe(404);
  });
});
