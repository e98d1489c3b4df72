// The sending review as jobs/ses-events applies it, against the table alone (no HTTP, no twin): a complaint suppresses
// its address and tells an administrator, and pauses the agent only from three distinct complainants on; the review
// counts the e-mails that left, up to today; a new account is also judged on absolute counts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { resetConfig } from '../config';
import { countSentEmail, sendingRecordSince } from '../data/outbound-caps';
import { db, table } from '../data/db';
import { sendCountKey } from '../data/keys/counters';
import { destinationStops } from '../data/opt-out-marks';
import { getUserById, type UserItem } from '../data/users';
import { isRefusal } from '../domain/refusals';
import { reserveDailySend } from '../services/send-limits';
import { sendClientEmail } from '../services/messages';
import { ageAccount, agentItem, clientItem, makePro } from '../testing/factories';
import { captureOutput, emfLines } from '../testing/output';
import { startTestTable, type TestTable } from '../testing/table';
import { handler, type SesEvent } from './ses-events';

let testTable: TestTable;
let outbox: string;
beforeAll(async () => {
  outbox = mkdtempSync(join(tmpdir(), 'sending-review-'));
  Object.assign(process.env, {
    SESSION_SECRET: 'sending-review-test-root-secret-0123456789abc',
    MAIL_PROVIDER: 'outbox',
    OUTBOX_DIR: outbox,
  });
  testTable = await startTestTable();
});
afterAll(async () => {
  await testTable.close();
  rmSync(outbox, { recursive: true, force: true });
});
afterEach(() => {
  delete process.env.SENDING_REVIEW_MIN_EMAILS;
  resetConfig();
});

const DAY_MS = 86_400_000;
let events = 0;
/** The EventBridge event SES publishes for a complaint or a permanent bounce of the agent's e-mail to `address`. */
function sesEvent(type: 'Complaint' | 'Bounce', agent: { id: string }, address: string): SesEvent {
  events += 1;
  const recipients = [{ emailAddress: address }];
  return {
    'detail-type': type === 'Bounce' ? 'Email Bounced' : 'Email Complaint Received',
    detail: {
      eventType: type,
      mail: { messageId: `ses-review-${events}`, tags: { agent: [agent.id] } },
      ...(type === 'Bounce'
        ? { bounce: { bounceType: 'Permanent', bouncedRecipients: recipients } }
        : { complaint: { complainedRecipients: recipients } }),
    },
  };
}
const complaint = (agent: { id: string }, address: string) => handler(sesEvent('Complaint', agent, address));
const bounce = (agent: { id: string }, address: string) => handler(sesEvent('Bounce', agent, address));

/** An agent `ageDays` old (Pro when asked) who e-mailed a client `emails` times, through the send path. */
async function agentWhoSent(emails: number, { ageDays = 0, pro = false } = {}): Promise<UserItem> {
  const created = await agentItem();
  await ageAccount(created.id, ageDays);
  if (pro) await makePro(created.id);
  const agent = (await getUserById(created.id, true))!;
  const client = await clientItem(agent.id);
  for (let i = 0; i < emails; i += 1) {
    const sent = await sendClientEmail(agent, client, { channel: 'email', subject: 'Hello', body: 'Hi.' }, new Date());
    expect(sent).toMatchObject({ status: 'sent' });
  }
  return agent;
}
const pausedNow = async (agent: UserItem) => (await getUserById(agent.id, true))?.sendingPause?.reason;

