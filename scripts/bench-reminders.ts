// The reminders job figures of `npm run bench`: 1,000 agents × 200 clients (BENCH_JOB_AGENTS,
// BENCH_JOB_CLIENTS to change), every agent due at the same 8 am. It counts the DynamoDB calls and
// items each part reads, and times the scheduler's hourly run and the worker over every digest,
// against what a scan of every client each hour would read.
import type { HandlerExecutionContext } from '@smithy/types';
import { addDays } from '@shared/dates';
import { db } from '../functions/data/db';
import { entryItem, occasionIndexEntries } from '../functions/data/client-lists';
import { clientKey } from '../functions/data/keys/clients';
import { agentsIndexKeys, userKey } from '../functions/data/keys/users';
import { getUserById, setAutomationRules } from '../functions/data/users';
import { forEachLimited } from '../functions/lib/concurrency';
import { runAutomations } from '../functions/services/automations';
import { AUTOMATION_OCCASIONS } from '@shared/automations';
import { dueMilestones } from '../functions/domain/milestones';
import { takeLocalDigestMessages } from '../functions/integrations/digest-queue';
import { handler as scheduler } from '../functions/jobs/reminders-scheduler';
import { handler as worker } from '../functions/jobs/reminders-worker';
import { sqsEvent } from '../functions/local/reminders-job';
import { startTestApi } from '../functions/testing/local-api';
import { batchPut } from './bench-admin';
import { percentile as percentileOf } from './bench-stats';

const percentile = (samples: readonly number[], p: number) => percentileOf(samples, p, 1);

type Figures = { lines: string[]; report: Record<string, unknown> };
type Tally = { calls: Record<string, number>; itemsRead: number };

const DAY = '2025-03-10'; // a Monday after New York moved its clocks: 8:00 EDT is 12:00 UTC
const DUE_RUN = `${DAY}T12:00:00Z`;
const QUIET_RUN = `${DAY}T13:00:00Z`;

