// Erasing a closing account: the background task (jobs/background-tasks.ts) that DELETE /api/user queues. It
// deletes the clients a page at a time through their erasure (functions/services/client-erasure.ts), queueing its
// own continuation near its timeout as imports do, revokes the agent's Google token at Google, then deletes the
// agent's scattered items (the owner index), files (every version of them) and partitions, and the profile last. Every
// step deletes only what is still there, so a run cut anywhere is run again from the start and finishes the work.
import type { SQSRecord } from 'aws-lambda';
import {
  clientIdsPage,
  deleteAgentPartitions,
  deleteClosedUser,
  deleteOwnedItems,
  endAccountAccess,
} from '../data/account-erasure';
import { getConnection } from '../data/google-connections';
import { getUserById } from '../data/users';
import { deleteAgentExports } from '../integrations/export-files';
import { revokeToken, type GoogleBusinessError } from '../integrations/google-business';
import { deleteAgentImportFiles } from '../integrations/import-files';
import { enqueueTask, type AccountErasureMessage } from '../integrations/task-queue';
import { unsealRefreshToken } from '../integrations/token-sealing';
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
  await revokeGoogleToken(user.id, log);
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

/**
 * Revokes the agent's Google grant at Google while the connection still holds its token (it goes with the agent's
 * partition). A failure (Google down, a token that cannot be read) is logged, and the account closes all the same; a
 * token Google already forgot (a run again) counts as revoked.
 */
async function revokeGoogleToken(agentId: string, log: Logger): Promise<void> {
  const connection = await getConnection(agentId);
  if (!connection) return;
  try {
    const token = await unsealRefreshToken(agentId, connection.refreshTokenSealed);
    if (!token) {
      log.warn('google token not revoked at Google', { agentId, reason: 'unreadable' });
      return;
    }
    await revokeToken(token);
    log.info('google token revoked', { agentId });
  } catch (error) {
    const reason = (error as Partial<GoogleBusinessError>).reason ?? 'error';
    log.warn('google token not revoked at Google', { agentId, reason, error });
  }
}

async function continueLater(message: AccountErasureMessage): Promise<ErasureOutcome> {
  await enqueueTask(message);
  return 'continued';
}
