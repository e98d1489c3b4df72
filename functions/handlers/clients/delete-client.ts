// DELETE /api/clients/{id}: deletes one of the agent's clients (its milestones and testimonial
// records go with it), frees its plan slot, then deletes its videos from the uploads bucket.
import { deleteClient } from '../../data/client-record';
import { notFound } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { clientVideosPrefix, deleteClientVideos } from '../../integrations/video-uploads';

export const handler = defineHandler('clients/delete-client', {}, async ({ user, params, log }) => {
  const clientId = params.id ?? '';
  // The table first: once the client is gone nothing can reach its videos any more, so S3 failing
  // afterwards leaves unreachable objects (logged for cleanup), never a half-deleted client. The
  // other order could delete the videos of a client whose own delete then fails.
  if (!(await deleteClient(user.id, clientId))) throw notFound('Client not found');
  try {
    const deleted = await deleteClientVideos(user.id, clientId);
    if (deleted > 0) log.info('client videos deleted', { clientId, deleted });
  } catch (error) {
    log.warn('client videos left in the uploads bucket', {
      clientId,
      prefix: clientVideosPrefix(user.id, clientId),
      error,
    });
  }
  return { status: 204 };
});
