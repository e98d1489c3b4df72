import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { addDays, dateParts, todayIn } from '@shared/dates';
import { resetConfig } from '../config';
import { db, table } from '../data/db';
import { getDigest } from '../data/digests';
import { nextBestKey } from '../data/keys/clients';
import { digestKey } from '../data/keys/jobs';
import { readStats } from '../data/stats';
import { takeLocalDigestMessages, type QueueMessage } from '../integrations/digest-queue';
import { runRemindersForDate, sqsEvent, startHourlyReminders } from '../local/reminders-job';
import { delivered } from '../local/twin/deliveries';
import { clientInput } from '../testing/factories';
import { captureOutput, emfLines } from '../testing/output';
import { signedInAgent, type ApiClient, allClients } from '../testing/local-api';
import { jobs } from './jobs';
import { handler as scheduler } from './reminders-scheduler';
import { handler as worker } from './reminders-worker';
import { dbCallsOf, readsOf } from '../testing/db-calls';
import { useHandlerApi, type HandlerApi } from '../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started));

let phoneCounter = 0;
/** A fresh agent (a textable US phone) with these clients and preferences. */
async function agentWith(clients: Array<Record<string, unknown>>, preferences?: Record<string, unknown>) {
  phoneCounter += 1;
  const agent = await signedInAgent(api, {
    phone: `(512) 5${String(Date.now() % 100).padStart(2, '0')}-${String(phoneCounter).padStart(4, '0')}`,
  });
  for (const client of clients) {
    const res = await agent.client.post('/api/clients', clientInput(client));
    if (res.status !== 201) throw new Error(`client not created: ${res.text}`);
  }
  if (preferences) {
    const res = await agent.client.patch('/api/user/preferences', preferences);
    if (res.status !== 200) throw new Error(`preferences not saved: ${res.text}`);
  }
  return agent;
}

// What the job sent: every agent also got the e-mail-verification link at registration, which is not the job's.
const messagesTo = async (to: string, channel: 'email' | 'sms' = 'email') =>
  (await api.outbox()).filter(
    (m) => m.to === to && m.channel === channel && !m.subject?.startsWith('Verify your Hearthside'),
  );
const e164 = (phone: string) => `+1${phone.replace(/\D/g, '')}`;

// Sunday 9 March 2025, the day New York moves its clocks forward.
const DAY = '2025-03-09';

