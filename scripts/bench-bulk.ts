// `npm run bench` section "bulk": a Pro agent's book of 10,000 clients (seeded as the book section seeds it, every
// client carrying the tag "Buyer"), tagged "Newsletter" in one bulk action through the local HTTP server as the
// browser does it: POST /api/clients/bulk { action: 'add-tag', filter: { tag: 'buyer' } }, which queues a job on the
// imports queue (jobs/imports-worker, in-process as the local runtime runs it), then GET /api/clients/bulk/{id} every
// 250 ms until it is done. Reported: the wall time from the request to done, clients per second, the phases (the
// request; until the job knows its clients; the tagging) and the DynamoDB calls by kind. The run fails unless the job
// tagged every client and GET /api/tags counts 10,000 "Newsletter" at the end.
// BENCH_BULK_CLIENTS sets another book size (to profile a smaller one, say).
import type { BulkJob, TagList } from '@shared/api-types';
import { setProStatus } from '../functions/data/users';
import { signedInAgent, startTestApi } from '../functions/testing/local-api';
import { seedBook } from './bench-book';
import { counting } from './bench-imports';

type Figures = { lines: string[]; report: Record<string, unknown> };

const CLIENTS = Number(process.env.BENCH_BULK_CLIENTS ?? 10_000);
const TAG = 'Newsletter';
const POLL_MS = 250;

export async function benchBulk(): Promise<Figures> {
  const api = await startTestApi();
  try {
    const { client, user } = await signedInAgent(api);
    await setProStatus(user.id, true);
    const seed = await seedBook(user.id, CLIENTS, { tagEvery: 1 });
    let job!: BulkJob;
    let polls = 0;
    const started = performance.now();
    let acceptedAt = 0;
    let plannedAt = 0;
    const { calls } = await counting(async () => {
      const res = await client.post<{ id: string }>('/api/clients/bulk', {
        action: 'add-tag',
        filter: { tag: 'buyer' },
        tag: TAG,
      });
      acceptedAt = performance.now();
      if (res.status !== 202) throw new Error(`the bulk action answered ${res.status}: ${res.text}`);
      for (;;) {
        const poll = await client.get<BulkJob>(`/api/clients/bulk/${res.body.id}`);
        polls += 1;
        if (poll.status !== 200) throw new Error(`the bulk job answered ${poll.status}: ${poll.text}`);
        job = poll.body;
        if (!plannedAt && job.total > 0) plannedAt = performance.now();
        if (job.status === 'done') break;
        await new Promise((done) => setTimeout(done, POLL_MS));
      }
    });
    const endedAt = performance.now();
    if (job.total !== CLIENTS || job.done !== CLIENTS || job.failed !== 0)
      throw new Error(
        `the bulk job ended with ${job.done} of ${job.total} done, ${job.failed} failed: ${CLIENTS} asked`,
      );
    const tags = await client.get<TagList>('/api/tags');
    const counted = tags.body.tags?.find((t) => t.name === TAG)?.count;
    if (counted !== CLIENTS)
      throw new Error(`GET /api/tags counts ${counted} "${TAG}" after tagging ${CLIENTS}: ${tags.text.slice(0, 300)}`);
    const totalMs = Math.round(endedAt - started);
    const seconds = totalMs / 1000;
    const clientsPerSecond = Math.round(CLIENTS / seconds);
    const phases = {
      requestMs: Math.round(acceptedAt - started),
      planMs: Math.round((plannedAt || endedAt) - acceptedAt),
      taggingMs: Math.round(endedAt - (plannedAt || endedAt)),
    };
    // The status polls are the bench's, not the job's: the calls of one more poll, counted alone, times the polls.
    const { calls: pollCalls } = await counting(() => client.get(`/api/clients/bulk/${job.id}`));
    const jobCalls = Object.fromEntries(
      Object.entries(calls).map(([kind, n]) => [kind, n - (pollCalls[kind] ?? 0) * polls]),
    );
    const total = Object.entries(jobCalls)
      .filter(([kind]) => kind !== 'BatchWriteItems')
      .reduce((n, [, c]) => n + c, 0);
    const perClient = (n: number | undefined) => Math.round(((n ?? 0) / CLIENTS) * 100) / 100;
    const byKind = Object.entries(jobCalls)
      .filter(([kind, n]) => kind !== 'BatchWriteItems' && n > 0)
      .sort((a, b) => b[1] - a[1])
      .map(([kind, n]) => `${kind} ${n.toLocaleString('en-US')} (${perClient(n)})`)
      .join(', ');
    return {
      report: {
        clients: CLIENTS,
        tag: TAG,
        seed,
        totalMs,
        clientsPerSecond,
        phases,
        polls,
        pollCalls,
        calls: jobCalls,
        callsTotal: total,
        callsPerClient: perClient(total),
        tagCount: counted,
        result: job,
      },
      lines: [
        `## A bulk tag of ${CLIENTS.toLocaleString('en-US')} clients through the bulk job`,
        '',
        `A Pro agent's book of ${CLIENTS.toLocaleString('en-US')} clients (seeded by batch writes as the book section seeds it: ${seed.items.toLocaleString('en-US')} items in ${(seed.ms / 1000).toFixed(1)} s), every client tagged "Buyer", tagged "${TAG}" by one bulk action as the browser asks for it through the local HTTP server: POST /api/clients/bulk { action: 'add-tag', filter: { tag: 'buyer' } } answers 202 with the job (over 100 clients), which the imports queue runs (jobs/imports-worker, in-process as the local runtime runs it: it resolves the filter's ids once, then tags 50 clients a batch, 8 at once, each batch with its checkpoint), and GET /api/clients/bulk/{id} every ${POLL_MS} ms until done. At the end the job counts ${job.done.toLocaleString('en-US')} done and ${job.failed} failed, and GET /api/tags counts ${counted!.toLocaleString('en-US')} "${TAG}" (the run fails otherwise).`,
        '',
        '| figure | value |',
        '|---|---:|',
        `| total, the request to done | **${seconds.toFixed(1)} s** |`,
        `| clients per second | **${clientsPerSecond}** |`,
        `| the request (202) | ${phases.requestMs} ms |`,
        `| until the job knows its clients (the filter's ids resolved and written) | ${(phases.planMs / 1000).toFixed(1)} s |`,
        `| the tagging, ${Math.ceil(CLIENTS / 50)} batches with their checkpoints, and the end | ${(phases.taggingMs / 1000).toFixed(1)} s |`,
        `| DynamoDB calls of the request and the job (the ${polls} status polls left out): total (per client) | ${total.toLocaleString('en-US')} (${perClient(total)}) |`,
        `| by kind (per client) | ${byKind} |`,
        '',
        "Each client is read and written through the client record (changeClient: the item written conditioned on the revision it read, the entries and counters derived from the item before and after), so the calls follow the clients one for one; the time is the emulator's, which serves them one at a time in the same Node process as the job. In AWS the job is bound by its concurrency (8 clients in flight) and DynamoDB's few milliseconds a call.",
        '',
      ],
    };
  } finally {
    await api.close();
  }
}
