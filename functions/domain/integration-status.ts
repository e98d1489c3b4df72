// How a synced feature stands, in one word the agent can act on (GET /api/integrations): `off` when it is not on;
// `reauth_needed` when Google refused the grant at the last try (only connecting again helps); `degraded` when the last
// try failed otherwise, or nothing has succeeded for STALE_HOURS (a feature turned on that long ago included);
// `ok` otherwise.
import type { IntegrationStatus } from '@shared/api-types';
import { googleFailureWords } from '@shared/google';

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

/** What each synced feature is called when the agent is told about it. */
export const FEATURE_NAMES = { reviews: 'Google reviews', contacts: 'Google Contacts', calendar: 'Google Calendar' };
export type SyncedFeature = keyof typeof FEATURE_NAMES;

/** The sentence that says what a feature needs from the agent, or null when it needs nothing (ok or off). */
export function attentionSentence(feature: SyncedFeature, status: IntegrationStatus): string | null {
  const name = FEATURE_NAMES[feature];
  if (status.state === 'reauth_needed') return `${name} stopped syncing: Google asks you to connect again.`;
  if (status.state !== 'degraded') return null;
  return status.lastError
    ? `${name} could not sync the last time it tried (${googleFailureWords(status.lastError)}).`
    : `${name} has not synced for a day.`;
}

/**
 * Whether the agent is owed the one notice of a feature that has gone STALE_HOURS without a success: once per
 * stretch without one (told since the last success: not again).
 */
export function owesStaleNotice(record: SyncRecord & { toldAt?: string | null }, now: Date): boolean {
  if (!record.since) return false;
  const lastGood = record.lastSuccessAt ?? record.since;
  if (now.getTime() - Date.parse(lastGood) <= STALE_HOURS * 3_600_000) return false;
  return !record.toldAt || record.toldAt < lastGood;
}