describe('the scheduler', () => {
  it("queues one message per agent whose local time just reached 8 am, with the agent's local date", async () => {
    // Prepare
    const ny = await agentWith([]);
    const la = await agentWith([], { timeZone: 'America/Los_Angeles' });
    const tokyo = await agentWith([], { timeZone: 'Asia/Tokyo' });
    takeLocalDigestMessages();
    const mine = (messages: QueueMessage[]) =>
      messages.filter((m) => 'agentId' in m && [ny.user.id, la.user.id, tokyo.user.id].includes(m.agentId));

    // Act: 12:00 UTC is 8:00 EDT on the day the clocks change; 23:00 UTC is 8:00 in Tokyo the next day.
    const noon = await scheduler({ scheduledTime: `${DAY}T12:00:00Z` });
    const atNoon = mine(takeLocalDigestMessages());
    await scheduler({ scheduledTime: `${DAY}T13:00:00Z` });
    const atOne = mine(takeLocalDigestMessages());
    await scheduler({ time: `${DAY}T23:00:07Z` });
    const atEleven = mine(takeLocalDigestMessages());

    // Assess
    expect(atNoon).toEqual([{ agentId: ny.user.id, date: DAY }]);
    expect(noon.agents).toBeGreaterThanOrEqual(3);
    expect(atOne).toEqual([]);
    expect(atEleven).toEqual([{ agentId: tokyo.user.id, date: '2025-03-10' }]);
  });

  it('reads only the agents index (id and time zone) and the due-send and held-notice indexes, never a client', async () => {
    // Prepare
    await agentWith([{ birthday: '1980-03-09' }]);
    const send = jest.spyOn(db(), 'send');
    try {
      // Act
      await scheduler({ scheduledTime: `${DAY}T12:00:00Z` });
      // Assess
      const commands = send.mock.calls.map(([command]) => command as QueryCommand);
      expect(commands.length).toBeGreaterThan(0);
      for (const command of commands) {
        expect(command).toBeInstanceOf(QueryCommand);
        expect(command.input).toMatchObject({
          IndexName: 'gsi1',
          ExpressionAttributeValues: {
            ':pk': expect.stringMatching(/^(AGENTS|(SENDDUE|NOTICEDUE)#\d{4}-\d{2}-\d{2}T\d{2})$/),
          },
        });
      }
    } finally {
      send.mockRestore();
      takeLocalDigestMessages();
    }
  });
});

describe('the worker', () => {
  it("e-mails the digest for a fixed date: today's dates and the next 7 days', with links into the app", async () => {
    // Prepare
    const { user } = await agentWith([
      { name: 'Maria Lopez', birthday: '1985-03-09' },
      { name: 'Ben Ng', anniversary: '2010-03-12' },
      { name: 'Far Away', birthday: '1990-03-20' },
    ]);

    // Act
    const { result, calls } = await dbCallsOf(() => worker(sqsEvent([{ agentId: user.id, date: DAY }])));

    // Assess
    expect(result).toEqual({ batchItemFailures: [] });
    // The day's list is read once, found missing, and made (the agent had not opened Today).
    expect(readsOf(calls, nextBestKey(user.id))).toBe(1);
    const mail = await messagesTo(user.username);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(
      'Client reminders for Sunday, March 9: 1 today, 1 in the next 7 days, 2 clients to contact',
    );
    // The day's next best touch names whom to contact, one reason each (functions/domain/next-best.ts).
    expect(mail[0]!.text).toContain(
      'Whom to contact today:\n  - Maria Lopez (Birthday today)\n  - Ben Ng (Anniversary on Wednesday)\n',
    );
    expect(mail[0]!.text).toContain('Today, Sunday, March 9:\n  - Birthday: Maria Lopez\n');
    expect(mail[0]!.text).toContain('Coming up in the next 7 days:\n  - Wed, Mar 12 - Anniversary: Ben Ng\n');
    expect(mail[0]!.text).not.toContain('Far Away');
    expect(mail[0]!.text).toContain(`${api.url}/reminders`);
    expect(mail[0]!.html).toContain(`href="${api.url}/clients"`);
    expect(await messagesTo(user.username, 'sms')).toEqual([]);
    expect(await getDigest(user.id, DAY)).toMatchObject({
      status: 'sent',
      emailed: true,
      texted: false,
      events: 2,
      remindersCounted: 1,
    });
  });

  it('follows the preferences: lead time, SMS on, e-mail off', async () => {
    // Prepare
    const { user, details } = await agentWith([{ name: 'Far Away', birthday: '1990-03-20' }], {
      emailDigest: false,
      sms: true,
      leadDays: 14,
    });

    // Act
    await worker(sqsEvent([{ agentId: user.id, date: DAY }]));

    // Assess
    expect(await messagesTo(user.username)).toEqual([]);
    const sms = await messagesTo(e164(details.phone), 'sms');
    expect(sms.map((m) => m.text)).toEqual([
      `Reminders - 1 client date in the next 14 days, first Birthday: Far Away on Mar 20. ${api.url}/reminders`,
    ]);
  });

  it('sends nothing when there is nothing to say, and still marks the day done', async () => {
    // Prepare
    const { user, details } = await agentWith([{ name: 'Quiet', birthday: '1990-08-01' }], { sms: true });

    // Act
    const result = await worker(sqsEvent([{ agentId: user.id, date: DAY }]));

    // Assess
    expect(result.batchItemFailures).toEqual([]);
    expect(await messagesTo(user.username)).toEqual([]);
    expect(await messagesTo(e164(details.phone), 'sms')).toEqual([]);
    expect(await getDigest(user.id, DAY)).toMatchObject({ status: 'sent', emailed: false, texted: false, events: 0 });
  });

  it('reads the agent and their clients with one Query (and the queue with one), however many clients there are', async () => {
    // Prepare
    const { user } = await agentWith(Array.from({ length: 8 }, (_, i) => ({ name: `C ${i}`, birthday: '1980-07-01' })));
    const send = jest.spyOn(db(), 'send');
    try {
      // Act
      await worker(sqsEvent([{ agentId: user.id, date: DAY }]));
      // Assess
      const queries = send.mock.calls.map(([command]) => command).filter((command) => command instanceof QueryCommand);
      const partitions = queries.map((query) => String(query.input.ExpressionAttributeValues?.[':pk']).split('#')[0]);
      expect(partitions.sort()).toEqual(['AGENT', 'OUTGOING']);
    } finally {
      send.mockRestore();
    }
  });
});

describe('exactly once per agent per day', () => {
  it('sends one e-mail for a message delivered twice in a batch, and again in a later batch', async () => {
    // Prepare
    const { user } = await agentWith([{ birthday: '1985-03-09' }]);
    const message = { agentId: user.id, date: DAY };

    // Act
    const first = await worker(sqsEvent([message, message]));
    const later = await worker(sqsEvent([message]));

    // Assess
    expect(first.batchItemFailures).toEqual([]);
    expect(later.batchItemFailures).toEqual([]);
    expect(await messagesTo(user.username)).toHaveLength(1);
  });

  it('sends one e-mail when two workers get the same message at once; the other retries and then finds it done', async () => {
    // Prepare
    const { user } = await agentWith([{ birthday: '1985-03-09' }]);
    const message = { agentId: user.id, date: DAY };

    // Act
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => worker(sqsEvent([message]))));
    const redelivered = await Promise.all(
      concurrent.filter((r) => r.batchItemFailures.length > 0).map(() => worker(sqsEvent([message]))),
    );

    // Assess
    expect(await messagesTo(user.username)).toHaveLength(1);
    for (const result of redelivered) expect(result.batchItemFailures).toEqual([]);
    expect(await getDigest(user.id, DAY)).toMatchObject({ status: 'sent' });
  });

  it('leaves a day claimed less than 15 minutes ago to its owner (retry later), and takes over an older claim', async () => {
    // Prepare
    const { user } = await agentWith([{ birthday: '1985-03-09' }]);
    const claim = (minutesAgo: number) =>
      db().send(
        new PutCommand({
          TableName: table(),
          Item: {
            ...digestKey(user.id, DAY),
            type: 'digest',
            agentId: user.id,
            date: DAY,
            status: 'sending',
            claimId: 'crashed-worker',
            claimedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
          },
        }),
      );

    // Act + Assess: a fresh claim may still be sending
    await claim(5);
    const fresh = await worker(sqsEvent([{ agentId: user.id, date: DAY }]));
    expect(fresh.batchItemFailures).toHaveLength(1);
    expect(await messagesTo(user.username)).toEqual([]);

    // Act + Assess: a stale claim was left by a crash
    await claim(16);
    const stale = await worker(sqsEvent([{ agentId: user.id, date: DAY }]));
    expect(stale.batchItemFailures).toEqual([]);
    expect(await messagesTo(user.username)).toHaveLength(1);
  });

  it('gives the day back when sending fails, so the retry sends it once', async () => {
    // Prepare
    const { user } = await agentWith([{ birthday: '1985-03-09' }]);
    const outbox = process.env.OUTBOX_DIR;
    process.env.OUTBOX_DIR = '/dev/null/unwritable';
    resetConfig();
    let failed;
    try {
      // Act
      failed = await worker(sqsEvent([{ agentId: user.id, date: DAY }]));
    } finally {
      process.env.OUTBOX_DIR = outbox;
      resetConfig();
    }
    const retried = await worker(sqsEvent([{ agentId: user.id, date: DAY }]));

    // Assess
    expect(failed.batchItemFailures).toHaveLength(1);
    expect(retried.batchItemFailures).toEqual([]);
    expect(await messagesTo(user.username)).toHaveLength(1);
  });
});

