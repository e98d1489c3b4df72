// What sending a message refuses, read as values: the use case called directly against dynalite (no
// request), each refusal kind it returns, and the hourly job's delivery reading one.
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { CheckIfPhoneNumberIsOptedOutCommand, PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { resetConfig } from '../config';
import { db, table } from '../data/db';
import { clientKey } from '../data/keys/clients';
import { getMessage, listActivity, putMessage } from '../data/messages';
import { optOutClient } from './client-contact';
import { suppressEmail } from '../data/opt-out-marks';
import { SENDING_PAUSED_MESSAGES } from '@shared/sending-pause';
import { pauseSending } from '../data/sending-pause';
import { SEND_MESSAGES } from '../domain/client-message';
import { randomId } from '../domain/signed-tokens';
import { agentItem, consentedClientItem } from '../testing/factories';
import { resetSendingSettings, zoneAtLocalHour } from '../testing/sending';
import { ACCOUNT_CLOSING_PROBLEM, deliverScheduledText, sendClientMessage } from './messages';
import { markAccountClosing } from '../data/account-erasure';
import { countSoFar } from '../data/outbound-caps';
import { sendCountKey } from '../data/keys/counters';
import { reserveDailySend } from './send-limits';
import { approveOutgoing } from './outgoing';
import { dbCallsOf, readsOf } from '../testing/db-calls';
import { useHandlerApi, type HandlerApi } from '../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started));
afterEach(resetSendingSettings);

const mail = { channel: 'email', subject: 'Hello', body: 'Hi there.' } as const;
const text = { channel: 'sms', body: 'Hi there.' } as const;
/** A client it is noon for, so a text goes at once rather than being held for 8:00. */
const awakeClient = (agentId: string, fields: Record<string, unknown> = {}) =>
  consentedClientItem(agentId, { timeZone: zoneAtLocalHour(12), ...fields });

describe('sendClientMessage refuses, as a value', () => {
  it('an agent whose e-mail is not verified: email-unverified', async () => {
    const agent = await agentItem({ verified: false });
    const client = await awakeClient(agent.id);
    expect(await sendClientMessage(agent, client.id, mail)).toEqual({ kind: 'email-unverified' });
  });

  it('a client the agent does not have: not-found', async () => {
    const agent = await agentItem();
    const other = await awakeClient((await agentItem()).id);
    expect(await sendClientMessage(agent, other.id, mail)).toEqual({ kind: 'not-found', what: 'client' });
  });

  it('an e-mail to a client who unsubscribed, has no address, or whose address is suppressed', async () => {
    const agent = await agentItem();
    const unsubscribed = await awakeClient(agent.id);
    await optOutClient(agent.id, unsubscribed.id, 'email', new Date());
    const addressless = await awakeClient(agent.id);
    await setClientEmail(agent.id, addressless.id, null);
    const complained = await awakeClient(agent.id);
    await suppressEmail(complained.email!, 'complaint');

    expect(await sendClientMessage(agent, unsubscribed.id, mail)).toEqual({ kind: 'opted-out', channel: 'email' });
    expect(await sendClientMessage(agent, addressless.id, mail)).toEqual({ kind: 'no-email' });
    expect(await sendClientMessage(agent, complained.id, mail)).toEqual({
      kind: 'email-suppressed',
      reason: 'complaint',
    });
    expect(await api.outbox()).not.toContainEqual(expect.objectContaining({ to: complained.email }));
  });

  it('a text to a client who opted out, has no textable phone or one abroad, or with texts not set up', async () => {
    const agent = await agentItem();
    const stopped = await awakeClient(agent.id, { phone: '(512) 555-0161' });
    await optOutClient(agent.id, stopped.id, 'sms', new Date());
    const unreadable = await awakeClient(agent.id, { phone: '(012) 345-6789' });
    const abroad = await awakeClient(agent.id, { phone: '+44 20 7946 0958' });
    const reachable = await awakeClient(agent.id, { phone: '(512) 555-0162' });

    expect(await sendClientMessage(agent, stopped.id, text)).toEqual({ kind: 'opted-out', channel: 'sms' });
    expect(await sendClientMessage(agent, unreadable.id, text)).toEqual({ kind: 'no-phone' });
    expect(await sendClientMessage(agent, abroad.id, text)).toEqual({
      kind: 'sms-country-not-allowed',
      allowedCountries: ['US', 'CA'],
    });
    // Twilio without its credentials: texts are not set up here.
    process.env.SMS_PROVIDER = 'twilio';
    resetConfig();
    expect(await sendClientMessage(agent, reachable.id, text)).toEqual({ kind: 'sms-unavailable' });
  });

  it("past the day's cap: daily-limit, with the cap and when it resets, told in the agent's zone", async () => {
    process.env.DAILY_EMAIL_LIMIT = '1';
    resetConfig();
    const agent = await agentItem({ timeZone: 'America/Denver' });
    const client = await awakeClient(agent.id);
    expect(await sendClientMessage(agent, client.id, mail)).toMatchObject({ status: 'sent' });
    const now = new Date();
    const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
    expect(await sendClientMessage(agent, client.id, mail, now)).toEqual({
      kind: 'daily-limit',
      channel: 'email',
      limit: 1,
      resetsAt: midnight.toISOString(),
      timeZone: 'America/Denver',
    });
  });

  it('when the provider does not take it: send-failed, the message kept as failed', async () => {
    const agent = await agentItem();
    const client = await awakeClient(agent.id, { phone: '(512) 555-0163' });
    const ses = mockClient(SESv2Client);
    const sns = mockClient(SNSClient);
    try {
      ses.on(SendEmailCommand).rejects(new Error('MessageRejected'));
      sns.on(CheckIfPhoneNumberIsOptedOutCommand).resolves({ isOptedOut: false });
      sns.on(PublishCommand).rejects(new Error('Throttled'));
      process.env.MAIL_PROVIDER = 'ses';
      process.env.SMS_PROVIDER = 'sns';
      resetConfig();
      expect(await sendClientMessage(agent, client.id, mail)).toEqual({ kind: 'send-failed', channel: 'email' });
      expect(await sendClientMessage(agent, client.id, text)).toEqual({ kind: 'send-failed', channel: 'sms' });
    } finally {
      ses.restore();
      sns.restore();
    }
    const activity = await listActivity(client.id);
    expect(activity.map((item) => item.type === 'message' && item.status)).toEqual(['failed', 'failed']);
  });
});

describe('a message sent at once', () => {
  it.each([
    ['an e-mail', mail],
    ['a text', text],
  ])(
    'reads the client once: %s moves Last Contact from it, and the answer shows the client as the send left it',
    async (_, input) => {
      const agent = await agentItem();
      const client = await awakeClient(agent.id, { phone: '(512) 555-0171' });
      const { result: sent, calls } = await dbCallsOf(() => sendClientMessage(agent, client.id, input));
      expect(readsOf(calls, clientKey(agent.id, client.id))).toBe(1);
      const stored = await db().send(new GetCommand({ TableName: table(), Key: clientKey(agent.id, client.id) }));
      expect(stored.Item!.lastContactDate).toEqual(expect.any(String));
      expect(sent).toMatchObject({ status: 'sent', client: { lastContactDate: stored.Item!.lastContactDate } });
    },
  );
});

describe('an automatic message approved', () => {
  it('sends from the client the approval read: Last Contact moves without reading it again', async () => {
    const agent = await agentItem();
    const client = await awakeClient(agent.id);
    const waiting = await putMessage({
      id: randomId(),
      agentId: agent.id,
      clientId: client.id,
      channel: 'email',
      occasion: 'check-in',
      automatic: true,
      subject: 'Checking in',
      body: 'Just checking in.',
      to: client.email!,
      status: 'awaiting-approval',
      slotDay: new Date().toISOString().slice(0, 10),
      createdAt: new Date().toISOString(),
    });
    const { result, calls } = await dbCallsOf(() => approveOutgoing(agent, waiting.id, {}));
    expect(result).toMatchObject({ status: 'sent' });
    // The approval's own read, and the one that marks the automatic message approved on the client once it is sent.
    expect(readsOf(calls, clientKey(agent.id, client.id))).toBe(2);
  });
});

/** An automatic e-mail to the client, held and due a minute ago. */
const heldEmail = (agentId: string, client: { id: string; email?: string | null }, now: Date) =>
  putMessage({
    id: randomId(),
    agentId,
    clientId: client.id,
    channel: 'email',
    subject: 'Happy birthday!',
    body: 'Have a lovely day.',
    to: client.email!,
    status: 'scheduled',
    sendAt: new Date(now.getTime() - 60_000).toISOString(),
    slotDay: now.toISOString().slice(0, 10),
    createdAt: new Date(now.getTime() - 3_600_000).toISOString(),
    automatic: true,
  });

/** A new agent's client it is noon for, and an automatic e-mail to them held and due a minute before `now`. */
async function heldEmailToNewClient() {
  const agent = await agentItem();
  const client = await awakeClient(agent.id);
  const now = new Date();
  return { agent, client, now, held: await heldEmail(agent.id, client, now) };
}

/** The held message was given up (failed), saying `problem`, and nothing went to the client. */
async function expectGivenUp(client: { id: string; email?: string | null }, held: { id: string }, problem: string) {
  expect(await getMessage(client.id, held.id)).toMatchObject({ status: 'failed', problem });
  expect(await api.outbox()).not.toContainEqual(expect.objectContaining({ to: client.email }));
}

describe('the hourly delivery reads a refusal as a value', () => {
  it('gives up a held e-mail whose client unsubscribed since, keeping the sentence the agent would be told', async () => {
    const { agent, client, now, held } = await heldEmailToNewClient();
    await optOutClient(agent.id, client.id, 'email', now);

    expect(await deliverScheduledText(held, now)).toBe('opted-out');
    await expectGivenUp(client, held, SEND_MESSAGES.emailOptedOut);
  });

  it('gives up a held message of an agent whose sending was paused since, saying why', async () => {
    const { agent, client, now, held } = await heldEmailToNewClient();
    await pauseSending(agent.id, {
      reason: 'complaints',
      pausedAt: now.toISOString(),
      emails: 60,
      bounces: 0,
      complaints: 1,
    });

    expect(await deliverScheduledText(held, now)).toBe('failed');
    await expectGivenUp(client, held, SENDING_PAUSED_MESSAGES.complaints);
  });

  it("sends a held e-mail to the client's address as it is at delivery, not the one stored when it was written", async () => {
    const { agent, client, now, held } = await heldEmailToNewClient();
    const moved = `moved-${randomId()}@example.com`;
    await setClientEmail(agent.id, client.id, moved);

    expect(await deliverScheduledText(held, now)).toBe('sent');
    expect(await getMessage(client.id, held.id)).toMatchObject({ status: 'sent', to: moved });
    const outbox = await api.outbox();
    expect(outbox).toContainEqual(expect.objectContaining({ to: moved }));
    expect(outbox).not.toContainEqual(expect.objectContaining({ to: client.email }));
  });

  it('gives up a held e-mail whose client no longer has an address, saying so', async () => {
    const { agent, client, now, held } = await heldEmailToNewClient();
    await setClientEmail(agent.id, client.id, null);

    await deliverScheduledText(held, now);
    await expectGivenUp(client, held, SEND_MESSAGES.noEmail);
  });

  it('does not send a held message once the agent started closing the account, and gives its cap slot back', async () => {
    const agent = await agentItem();
    const client = await awakeClient(agent.id);
    const now = new Date();
    const slot = await reserveDailySend(agent, 'email', now);
    expect(slot).toMatchObject({ day: now.toISOString().slice(0, 10) });
    const held = await heldEmail(agent.id, client, now);
    await markAccountClosing(agent.id, new Date(now.getTime() - 30_000));

    expect(await deliverScheduledText(held, now)).toBe('failed');
    await expectGivenUp(client, held, ACCOUNT_CLOSING_PROBLEM);
    expect(await countSoFar(sendCountKey(agent.id, 'email', held.slotDay))).toBe(0);
  });
});

/** Changes (or, with null, removes) the client's e-mail address behind the held message's back. */
const setClientEmail = (agentId: string, clientId: string, email: string | null) =>
  db().send(
    new UpdateCommand({
      TableName: table(),
      Key: clientKey(agentId, clientId),
      ...(email === null
        ? { UpdateExpression: 'REMOVE email' }
        : { UpdateExpression: 'SET email = :email', ExpressionAttributeValues: { ':email': email } }),
    }),
  );
