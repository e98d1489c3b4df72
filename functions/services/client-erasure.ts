// Deleting a client erases them: their registrations waiting for confirmation, their videos and the originals of
// their e-mail replies, the numbers we texted them at, the SES references and handled occasions (the owner index),
// then the client record with its activity, milestones and testimonial records (functions/client-record/record.ts). An
// opt-out of theirs outlives them as a keyed hash of the address (functions/data/opt-out-marks.ts), and so, for 30
// days, does a tombstone with that hash for the unsubscribe links already mailed (functions/data/client-tombstones.ts).
// The record goes last, so a delete cut halfway is finished by the next one, which still finds the client.
import { deleteOwnedItems } from '../data/account-erasure';
import { agentActor, clientFor } from '../data/client-access';
import { markConversationRead } from '../data/conversations';
import { deleteClient } from '../client-record/record';
import { listActivity } from '../data/messages';
import { putClientTombstone } from '../data/client-tombstones';
import { emailOptOutMark, rememberClientOptOuts } from '../data/opt-out-marks';
import type { NotFound } from '../domain/refusals';
import { deleteInboundEmail, isInboundEmailKey } from '../integrations/inbound-mail';
import { clientVideosPrefix, deleteClientVideos, deleteSubmissionVideos } from '../integrations/video-uploads';
import type { Logger } from '../observability/logger';

/** The originals of the client's e-mail replies, named by SES's message ids: found through the activity. */
async function deleteInboundOriginals(clientId: string, log: Logger): Promise<void> {
  const keys = (await listActivity(clientId)).flatMap((item) =>
    item.type === 'message' && item.rawKey && isInboundEmailKey(item.rawKey) ? [item.rawKey] : [],
  );
  try {
    for (const key of keys) await deleteInboundEmail(key);
    if (keys.length > 0) log.info('client e-mail originals deleted', { clientId, deleted: keys.length });
  } catch (error) {
    // As with the videos: once the activity is gone nothing names them, so the keys are logged for cleanup.
    log.warn('client e-mail originals left in the uploads bucket', { clientId, keys, error });
  }
}

export async function eraseClient(
  agentId: string,
  clientId: string,
  log: Logger,
  { now = new Date(), keepOptOuts = true }: { now?: Date; keepOptOuts?: boolean } = {},
): Promise<{ erased: true } | NotFound<'client'>> {
  const client = await clientFor(agentActor(agentId), clientId);
  if (!client) return { kind: 'not-found', what: 'client' };
  // A closing account keeps nothing: no send of theirs can follow.
  if (keepOptOuts) {
    await rememberClientOptOuts(client, now);
    await putClientTombstone({ agentId, clientId, emailMark: await emailOptOutMark(client.email) }, now);
  }
  // An unread conversation leaves the agent's unread count before it goes with the client's partition.
  await markConversationRead(agentId, clientId);
  const owned = await deleteOwnedItems(agentId, clientId);
  try {
    for (const item of owned)
      if (item.type === 'registration-submission' && item.id) await deleteSubmissionVideos(agentId, item.id);
    const deleted = await deleteClientVideos(agentId, clientId);
    if (deleted > 0) log.info('client videos deleted', { clientId, deleted });
  } catch (error) {
    // Nothing in the table names these objects any more once the client is gone: left for cleanup, logged.
    log.warn('client videos left in the uploads bucket', {
      clientId,
      prefix: clientVideosPrefix(agentId, clientId),
      error,
    });
  }
  await deleteInboundOriginals(clientId, log);
  return (await deleteClient(agentId, clientId, now)) ? { erased: true } : { kind: 'not-found', what: 'client' };
}
