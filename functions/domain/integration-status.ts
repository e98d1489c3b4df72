// How a synced feature stands, in one word the agent can act on (GET /api/integrations): `off` when it is not on;
// `reauth_needed` when Google refused the grant at the last try (only connecting again helps); `degraded` when the last
// try failed otherwise, or nothing has succeeded for STALE_HOURS (a feature turned on that long ago included);
// `ok` otherwise.
import type { IntegrationStatus } from '@shared/api-types';

/** A day without a success is worth telling the agent. */
export const STALE_HOURS = 24;

export type SyncRecord = {
  /** When the feature was turned on (or connected); null: it is off. */
  since: string | null;
  lastSuccessAt: string | null;
  /** Why the last try failed (`reconnect`: Google refused the grant); null when it succeeded. */
  lastError: string | null;
  itemsIn?: number;
  itemsOut?: number;
  conflicts?: number;
};

export function integrationStatus(record: SyncRecord, now: Date): IntegrationStatus {
  const counts = {
    lastSuccessAt: record.lastSuccessAt,
    lastError: record.lastError,
    itemsIn: record.itemsIn ?? 0,
    itemsOut: record.itemsOut ?? 0,
    conflicts: record.conflicts ?? 0,
  };
  if (!record.since) return { state: 'off', ...counts };
  if (record.lastError === 'reconnect') return { state: 'reauth_needed', ...counts };
  const lastGood = record.lastSuccessAt ?? record.since;
  const stale = now.getTime() - Date.parse(lastGood) > STALE_HOURS * 3_600_000;
  return { state: record.lastError || stale ? 'degraded' : 'ok', ...counts };
}
