// GET /api/clients/export: every client of the signed-in agent, every field, as a CSV (the admin
// export's columns and formula-cell escaping). A book can be far above Lambda's 6 MB answer, so the
// file is streamed page by page into the exports bucket and answered as a short-lived link that
// downloads hearthside-clients-YYYY-MM-DD.csv (the agent's date).
import { defineHandler } from '../../http/handler';
import { exportOwnClients } from '../../services/client-export';

export const handler = defineHandler('clients/get-clients-export', {}, async ({ user, log }) => ({
  body: await exportOwnClients(user, log),
}));
