// The agent's integrations as GET /api/integrations shows them: the Google connection's reviews (the hourly reviews
// sync), contacts (the contacts sync) and calendar (the calendar sync), each as functions/domain/integration-status.ts
// judges it.
import type { Integrations } from '@shared/api-types';
import { getConnection } from '../data/google-connections';
import { integrationStatus } from '../domain/integration-status';

export async function integrationsOf(agentId: string, now = new Date()): Promise<Integrations> {
  const connection = await getConnection(agentId);
  const contacts = connection?.contactsFeature;
  const calendar = connection?.calendarFeature;
  return {
    google: {
      connected: connection !== undefined,
      clientsGroup: Boolean(contacts?.group),
      features: {
        // The reviews follow a location: until one is chosen there is nothing to sync.
        reviews: integrationStatus(
          {
            since: connection?.locationName ? connection.connectedAt : null,
            lastSuccessAt: connection?.lastSyncAt ?? null,
            lastError: null,
          },
          now,
        ),
        contacts: integrationStatus(
          {
            since: contacts?.enabledAt ?? null,
            lastSuccessAt: contacts?.lastSuccessAt ?? null,
            lastError: contacts?.lastError ?? null,
            itemsIn: contacts?.lastRun?.itemsIn ?? 0,
            itemsOut: contacts?.lastRun?.itemsOut ?? 0,
            conflicts: contacts?.conflicts?.length ?? 0,
          },
          now,
        ),
        calendar: integrationStatus(
          {
            since: calendar?.enabledAt ?? null,
            lastSuccessAt: calendar?.lastSuccessAt ?? null,
            lastError: calendar?.lastError ?? null,
            itemsIn: calendar?.lastRun?.itemsIn ?? 0,
            itemsOut: calendar?.lastRun?.itemsOut ?? 0,
          },
          now,
        ),
      },
    },
  };
}
