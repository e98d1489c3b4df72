// GET /api/dashboard: the signed-in agent's dashboard in one request (functions/services/dashboard.ts).
import { defineHandler } from '../../http/handler';
import { readDashboard } from '../../services/dashboard';

export const handler = defineHandler('dashboard/get-dashboard', {}, async ({ user }) => ({
  body: await readDashboard(user),
}));