describe('partial batch failure', () => {
  it('reports only the bad messages of a batch, and processes the rest', async () => {
    // Prepare
    const a = await agentWith([{ birthday: '1985-03-09' }]);
    const b = await agentWith([{ anniversary: '2001-03-10' }]);
    const event = sqsEvent([
      JSON.stringify({ agentId: a.user.id, date: DAY }),
      '{not json',
      JSON.stringify({ agentId: b.user.id, date: '2025-02-30' }),
      JSON.stringify({ agentId: b.user.id, date: DAY }),
      JSON.stringify({ agentId: 'no-such-agent', date: DAY }),
    ]);
    const ids = event.Records.map((r) => r.messageId);

    // Act
    const result = await worker(event);

    // Assess: the malformed ones go back (to the dead-letter queue after 3 tries); an agent that no longer exists is
    // dropped.
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: ids[1] }, { itemIdentifier: ids[2] }]);
    expect(await messagesTo(a.user.username)).toHaveLength(1);
    expect(await messagesTo(b.user.username)).toHaveLength(1);
  });

  it("tags every log line with the job and Lambda's request id, and writes one EMF line counting the digests sent", async () => {
    // Prepare: one agent with a date today (a digest goes out), one with nothing to say.
    const busy = await agentWith([{ birthday: '1985-03-09' }]);
    const quiet = await agentWith([]);
    const event = sqsEvent([
      JSON.stringify({ agentId: busy.user.id, date: DAY }),
      JSON.stringify({ agentId: quiet.user.id, date: DAY }),
      JSON.stringify({ agentId: 'bad id!', date: DAY }),
    ]);

    // Act
    const lines = await captureOutput({ AWS_LAMBDA_FUNCTION_NAME: 'HearthRemindersWorker', LOG_LEVEL: 'info' }, () =>
      worker(event, { awsRequestId: 'worker-invocation-1', functionName: 'HearthRemindersWorker' } as Context),
    );

    // Assess
    const logs = lines.filter((line) => !('_aws' in line));
    expect(logs.map((line) => line.message)).toEqual(
      expect.arrayContaining(['malformed digest message', 'digest done']),
    );
    for (const line of logs)
      expect(line).toMatchObject({
        job: 'reminders-worker',
        requestId: 'worker-invocation-1',
        awsRequestId: 'worker-invocation-1',
        functionName: 'HearthRemindersWorker',
      });
    expect(emfLines(lines)).toEqual([
      expect.objectContaining({ DigestsSent: 1, job: 'reminders-worker', awsRequestId: 'worker-invocation-1' }),
    ]);
  });
});