const pad = (n: number) => String(n).padStart(2, '0');
/** A date in 1970–1999 on day `n` of a 365-day year, so key dates spread over the calendar. */
function spreadDate(n: number, year: number): string {
  const date = new Date(Date.UTC(2001, 0, 1) + (n % 365) * 86_400_000);
  return `${year}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** Counts every DynamoDB call made while `fn` runs, by command, and the items they returned. */
async function counting<T>(fn: () => Promise<T>): Promise<{ result: T; tally: Tally; ms: number }> {
  const tally: Tally = { calls: {}, itemsRead: 0 };
  const name = `bench-count-${Math.random()}`;
  db().middlewareStack.add(
    (next, context: HandlerExecutionContext) => async (args) => {
      const out = await next(args);
      const command = context.commandName ?? 'unknown';
      tally.calls[command] = (tally.calls[command] ?? 0) + 1;
      const output = out.output as { Items?: unknown[]; Item?: unknown; Responses?: Record<string, unknown[]> };
      tally.itemsRead +=
        (output.Items?.length ?? 0) +
        (output.Item ? 1 : 0) +
        Object.values(output.Responses ?? {}).reduce((s, r) => s + r.length, 0);
      return out;
    },
    { step: 'initialize', name },
  );
  const start = performance.now();
  try {
    const result = await fn();
    return { result, tally, ms: Math.round(performance.now() - start) };
  } finally {
    db().middlewareStack.remove(name);
  }
}

const describeCalls = (tally: Tally) =>
  Object.entries(tally.calls)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([command, n]) => `${n.toLocaleString('en-US')} ${command.replace(/Command$/, '')}`)
    .join(', ');

export async function benchRemindersJob({
  agents = Number(process.env.BENCH_JOB_AGENTS ?? 1000),
  clientsPerAgent = Number(process.env.BENCH_JOB_CLIENTS ?? 200),
}: { agents?: number; clientsPerAgent?: number } = {}): Promise<Figures> {
  const totalClients = agents * clientsPerAgent;
  const api = await startTestApi();
  try {
    const seedStart = performance.now();
    const signup = '2024-01-01T00:00:00.000Z';
    const users: Array<Record<string, unknown>> = [];
    const clients: Array<Record<string, unknown>> = [];
    const occasions: Array<Record<string, unknown>> = [];
    for (let a = 0; a < agents; a += 1) {
      const id = `job-agent-${a}`;
      users.push({
        ...userKey(id),
        ...agentsIndexKeys(signup, id),
        type: 'user',
        id,
        username: `job${a}@bench.test`,
        fullName: `Agent ${a}`,
        phone: `(512) 555-${String(a % 10000).padStart(4, '0')}`,
        passwordHash: 'scrypt$not-a-real-hash',
        isPro: true,
        isAdmin: false,
        timeZone: 'America/New_York',
        signupDate: signup,
        clientCount: clientsPerAgent,
      });
      for (let c = 0; c < clientsPerAgent; c += 1) {
        const cid = `job-client-${a}-${c}`;
        const n = a * 7 + c * 3;
        const client = {
          ...clientKey(id, cid),
          type: 'client',
          id: cid,
          agentId: id,
          name: `Client ${a}-${c}`,
          email: `j${a}-${c}@bench.test`,
          phone: '(512) 555-0100',
          birthday: spreadDate(n, 1960 + (c % 40)),
          ...(c % 2 === 0 ? { anniversary: spreadDate(n + 120, 1990 + (c % 30)) } : {}),
          ...(c % 3 === 0 ? { purchaseDate: spreadDate(n + 200, 2010 + (c % 14)) } : {}),
          reviewStatus: 'pending' as const,
          hasTestimonial: false,
          createdAt: signup,
          updatedAt: signup,
        };
        // As the product keeps it: the milestones due until yesterday are already awarded.
        const awarded = dueMilestones(client, addDays(DAY, -1)).map((m) => m.type);
        clients.push(awarded.length ? { ...client, awardedMilestones: new Set(awarded) } : client);
        // The occasion index, as the product writes it with each client.
        for (const entry of occasionIndexEntries(client)) occasions.push(entryItem(entry, cid));
      }
    }
    await batchPut(users);
    await batchPut(clients);
    await batchPut(occasions);
    const seedMs = Math.round(performance.now() - seedStart);
    const occasionItems = occasions.length;
    users.length = 0;
    clients.length = 0;
    occasions.length = 0;

    takeLocalDigestMessages();
    const quiet = await counting(() => scheduler({ scheduledTime: QUIET_RUN }));
    takeLocalDigestMessages();
    const due = await counting(() => scheduler({ scheduledTime: DUE_RUN }));
    const messages = takeLocalDigestMessages();

    const perBatch: number[] = [];
    let failed = 0;
    const work = await counting(async () => {
      for (let i = 0; i < messages.length; i += 10) {
        const start = performance.now();
        failed += (await worker(sqsEvent(messages.slice(i, i + 10)))).batchItemFailures.length;
        perBatch.push(performance.now() - start);
      }
    });
    const mails = (await api.outbox()).filter((m) => m.channel === 'email').length;

    // The automations of the next day, every occasion on (for approval: drafted by the local composer,
    // as for an agent without a model), run for each agent as the worker runs them after its digest.
    const ids = Array.from({ length: agents }, (_, a) => `job-agent-${a}`);
    const rules = AUTOMATION_OCCASIONS.map((occasion) => ({
      occasion,
      enabled: true,
      channel: 'email' as const,
      mode: 'approve' as const,
      sendTime: '09:00',
    }));
    await forEachLimited(ids, 16, async (id) => void (await setAutomationRules(id, rules)));
    const nextDay = addDays(DAY, 1);
    const agentItems = await Promise.all(ids.map((id) => getUserById(id)));
    let dueClients = 0;
    let drafted = 0;
    const automation = await counting(async () => {
      await forEachLimited(agentItems, 4, async (agent) => {
        const run = await runAutomations(agent!, nextDay, new Date(`${nextDay}T12:00:30Z`));
        dueClients += run.due;
        drafted += run.awaiting + run.scheduled;
      });
    });

    const hourlyScanItems = totalClients * 24;
    const jobDailyItems = due.tally.itemsRead + quiet.tally.itemsRead * 23 + work.tally.itemsRead;
    const report = {
      agents,
      clients: totalClients,
      seedMs,
      scheduler: {
        dueRun: { ms: due.ms, ...due.tally, queued: messages.length },
        quietRun: { ms: quiet.ms, ...quiet.tally },
      },
      worker: {
        ms: work.ms,
        ...work.tally,
        batches: perBatch.length,
        batchP50Ms: percentile(perBatch, 50),
        batchP99Ms: percentile(perBatch, 99),
        failed,
        emails: mails,
      },
      perDay: { jobItemsRead: jobDailyItems, hourlyScanItemsRead: hourlyScanItems },
      automations: { date: nextDay, occasionItems, dueClients, drafted, ms: automation.ms, ...automation.tally },
    };
    const lines = [
      '## Reminders job',
      '',
      `${agents.toLocaleString('en-US')} agents × ${clientsPerAgent} clients (${totalClients.toLocaleString('en-US')} clients, seeded in ${seedMs} ms by batch writes), every agent in New York so all are due at the same run (${DUE_RUN}). DynamoDB calls counted at the client; items are those returned.`,
      '',
      '| part | time ms | DynamoDB calls | items read |',
      '|---|---:|---|---:|',
      `| scheduler, an hour when nobody is due | ${quiet.ms} | ${describeCalls(quiet.tally)} | ${quiet.tally.itemsRead.toLocaleString('en-US')} |`,
      `| scheduler, the hour all ${agents.toLocaleString('en-US')} are due (${messages.length.toLocaleString('en-US')} queued) | ${due.ms} | ${describeCalls(due.tally)} | ${due.tally.itemsRead.toLocaleString('en-US')} |`,
      `| worker, every digest (${perBatch.length} batches of 10, one after another; ${mails} e-mails, ${failed} failed) | ${work.ms} | ${describeCalls(work.tally)} | ${work.tally.itemsRead.toLocaleString('en-US')} |`,
      '',
      `Worker batch of 10: p50 ${percentile(perBatch, 50)} ms, p99 ${percentile(perBatch, 99)} ms. Per agent: one GetItem of the agent, one Query of their clients, the digest record's conditional put and update, the counter updates and the milestones that fell due that day. (Clients seeded with the milestones due until the day before, as the product keeps them; a first run over data that never had milestones would award them all once.)`,
      `**Automations** (${nextDay}, every occasion on for all ${agents.toLocaleString('en-US')} agents, drafts for approval by the local composer): ${dueClients.toLocaleString('en-US')} due clients, ${drafted.toLocaleString('en-US')} drafts, in ${automation.ms} ms. DynamoDB: ${describeCalls(automation.tally)}; ${automation.tally.itemsRead.toLocaleString('en-US')} items read, ${(automation.tally.itemsRead / Math.max(1, dueClients)).toFixed(1)} per due client, against the ${totalClients.toLocaleString('en-US')} clients a read of every book would return. The due clients come from the occasion index (${occasionItems.toLocaleString('en-US')} entries, one Query per agent and day, then one BatchGet of the due clients); each due client costs a GetItem of its message id (once per year), a GetItem of the client and one of the AI draft counter (the composer's), and the conditional PutItem of the draft.`,
      '',
      `Items read per day: ${jobDailyItems.toLocaleString('en-US')} by the job (the agents index each hour, each agent's clients once) against ${hourlyScanItems.toLocaleString('en-US')} for a scan of every client each hour (${Math.round(hourlyScanItems / jobDailyItems)}× more). The scheduler reads only the agents index, so its hourly cost grows with agents; the worker's with each agent's own clients, once a day.`,
      '',
    ];
    return { lines, report };
  } finally {
    await api.close();
  }
}
