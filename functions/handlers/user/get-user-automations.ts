// GET /api/user/automations: every occasion's rule (off by default) and whose occasions come round
// tomorrow in the agent's time zone, for the Automations page's preview.
import { automationsOf } from '../../services/automation-preview';
import { defineHandler } from '../../http/handler';

export const handler = defineHandler('user/get-user-automations', {}, async ({ user }) => ({
  body: await automationsOf(user),
}));
