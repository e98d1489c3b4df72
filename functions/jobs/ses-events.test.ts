import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { resetConfig } from '../config';
import { getMessage } from '../data/messages';
import { clientInput } from '../testing/factories';
import { sendingRecordSince } from '../data/outbound-caps';
import { deliverSesEvent } from '../local/ses-events-job';
import { delivered } from '../local/twin/deliveries';
import { signedInAgent, type ApiClient } from '../testing/local-api';
import type { SesEvent } from './ses-events';
import { startHandlerAdminApi, type HandlerApi } from '../testing/handler-api';

let api: HandlerApi;
let admin: ApiClient;
const ses = mockClient(SESv2Client);
beforeAll(async () => {
  ({ api, admin } = await startHandlerAdminApi('admin.ses-events@example.com'));
});
/** SES publishes the event's detail; the job runs on it as the rule delivers it (local/ses-events-job.ts). */
const handler = async (event: SesEvent) => delivered(await deliverSesEvent(event.detail!));
afterAll(async () => {
  ses.restore();
  process.env.MAIL_PROVIDER = 'outbox';
  resetConfig();
  await api.close();
});

/** An agent (or `agent`) who e-mailed a client through (mocked) SES; the SES message id is `sesId`. */
async function mailedThroughSes(sesId: string, agent?: Awaited<ReturnType<typeof signedInAgent>>) {
  agent ??= await signedInAgent(api);
  const created = await agent.client.post('/api/clients', clientInput());
  ses.on(SendEmailCommand).resolves({ MessageId: sesId });
  process.env.MAIL_PROVIDER = 'ses';
  resetConfig();
  try {
    const sent = await agent.client.post(`/api/clients/${created.body.id}/messages`, {
      channel: 'email',
      subject: 'Hello',
      body: 'Checking in.',
    });
    expect(sent.status).toBe(201);
    return {
      ...agent,
      clientId: created.body.id as string,
      email: created.body.email as string,
      messageId: sent.body.message.id as string,
    };
  } finally {
    process.env.MAIL_PROVIDER = 'outbox';
    resetConfig();
  }
}

/**
 * The EventBridge event SES publishes for a configuration set's bounce or complaint (shape from the SES event
 * publishing docs).
 */
function sesEvent(
  type: 'Bounce' | 'Complaint',
  sesId: string,
  email: string,
  bounceType = 'Permanent',
  tags: Record<string, string[]> = {},
) {
  return {
    version: '0',
    id: 'e1',
    'detail-type': type === 'Bounce' ? 'Email Bounced' : 'Email Complaint Received',
    source: 'aws.ses',
    detail: {
      eventType: type,
      mail: {
        timestamp: new Date().toISOString(),
        source: 'no-reply@example.com',
        messageId: sesId,
        destination: [email],
        tags,
      },
      ...(type === 'Bounce'
        ? {
            bounce: {
              bounceType,
              bounceSubType: 'General',
              bouncedRecipients: [{ emailAddress: email, action: 'failed', status: '5.1.1' }],
              timestamp: new Date().toISOString(),
            },
          }
        : {
            complaint: {
              complainedRecipients: [{ emailAddress: email }],
              complaintFeedbackType: 'abuse',
              timestamp: new Date().toISOString(),
            },
          }),
    },
  };
}

