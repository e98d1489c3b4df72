// The table of the tasks the background tasks queue carries, and the worker's dispatch through it: every kind of
// message the queue carries has its parser, its run and its retry policy, and a message the table cannot take is a
// failed record (SQS delivers it again, then sets it aside), never dropped. The runs are replaced: the dispatch is
// under test here, the runs in the API tests (functions/handlers/imports/imports.test.ts and others).
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { TaskKind, TaskMessage } from '../integrations/task-queue';
import { captureOutput, type OutputLine } from '../testing/output';
import { backgroundTasks, type TaskEntry } from './background-tasks';
import { handleImportMessages } from './imports-worker';

/** One message of each kind the queue carries: TypeScript holds this list to every kind of TaskMessage. */
const messageOf: { [K in TaskKind]: Extract<TaskMessage, { kind: K }> } = {
  import: { kind: 'import', agentId: 'agent1', importId: 'import1' },
  'close-account': { kind: 'close-account', agentId: 'agent1' },
  bulk: { kind: 'bulk', agentId: 'agent1', jobId: 'job1' },
  broadcast: { kind: 'broadcast', agentId: 'agent1', broadcastId: 'broadcast1' },
  'calendar-sync': { kind: 'calendar-sync', agentId: 'agent1' },
};
const KINDS = Object.keys(messageOf) as TaskKind[];

/** The entry of a kind, as the worker sees any of them. */
const entryOf = (kind: TaskKind) => backgroundTasks[kind] as unknown as TaskEntry<TaskMessage, string>;
/** An SQS event of these bodies, their message ids m1, m2… */
const eventOf = (...bodies: string[]) =>
  ({ Records: bodies.map((body, i) => ({ messageId: `m${i + 1}`, body })) }) as SQSEvent;
const failed = (...ids: string[]) => ({ batchItemFailures: ids.map((itemIdentifier) => ({ itemIdentifier })) });
/** The worker's answer to one event of these bodies, and the lines it logged. */
async function runWorker(...bodies: string[]): Promise<{ answer: SQSBatchResponse; lines: OutputLine[] }> {
  let answer: SQSBatchResponse | undefined;
  const lines = await captureOutput({}, async () => {
    answer = await handleImportMessages(eventOf(...bodies));
  });
  return { answer: answer!, lines };
}
/** What the worker answers to one event of these bodies (its log lines set aside). */
const answerTo = async (...bodies: string[]) => (await runWorker(...bodies)).answer;

afterEach(() => jest.restoreAllMocks());

describe('the background tasks table', () => {
  it('has one entry for each kind of message the queue carries, and no other', () => {
    expect(Object.keys(backgroundTasks).sort()).toEqual([...KINDS].sort());
  });

  it.each(KINDS)('gives %s a name, a parser, a run and a retry policy', (kind) => {
    expect(entryOf(kind)).toEqual(
      expect.objectContaining({
        name: expect.any(String),
        parse: expect.any(Function),
        run: expect.any(Function),
        retryOn: expect.any(Array),
      }),
    );
  });

  it.each(KINDS)("reads a message of kind %s with its own parser, which every other kind's refuses", (kind) => {
    const record = { body: JSON.stringify(messageOf[kind]) };
    for (const other of KINDS)
      expect({ other, parsed: entryOf(other).parse(record) }).toEqual({
        other,
        parsed: other === kind ? messageOf[kind] : null,
      });
  });

  it('retries an import or a bulk action another run holds, the erasure of an account not marked closing, and a calendar sync Google limited or failed', () => {
    expect(Object.fromEntries(KINDS.map((kind) => [kind, entryOf(kind).retryOn]))).toEqual({
      import: ['busy'],
      'close-account': ['not-closing'],
      bulk: ['busy'],
      broadcast: [],
      'calendar-sync': ['quota', 'unavailable', 'timeout'],
    });
  });
});

describe('the background tasks worker', () => {
  it('refuses a message whose kind the table does not name as a batch item failure, and runs nothing', async () => {
    // Prepare
    const runs = KINDS.map((kind) => jest.spyOn(entryOf(kind), 'run'));
    // Act
    const { answer, lines } = await runWorker(
      JSON.stringify({ kind: 'export', agentId: 'agent1' }),
      JSON.stringify({ kind: 'toString', agentId: 'agent1' }),
      JSON.stringify({ agentId: 'agent1', importId: 'import1' }),
      'not JSON',
    );
    // Assess
    expect(answer).toEqual(failed('m1', 'm2', 'm3', 'm4'));
    for (const run of runs) expect(run).not.toHaveBeenCalled();
    expect(
      lines
        .filter((line) => line.level === 'error')
        .map(({ message, messageId, kind }) => ({ message, messageId, kind })),
    ).toEqual([
      { message: 'unknown task kind', messageId: 'm1', kind: 'export' },
      { message: 'unknown task kind', messageId: 'm2', kind: 'toString' },
      { message: 'unknown task kind', messageId: 'm3', kind: 'undefined' },
      { message: 'unknown task kind', messageId: 'm4', kind: 'undefined' },
    ]);
  });

  it.each(KINDS)(
    'refuses a message of kind %s with a malformed id as a batch item failure, and runs nothing',
    async (kind) => {
      // Prepare
      const run = jest.spyOn(entryOf(kind), 'run');
      // Act
      const { answer, lines } = await runWorker(JSON.stringify({ ...messageOf[kind], agentId: '../agent2' }));
      // Assess
      expect(answer).toEqual(failed('m1'));
      expect(run).not.toHaveBeenCalled();
      expect(lines.map(({ level, message }) => ({ level, message }))).toEqual([
        { level: 'error', message: `malformed ${entryOf(kind).name} message` },
      ]);
    },
  );

  it.each(KINDS)(
    'runs a message of kind %s, and asks again only on its retry outcomes and on an error',
    async (kind) => {
      // Prepare
      const entry = entryOf(kind);
      const run = jest.spyOn(entry, 'run');
      const body = JSON.stringify(messageOf[kind]);
      // Act and assess: done.
      run.mockResolvedValueOnce('done');
      expect(await answerTo(body)).toEqual(failed());
      expect(run).toHaveBeenCalledWith(messageOf[kind], expect.objectContaining({ remainingMs: expect.any(Function) }));
      // Each retry outcome, and a run that throws.
      for (const outcome of entry.retryOn) {
        run.mockResolvedValueOnce(outcome);
        expect({ outcome, answer: await answerTo(body) }).toEqual({ outcome, answer: failed('m1') });
      }
      run.mockRejectedValueOnce(new Error('the table is throttled'));
      expect(await answerTo(body)).toEqual(failed('m1'));
    },
  );

  it('answers for each record of a batch on its own', async () => {
    // Prepare
    jest.spyOn(entryOf('import'), 'run').mockResolvedValue('busy');
    jest.spyOn(entryOf('bulk'), 'run').mockResolvedValue('done');
    // Act
    const answer = await answerTo(
      JSON.stringify(messageOf.bulk),
      JSON.stringify(messageOf.import),
      JSON.stringify({ kind: 'export' }),
    );
    // Assess
    expect(answer).toEqual(failed('m2', 'm3'));
  });
});
