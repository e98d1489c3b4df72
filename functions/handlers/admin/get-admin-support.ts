// GET /api/admin/support: the open support requests in the order they are answered (Pro agents'
// first, then the oldest first), one Query of their index; `?status=closed`: the recently closed.
import { supportQueueQuery } from '@shared/support';
import { supportQueue } from '../../services/support';
import { defineHandler } from '../../http/handler';

export const handler = defineHandler('admin/get-admin-support', { query: supportQueueQuery }, async ({ query }) => ({
  body: await supportQueue(query.status ?? 'open'),
}));