describe('jobs/ses-events', () => {
  it.each([
    ['Bounce', 'bounced', 'EMAIL_SUPPRESSED'],
    ['Complaint', 'complained', 'EMAIL_SUPPRESSED'],
  ] as const)('a %s marks the message %s and stops further e-mail to the address', async (type, status, code) => {
    const sesId = `ses-${type}-${Date.now()}`;
    const { client, clientId, email, messageId } = await mailedThroughSes(sesId);
    const result = await handler(sesEvent(type, sesId, email.toUpperCase()));
    expect(result).toEqual({ outcome: 'suppressed', addresses: 1, message: 'marked' });
    expect(await getMessage(clientId, messageId)).toMatchObject({ status });
    const again = await client.post(`/api/clients/${clientId}/messages`, {
      channel: 'email',
      subject: 'Hello',
      body: 'Again.',
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(code);
    // Replayed by EventBridge: nothing changes twice.
    expect((await handler(sesEvent(type, sesId, email))).message).toBe('unchanged');
  });

  it('only logs a transient bounce', async () => {
    const sesId = `ses-transient-${Date.now()}`;
    const { client, clientId, email, messageId } = await mailedThroughSes(sesId);
    expect(await handler(sesEvent('Bounce', sesId, email, 'Transient'))).toEqual({
      outcome: 'ignored',
      addresses: 0,
      message: 'none',
    });
    expect(await getMessage(clientId, messageId)).toMatchObject({ status: 'sent' });
    expect(
      (await client.post(`/api/clients/${clientId}/messages`, { channel: 'email', subject: 'Hello', body: 'Again.' }))
        .status,
    ).toBe(201);
  });
});

describe('pausing an agent on bounces and complaints', () => {
  beforeEach(() => {
    // Two e-mails are enough to judge here (50 by default): one bounce of two is 50 %, one complaint 50 %.
    process.env.SENDING_REVIEW_MIN_EMAILS = '2';
    resetConfig();
  });
  afterEach(() => {
    delete process.env.SENDING_REVIEW_MIN_EMAILS;
    resetConfig();
  });

  /** An agent who sent two e-mails through SES, `ses-<label>-1` and `-2`. */
  async function agentWithTwoEmails(label: string) {
    const agent = await signedInAgent(api);
    const first = await mailedThroughSes(`ses-${label}-1`, agent);
    const second = await mailedThroughSes(`ses-${label}-2`, agent);
    // The first address is the one that bounces or complains (and is then suppressed); sends go to the second's.
    return { ...agent, email: first.email, clientId: second.clientId, secondEmail: second.email };
  }
  /** The `agent` tag every client e-mail carries (SES gives it back in the event). */
  const tagOf = (agent: { user: { id: string } }) => ({ agent: [agent.user.id] });
  const send = (client: ApiClient, clientId: string) =>
    client.post(`/api/clients/${clientId}/messages`, { channel: 'email', subject: 'Hi', body: 'Checking in.' });

  it.each([
    ['Bounce', 'bounces', 'more than 5% of your recent e-mails bounced'],
    ['Complaint', 'complaints', 'more than 0.1% of your recent e-mails were marked as spam'],
  ] as const)(
    'a %s past the review level pauses client sends (403 SENDING_PAUSED), shown to the agent and the admin list',
    async (type, reason, words) => {
      const label = `pause-${type}-${Date.now()}`;
      const agent = await agentWithTwoEmails(label);
      // Complaints pause from the third person's on: two others complained first, pausing no one.
      if (type === 'Complaint')
        for (const other of ['a', 'b']) {
          const earlier = sesEvent(
            type,
            `ses-${label}-${other}`,
            `${other}.${label}@example.com`,
            'Permanent',
            tagOf(agent),
          );
          expect((await handler(earlier)).paused).toBeUndefined();
        }
      const result = await handler(sesEvent(type, `ses-${label}-1`, agent.email, 'Permanent', tagOf(agent)));
      expect(result.paused).toBe(reason);
      const refused = await send(agent.client, agent.clientId);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('SENDING_PAUSED');
      expect(refused.body.message).toContain(words);
      expect((await agent.client.get('/api/user')).body.sendingPaused).toEqual({ reason, since: expect.any(String) });
      const listed = ((await admin.get('/api/agents')).body as { id: string; sendingPaused: unknown }[]).find(
        (a) => a.id === agent.user.id,
      );
      expect(listed?.sendingPaused).toEqual({ reason, since: expect.any(String) });
    },
  );

  it('counts an event once however often it is delivered, and pauses no one under the minimum volume', async () => {
    const label = `replay-${Date.now()}`;
    const agent = await signedInAgent(api);
    const first = await mailedThroughSes(`ses-${label}-1`, agent);
    // One e-mail, under the two the review needs: its bounce, delivered three times, pauses no one and counts once.
    for (let delivery = 0; delivery < 3; delivery += 1)
      expect(
        (await handler(sesEvent('Bounce', `ses-${label}-1`, first.email, 'Permanent', tagOf(agent)))).paused,
      ).toBeUndefined();
    const today = new Date().toISOString().slice(0, 10);
    expect(await sendingRecordSince(agent.user.id, today)).toEqual({
      emails: 1,
      bounces: 1,
      complaints: 0,
      complainants: 0,
    });
    const second = await mailedThroughSes(`ses-${label}-2`, agent);
    expect((await handler(sesEvent('Bounce', `ses-${label}-2`, second.email, 'Permanent', tagOf(agent)))).paused).toBe(
      'bounces',
    );
  });

  it('counts a bounce of an invitation by its agent tag', async () => {
    const label = `tagged-${Date.now()}`;
    const agent = await agentWithTwoEmails(label);
    // No message of ours behind it: only the tag names the agent.
    const event = sesEvent('Bounce', `ses-${label}-invitation`, 'gone@example.com', 'Permanent', tagOf(agent));
    expect((await handler(event)).paused).toBe('bounces');
  });

  it('an administrator lifts the pause; the record that paused the agent does not pause them again', async () => {
    const label = `lift-${Date.now()}`;
    const agent = await agentWithTwoEmails(label);
    expect((await handler(sesEvent('Bounce', `ses-${label}-1`, agent.email, 'Permanent', tagOf(agent)))).paused).toBe(
      'bounces',
    );
    const path = `/api/admin/agents/${agent.user.id}/sending`;
    // Only an administrator, only lifting, only a real agent.
    expect((await agent.client.post(path, { paused: false })).status).toBe(403);
    const pausing = await admin.post(path, { paused: true });
    expect(pausing.status).toBe(400);
    expect(pausing.body.errors).toEqual({
      paused: 'paused can only be false: an administrator lifts a pause, the sending review sets it',
    });
    expect((await admin.post(path, {})).status).toBe(400);
    expect((await admin.post(path, { paused: 'no' })).status).toBe(400);
    expect((await admin.post('/api/admin/agents/not%20an%20id/sending', { paused: false })).status).toBe(400);
    expect((await admin.post('/api/admin/agents/AAAAAAAAAAAAAAAAAAAAAA/sending', { paused: false })).status).toBe(404);

    const lifted = await admin.post(path, { paused: false });
    expect(lifted.status).toBe(200);
    expect(lifted.body).toMatchObject({ id: agent.user.id, sendingPaused: null });
    expect((await send(agent.client, agent.clientId)).status).toBe(201);
    // The second e-mail bounces too, the same day: the review counts from tomorrow, so no pause again.
    expect(
      (await handler(sesEvent('Bounce', `ses-${label}-2`, agent.secondEmail, 'Permanent', tagOf(agent)))).paused,
    ).toBeUndefined();
    expect((await agent.client.get('/api/user')).body.sendingPaused).toBeNull();
    // Lifting again changes nothing.
    expect((await admin.post(path, { paused: false })).status).toBe(200);
  });
});
