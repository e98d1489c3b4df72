// The administrators' export: admin-export.zip (agents, clients, invitations, milestones, testimonials), each CSV
// streamed page by page into the exports bucket (which deletes it after a day), answered as a short-lived link.
import type { AdminExport } from '@shared/api-types';
import { listAgents } from '../data/agents';
import { clientPages, invitationPages, milestonePages, testimonialPages } from '../data/export-sources';
import { csvStream } from '../domain/csv-export';
import {
  AGENT_COLUMNS,
  CLIENT_COLUMNS,
  INVITATION_COLUMNS,
  invitationStatus,
  MILESTONE_COLUMNS,
  TESTIMONIAL_COLUMNS,
} from '../domain/export-columns';
import { randomId } from '../domain/signed-tokens';
import { storeZipExport } from '../integrations/zip-export';
import type { Logger } from '../observability/logger';

export const ADMIN_EXPORT_FILE = 'admin-export.zip';

async function* mapPages<T, U>(pages: AsyncIterable<T[]>, fn: (row: T) => U): AsyncGenerator<U[]> {
  for await (const page of pages) yield page.map(fn);
}

/** The platform's data as admin-export.zip, one CSV per kind of item; `adminId` is who asked (for the log). */
export async function exportPlatform(
  adminId: string,
  log: Pick<Logger, 'info'>,
  now = new Date(),
): Promise<AdminExport> {
  const agents = await listAgents();
  const usernames = new Map(agents.map((a) => [a.id, a.username]));
  const key = `admin-exports/${now.toISOString().slice(0, 10)}/${randomId()}.zip`;
  const stored = await storeZipExport(
    key,
    ADMIN_EXPORT_FILE,
    [
      { name: 'agents.csv', content: csvStream(AGENT_COLUMNS, [agents]) },
      { name: 'clients.csv', content: csvStream(CLIENT_COLUMNS, clientPages(usernames)) },
      {
        name: 'invitations.csv',
        content: csvStream(
          INVITATION_COLUMNS,
          mapPages(invitationPages(), (i) => ({
            ...i,
            agentUsername: usernames.get(i.agentId) ?? null,
            status: invitationStatus(i, now),
          })),
        ),
      },
      { name: 'milestones.csv', content: csvStream(MILESTONE_COLUMNS, milestonePages()) },
      {
        name: 'testimonials.csv',
        content: csvStream(
          TESTIMONIAL_COLUMNS,
          mapPages(testimonialPages(), (t) => ({ ...t, agentUsername: usernames.get(t.agentId) ?? null })),
        ),
      },
    ],
    now,
  );
  log.info('admin export stored', { by: adminId, key, bytes: stored.bytes });
  return { url: stored.url, fileName: ADMIN_EXPORT_FILE, expiresAt: stored.expiresAt };
}
