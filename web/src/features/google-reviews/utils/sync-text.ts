// How Google's syncs are told to the agent: a feature's state in a few words (GET /api/integrations), what a contacts
// import will do (its preview), what a "Sync now" did, and the shell's banner when a feature needs the agent.
import type {
  CalendarSyncResult,
  ContactConflictView,
  ContactsSyncResult,
  ImportPreview,
  IntegrationStatus,
  Integrations,
} from '@shared/api-types';
import { googleFailureWords } from '@shared/google';
import { countText } from '@/lib/count-text';
import { ageLabel } from '@/lib/dates';

/** The features whose syncs GET /api/integrations reports. */
export type SyncedFeature = keyof Integrations['google']['features'];

/** Each synced feature as the banner names it. */
export const SYNCED_FEATURE_NAMES: Record<SyncedFeature, string> = {
  reviews: 'Reviews',
  contacts: 'Contacts',
  calendar: 'Calendar',
};

/** Whether the feature needs the agent: Google asks them to connect again, or the sync has stopped working. */
export const needsAgent = (status: IntegrationStatus): boolean =>
  status.state === 'reauth_needed' || status.state === 'degraded';

/**
 * A feature's sync in a few words: "Synced 2 h ago, 3 conflicts to look at", "Not synced yet", "Google needs you to
 * connect again", "Last sync failed: Google did not answer", "No sync for a day"; null for a feature that is off.
 */
export function syncStatusText(status: IntegrationStatus, now: Date = new Date()): string | null {
  const said = stateText(status, now);
  if (said === null) return null;
  return status.conflicts > 0 ? `${said}, ${countText(status.conflicts, 'conflict', 'conflicts')} to look at` : said;
}

function stateText({ state, lastSuccessAt, lastError }: IntegrationStatus, now: Date): string | null {
  const ago = lastSuccessAt ? ageLabel(lastSuccessAt, now) : null;
  switch (state) {
    case 'off':
      return null;
    case 'reauth_needed':
      return 'Google needs you to connect again';
    case 'degraded':
      if (lastError === 'quota')
        return `Last sync failed: ${googleFailureWords(lastError)}; it tries again within the hour`;
      if (lastError) return `Last sync failed: ${googleFailureWords(lastError)}`;
      return ago ? `No sync for a day (last synced ${ago})` : 'No sync for a day';
    case 'ok':
      return ago ? `Synced ${ago}` : 'Not synced yet';
  }
}

/** What starting a Google contacts import will do: "12 new clients, 3 already your clients (linked), 1 cannot be…". */
export function importPreviewText(preview: ImportPreview): string {
  const parts = [
    preview.new > 0 ? countText(preview.new, 'new client', 'new clients') : null,
    preview.matched > 0 ? `${preview.matched.toLocaleString('en-US')} already your clients (linked)` : null,
    preview.errors > 0 ? `${preview.errors.toLocaleString('en-US')} cannot be imported` : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(', ') : 'Your Google contacts are empty: there is nothing to import';
}

/** What a contacts "Sync now" did, or that nothing changed. */
export function contactsSyncText(result: ContactsSyncResult): string {
  return listOrNothing([
    result.created > 0 ? countText(result.created, 'new client', 'new clients') : null,
    result.updated > 0 ? `${countText(result.updated, 'client', 'clients')} updated from Google` : null,
    result.linked > 0 ? `${countText(result.linked, 'client', 'clients')} linked to a contact` : null,
    result.unlinked > 0
      ? `${countText(result.unlinked, 'client', 'clients')} unlinked (the contact was deleted in Google)`
      : null,
    result.itemsOut > 0 ? `${countText(result.itemsOut, 'contact', 'contacts')} updated in Google` : null,
    result.conflicts > 0 ? `${countText(result.conflicts, 'conflict', 'conflicts')} to look at` : null,
    result.capped > 0 ? `${countText(result.capped, 'contact', 'contacts')} left out at the free plan's limit` : null,
  ]);
}

/** What a calendar "Sync now" did, or that nothing changed. */
export function calendarSyncText(result: CalendarSyncResult): string {
  return listOrNothing([
    result.itemsOut > 0 ? `${countText(result.itemsOut, 'event', 'events')} written to your Hearthside calendar` : null,
    result.waitingOut > 0 ? `${countText(result.waitingOut, 'more', 'more')} at the next sync` : null,
    result.meetings > 0 ? `${countText(result.meetings, 'meeting', 'meetings')} with a client found` : null,
    result.upcoming > 0 ? `${countText(result.upcoming, 'upcoming meeting', 'upcoming meetings')} noted` : null,
  ]);
}

function listOrNothing(parts: Array<string | null>): string {
  const said = parts.filter((part) => part !== null);
  return said.length > 0 ? `${said.join(', ')}.` : 'Nothing changed.';
}

/** A conflict's field as the agent calls it. */
export const conflictFieldName = (field: ContactConflictView['field']): string =>
  field === 'email' ? 'e-mail' : 'phone';

/** A conflict's value as shown: "none" where that side took it out. */
export const conflictValue = (value: string): string => value || 'none';

/** The banner's words when a feature needs the agent ("Google needs you: Contacts stopped syncing."); else null. */
export function attentionText(integrations: Integrations): string | null {
  const { features } = integrations.google;
  const needing = (Object.keys(SYNCED_FEATURE_NAMES) as SyncedFeature[]).filter((f) => needsAgent(features[f]));
  if (needing.length === 0) return null;
  const names = needing.map((feature) => SYNCED_FEATURE_NAMES[feature]);
  const listed = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
  return `Google needs you: ${listed} stopped syncing.`;
}
