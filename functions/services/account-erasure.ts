// Erasing a closing account: the background task (jobs/background-tasks.ts) that DELETE /api/user queues. It
// deletes the clients a page at a time through their erasure (functions/services/client-erasure.ts), queueing its
// own continuation near its timeout as imports do, then the agent's scattered items (the owner index), files and
// partitions, and the profile last. Every step deletes only what is still there, so a run cut anywhere is run again
// from the start and finishes the work.
import type { SQSRecord } from 'aws-lambda';
import {
  clientIdsPage,
  deleteAgentPartitions,
  deleteClosedUser,
  deleteOwnedItems,
  endAccountAccess,
} from '../data/account-erasure';
import { getUserById } from '../data/users';
import { deleteAgentExports } from '../integrations/export-files';
import { deleteAgentImportFiles } from '../integrations/import-files';
import { enqueueTask, type AccountErasureMessage } from '../integrations/task-queue';
import { deleteAgentVideos } from '../integrations/video-uploads';
import { forEachLimited } from '../lib/concurrency';
import type { Logger } from '../observability/logger';
import { eraseClient } from './client-erasure';
import { STOP_BEFORE_TIMEOUT_MS } from './import-jobs';

/** Clients read per page, and erased this many at a time. */
const CLIENT_PAGE = 100;
const CLIENTS_AT_ONCE = 8;

export function parseAccountErasureMessage(record: Pick<SQSRecord, 'body'>): AccountErasureMessage | null {
  let body: unknown;
  try {
    body = JSON.parse(record.body);
  } catch {
    return null;
  }
  const { kind, agentId } = (body ?? {}) as Record<string, unknown>;
  return kind === 'close-account' && typeof agentId === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(agentId)
    ? { kind, agentId }
    : null;
}

/**
 * What a run did: erased the account, queued its continuation, found it gone (erased already), or found an account
 * that is not closing (the message is older than a mark that never came: nothing is erased; SQS tries again).
 */
export type ErasureOutcome = 'done' | 'continued' | 'gone' | 'not-closing';

export async function runAccountErasure(
  message: AccountErasureMessage,
  { remainingMs, log }: { remainingMs: () => number; log: Logger },
  now = new Date(),
): Promise<ErasureOutcome> {
  const user = await getUserById(message.agentId, true);
  if (!user) return 'gone';
  if (!user.closingAt) return 'not-closing';
  await endAccountAccess(user);
  for (;;) {
    const ids = await clientIdsPage(user.id, CLIENT_PAGE);
    if (ids.length === 0) break;
    await forEachLimited(ids, CLIENTS_AT_ONCE, async (id) => {
      await eraseClient(user.id, id, log, { now, keepOptOuts: false });
    });
    if (remainingMs() < STOP_BEFORE_TIMEOUT_MS) return continueLater(message);
  }
  await deleteOwnedItems(user.id);
  await deleteAgentVideos(user.id);
  await deleteAgentImportFiles(user.id);
  await deleteAgentExports(user.id, now);
  // A client written meanwhile (an import's last batch): erased by the next run.
  if (!(await deleteAgentPartitions(user))) return continueLater(message);
  await deleteClosedUser(user.id);
  log.info('account erased', { agentId: user.id });
  return 'done';
}

async function continueLater(message: AccountErasureMessage): Promise<ErasureOutcome> {
  await enqueueTask(message);
  return 'continued';
}
