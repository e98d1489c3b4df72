// GET /api/admin/analytics: platform totals and the last 12 months from the counters (one Query of
// the STATS partition) and the agents index; never a read of the clients themselves.
import { defineHandler } from '../../http/handler';
import { readAdminAnalytics } from '../../services/admin-analytics';

export const handler = defineHandler('admin/get-admin-analytics', {}, async () => ({
  body: await readAdminAnalytics(),
}));
