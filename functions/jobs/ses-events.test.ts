import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { resetConfig } from '../config';
import { getMessage } from '../data/messages';
import { clientInput } from '../testing/factories';
import { signedInAgent, startTestApi, type TestApi } from '../testing/local-api';
import { deliverSesEvent } from '../local/ses-events-job';

let api: TestApi;
const ses = mockClient(SESv2Client);
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  ses.restore();
  process.env.MAIL_PROVIDER = 'outbox';
  resetConfig();
  await api.close();
});

/** An agent who e-mailed a client through (mocked) SES; the SES message id is `sesId`. */
async function mailedThroughSes(sesId: string) {
  const agent = await signedInAgent(api);
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
function sesEvent(type: 'Bounce' | 'Complaint', sesId: string, email: string, bounceType = 'Permanent') {
  return {
    version: '0',
    id: 'e1',
    'detail-type': type === 'Bounce' ? 'Email Bounced' : 'Email Complained',
    source: 'aws.ses',
    detail: {
      eventType: type,
      mail: {
        timestamp: new Date().toISOString(),
        source: 'no-reply@example.com',
        messageId: sesId,
        destination: [email],
        tags: {},
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
    const result = await deliverSesEvent(sesEvent(type, sesId, email.toUpperCase()));
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
    expect((await deliverSesEvent(sesEvent(type, sesId, email))).message).toBe('unchanged');
  });

  it('only logs a transient bounce', async () => {
    const sesId = `ses-transient-${Date.now()}`;
    const { client, clientId, email, messageId } = await mailedThroughSes(sesId);
    expect(await deliverSesEvent(sesEvent('Bounce', sesId, email, 'Transient'))).toEqual({
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
