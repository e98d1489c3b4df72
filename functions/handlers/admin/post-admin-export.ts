// POST /api/admin/export: admin-export.zip (agents, clients, invitations, milestones, testimonials)
// streamed into the exports bucket page by page, answered with a short-lived download link.
import { defineHandler } from '../../http/handler';
import { exportPlatform } from '../../services/admin-export';

export const handler = defineHandler('admin/post-admin-export', {}, async ({ user, log }) => ({
  body: await exportPlatform(user.id, log),
}));