describe('complaints', () => {
  beforeEach(() => {
    // Two e-mails are enough to judge here (50 by default).
    process.env.SENDING_REVIEW_MIN_EMAILS = '2';
    resetConfig();
  });

  it('one complaint suppresses the address and tells an administrator, and pauses no one', async () => {
    // Prepare
    const agent = await agentWhoSent(2, { ageDays: 60 });

    // Act
    let result: Awaited<ReturnType<typeof complaint>> | undefined;
    const lines = await captureOutput({ AWS_LAMBDA_FUNCTION_NAME: 'HearthSesEvents', LOG_LEVEL: 'info' }, async () => {
      result = await complaint(agent, 'Spam.Presser@example.com');
    });

    // Assess
    expect(result).toMatchObject({ outcome: 'suppressed', addresses: 1 });
    expect(result?.paused).toBeUndefined();
    expect(await pausedNow(agent)).toBeUndefined();
    expect((await destinationStops(agent.id, 'email', 'spam.presser@example.com')).platform?.reason).toBe('complaint');
    // The administrator is told: a warning naming the agent, and the metric the complaints alarm watches.
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: 'spam complaint held for review',
        agentId: agent.id,
        complainants: 1,
      }),
    );
    expect(emfLines(lines)).toEqual([expect.objectContaining({ SpamComplaints: 1 })]);
  });

  it('pauses from the third distinct complainant, counting each address once however often it complains', async () => {
    const agent = await agentWhoSent(2, { ageDays: 60 });
    expect((await complaint(agent, 'first@example.com')).paused).toBeUndefined();
    // The same person again, three times at once: still one complainant.
    const again = await Promise.all([1, 2, 3].map(() => complaint(agent, 'FIRST@example.com')));
    expect(again.map((r) => r.paused)).toEqual([undefined, undefined, undefined]);
    expect((await complaint(agent, 'second@example.com')).paused).toBeUndefined();
    expect(await pausedNow(agent)).toBeUndefined();
    expect((await complaint(agent, 'third@example.com')).paused).toBe('complaints');
    expect(await pausedNow(agent)).toBe('complaints');
  });
});

describe('what the review counts', () => {
  it('counts only e-mails marked sent, up to today: slots reserved today or on later days count for nothing', async () => {
    // Prepare: two e-mails sent, and 120 slots taken (today's and later days') for messages that have not left.
    process.env.SENDING_REVIEW_MIN_EMAILS = '2';
    resetConfig();
    const agent = await agentWhoSent(2, { ageDays: 60, pro: true });
    for (let day = 0; day < 4; day += 1)
      for (let i = 0; i < 30; i += 1)
        expect(isRefusal(await reserveDailySend(agent, 'email', new Date(Date.now() + day * DAY_MS)))).toBe(false);

    // Act: one bounce of the two e-mails that left.
    const result = await bounce(agent, 'gone@example.com');

    // Assess
    expect(result.paused).toBe('bounces');
  });

  it('counts the slots of the days from before e-mails that left were counted, so a deploy judges on what was sent', async () => {
    // Prepare: 40 slots taken on each of the 3 days before the deploy (kept as they were), 2 e-mails sent since.
    const agentId = 'review-before-deploy';
    const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
    for (const offset of [-3, -2, -1])
      await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: sendCountKey(agentId, 'email', day(offset)),
          UpdateExpression: 'SET #count = :count',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':count': 40 },
        }),
      );
    await countSentEmail(agentId);
    await countSentEmail(agentId);

    // Act
    const record = await sendingRecordSince(agentId, day(-13), day(0));

    // Assess
    expect(record).toEqual({ emails: 122, bounces: 0, complaints: 0, complainants: 0 });
  });

  it('pauses a new account at its 10th bounce within its first 50 e-mails', async () => {
    const agent = await agentWhoSent(12);
    for (let i = 1; i <= 9; i += 1) expect((await bounce(agent, `nobody${i}@example.com`)).paused).toBeUndefined();
    expect((await bounce(agent, 'nobody10@example.com')).paused).toBe('bounces');
  });

  it('judges an account past its first 14 days by the rates only, from 50 e-mails', async () => {
    const agent = await agentWhoSent(12, { ageDays: 14 });
    for (let i = 1; i <= 10; i += 1) expect((await bounce(agent, `absent${i}@example.com`)).paused).toBeUndefined();
    expect(await pausedNow(agent)).toBeUndefined();
  });
});
