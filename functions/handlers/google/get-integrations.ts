// GET /api/integrations: how each of the agent's connections and their features stand (ok, degraded, reauth_needed,
// off), with what their last sync did. One read of the Google connection.
import { defineHandler } from '../../http/handler';
import { integrationsOf } from '../../services/integrations';

export const handler = defineHandler('google/get-integrations', {}, async ({ user }) => ({
  body: await integrationsOf(user.id),
}));