describe('milestones and counters', () => {
  it('awards the "{n} Year Homeowner" milestone on the anniversary', async () => {
    // Prepare: a home bought last year, its first anniversary 10 days from now (not yet due when created)
    const today = todayIn('America/New_York');
    const anniversary = addDays(today, 10);
    const purchaseDate = `${dateParts(anniversary).year - 1}${anniversary.slice(4)}`.replace(/-02-29$/, '-02-28');
    const { client, user } = await agentWith([{ name: 'New Owner', purchaseDate }]);
    const clients = await allClients(client);
    const milestones = (c: ApiClient) =>
      c.get(`/api/clients/${clients[0].id}/milestones`).then((r) => r.body.map((m: { name: string }) => m.name));
    expect(await milestones(client)).not.toContain('1 Year Homeowner');

    // Act
    await worker(sqsEvent([{ agentId: user.id, date: anniversary }]));

    // Assess
    expect(await milestones(client)).toContain('1 Year Homeowner');
    const mail = await messagesTo(user.username);
    expect(mail[0]!.text).toContain('1 Year Home Anniversary: New Owner');
  });

  it("adds the day's events (not the upcoming ones) to the month's reminders counter, once", async () => {
    // Prepare
    const date = '2025-04-15';
    const { user } = await agentWith([
      { birthday: '1980-04-15' },
      { anniversary: '2000-04-15' },
      { birthday: '1990-04-17' },
    ]);
    const before = (await readStats('2025-04')).months.get('2025-04')?.reminders ?? 0;

    // Act
    await worker(sqsEvent([{ agentId: user.id, date }]));
    await worker(sqsEvent([{ agentId: user.id, date }]));

    // Assess
    const after = (await readStats('2025-04')).months.get('2025-04')?.reminders ?? 0;
    expect(after - before).toBe(2);
  });
});

describe('the local job', () => {
  it("runs every agent's digest for a local date, whatever the zone, once", async () => {
    // Prepare
    const date = '2025-06-21';
    const tokyo = await agentWith([{ birthday: '1980-06-21' }], { timeZone: 'Asia/Tokyo' });
    const honolulu = await agentWith([{ birthday: '1980-06-21' }], { timeZone: 'Pacific/Honolulu' });

    // Act
    const first = delivered(await runRemindersForDate(date));
    const again = delivered(await runRemindersForDate(date));

    // Assess
    expect(first.failed).toBe(0);
    expect(again.failed).toBe(0);
    expect(await messagesTo(tokyo.user.username)).toHaveLength(1);
    expect(await messagesTo(honolulu.user.username)).toHaveLength(1);
  });

  it('keeps the hourly timer from holding the process open, and stops it on close', () => {
    // Prepare
    const setTimer = jest.spyOn(global, 'setTimeout');
    const clearTimer = jest.spyOn(global, 'clearTimeout');
    try {
      // Act
      const stop = startHourlyReminders(() => undefined);
      const timer = setTimer.mock.results.at(-1)!.value as NodeJS.Timeout;
      stop();
      // Assess
      expect(timer.hasRef()).toBe(false);
      expect(clearTimer).toHaveBeenCalledWith(timer);
    } finally {
      setTimer.mockRestore();
      clearTimer.mockRestore();
    }
  });
});

describe('the job table', () => {
  it('names a scheduler, a worker, the SES events job, the import job, the reviews sync, the inbound e-mail and texts jobs, the home values sync and the calendar-out job, each with a handler file', async () => {
    expect(jobs.map((j) => j.name)).toEqual([
      'reminders-scheduler',
      'reminders-worker',
      'ses-events',
      'imports-worker',
      'reviews-sync',
      'inbound-email',
      'sms-inbound',
      'home-values-sync',
      'calendar-out',
    ]);
    for (const job of jobs) {
      const mod = (await import(`./${job.name}.ts`)) as { handler: unknown };
      expect(typeof mod.handler).toBe('function');
    }
  });
});
