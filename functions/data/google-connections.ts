// An agent's Google Business Profile connection: the connection item (the refresh token sealed, never returned; the
// account, its locations and the chosen one with its rating; the scopes Google granted and the features turned on),
// where the last sync got to, and the index of connected agents the hourly sync reads. The single-use OAuth states of
// connecting: google-oauth-states.ts; the synced reviews: google-reviews.ts.
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CalendarSyncResult, ContactsSyncResult, GoogleRating } from '@shared/api-types';
import { GOOGLE_FEATURES, type GoogleFeature } from '@shared/google';
import type { ContactConflict } from '../domain/google-contacts';
import { db, getItem, queryAll, sendIf, table, updateIf, writeIf } from './db';
import { GOOGLE_CONNECTED_PARTITION, googleConnectedIndexKeys, googleConnectionKey } from './keys/reviews';
import { GSI1 } from './keys/table';

/** A location; `newReviewUri`: its write-a-review page (Business Information's metadata.newReviewUri). */
export type GoogleLocationItem = { name: string; title: string; newReviewUri?: string };

export type GoogleConnectionItem = {
  pk: string;
  sk: string;
  type: 'google-connection';
  agentId: string;
  refreshTokenSealed: string;
  accountName: string;
  accountDisplayName: string;
  locations: GoogleLocationItem[];
  locationName: string | null;
  averageRating: number | null;
  totalReviewCount: number | null;
  /** The newest updateTime the last complete sync saw: the next sync pages until it reaches it. */
  syncedThrough: string | null;
  lastSyncAt: string | null;
  /** Where a sync that stopped part way got to: the next one continues there (services/google-reviews.ts). */
  syncResume?: SyncResume;
  connectedAt: string;
  /** The scopes Google granted, as the last token answer said them (absent: a connection older than features). */
  grantedScopes?: string[];
  /** A feature turned on, one attribute each (`contactsFeature`…): turning it off removes it, with its state. */
  contactsFeature?: GoogleFeatureItem;
  calendarFeature?: CalendarFeatureItem;
  /**
   * Since when a change of the clients owes the app's calendar a write (calendar-out.ts): the calendar-out job writes
   * it within minutes; absent: nothing waits.
   */
  calendarOutDueAt?: string;
  gsi1pk?: string;
  gsi1sk?: string;
};

/** A feature the agent turned on, and what its syncs keep (turning it off forgets them). */
export type GoogleFeatureItem = { enabledAt: string } & Partial<ContactsSyncState>;

/**
 * Where the contacts sync stands: Google's token of the next incremental read (from the import that started it, then
 * each sync), the label it follows (null: every contact), its last success and failure, what the last sync did, and
 * the conflicts it left for the agent (the newest first, at most CONFLICTS_KEPT).
 */
export type ContactsSyncState = {
  syncToken: string | null;
  label: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
  lastRun: ContactsSyncCounts | null;
  conflicts: Array<ContactConflict & { clientId: string; at: string }>;
  /** The "Hearthside clients" group, when the agent turned it on (its resource name once made or found). */
  group: { resourceName: string | null } | null;
  /** When the agent was told the sync had gone a day without a success (services/integrations.ts). */
  toldAt: string | null;
};
/** The calendar feature: what its syncs keep (functions/services/google-calendar-sync.ts). */
export type CalendarFeatureItem = { enabledAt: string } & Partial<CalendarSyncState>;

/**
 * Where the calendar sync stands: the app's own calendar, Google's token of the next incremental read of the primary
 * calendar and when it was last read in full, the watch channel on it, the meetings found that have not begun yet
 * (each becomes a touch once it has), the last success and failure, and what the last sync did.
 */
export type CalendarSyncState = {
  calendarId: string | null;
  syncToken: string | null;
  lastFullAt: string | null;
  channel: { id: string; resourceId: string; expiration: number } | null;
  upcoming: Array<{ eventId: string; clientId: string; at: string; summary: string }>;
  lastSuccessAt: string | null;
  lastError: string | null;
  lastRun: CalendarSyncResult | null;
  /** When the agent was told the sync had gone a day without a success (services/integrations.ts). */
  toldAt: string | null;
};

/** What the last sync did (the API's answer of it, without how it read). */
export type ContactsSyncCounts = Omit<ContactsSyncResult, 'fullSync'>;
export const CONFLICTS_KEPT = 50;

/** The connection item's attribute holding a feature that is on. */
export const featureAttribute = (feature: GoogleFeature) => `${feature}Feature` as const;

/**
 * A sync stopped part way (the function's time, or the pages one sync reads): Google's token of the next page to read,
 * the syncedThrough it reads down to, and the newest updateTime it has seen so far (the next syncedThrough).
 */
export type SyncResume = { pageToken: string; since: string | null; newest: string | null };

export async function getConnection(agentId: string): Promise<GoogleConnectionItem | undefined> {
  return getItem<GoogleConnectionItem>(googleConnectionKey(agentId));
}

/** The followed location's rating as the last sync read it; null without a connection or a chosen location. */
export function locationRating(connection: GoogleConnectionItem | undefined): GoogleRating | null {
  const location = connection?.locations.find((l) => l.name === connection.locationName);
  if (!connection || !location) return null;
  return {
    locationTitle: location.title,
    averageRating: connection.averageRating,
    totalReviewCount: connection.totalReviewCount,
    lastSyncAt: connection.lastSyncAt,
  };
}

/** Stores a new connection (a reconnect replaces the old one, its reviews kept for the same location). */
export async function putConnection(
  item: Omit<GoogleConnectionItem, 'pk' | 'sk' | 'type' | 'gsi1pk' | 'gsi1sk'>,
): Promise<GoogleConnectionItem> {
  const stored: GoogleConnectionItem = {
    ...googleConnectionKey(item.agentId),
    type: 'google-connection',
    ...item,
    // In the hourly sync's index once there is something to sync: a location's reviews, or a feature.
    ...(item.locationName || item.contactsFeature || item.calendarFeature
      ? googleConnectedIndexKeys(item.agentId)
      : {}),
  };
  await db().send(new PutCommand({ TableName: table(), Item: stored }));
  return stored;
}

/** Picks the location (one of the connection's): in the hourly sync's index from then on; a new one syncs afresh. */
export async function chooseLocation(agentId: string, locationName: string): Promise<GoogleConnectionItem | null> {
  const attributes = await updateIf(
    new UpdateCommand({
      TableName: table(),
      Key: googleConnectionKey(agentId),
      UpdateExpression:
        'SET locationName = :l, syncedThrough = :none, averageRating = :none, totalReviewCount = :none, gsi1pk = :g, gsi1sk = :agent REMOVE syncResume',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: {
        ':l': locationName,
        ':none': null,
        ':g': GOOGLE_CONNECTED_PARTITION,
        ':agent': agentId,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return attributes as GoogleConnectionItem | null;
}

/** Records a finished sync: the location's rating and count, and how far it got (a resume point is done with). */
export async function recordSync(
  agentId: string,
  locationName: string,
  fields: { averageRating: number | null; totalReviewCount: number; syncedThrough: string | null; at: string },
): Promise<void> {
  await writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: googleConnectionKey(agentId),
      UpdateExpression:
        'SET averageRating = :r, totalReviewCount = :n, syncedThrough = :s, lastSyncAt = :at REMOVE syncResume',
      // A location changed or a disconnect meanwhile: this sync's numbers are not the connection's any more.
      ConditionExpression: 'locationName = :l',
      ExpressionAttributeValues: {
        ':r': fields.averageRating,
        ':n': fields.totalReviewCount,
        ':s': fields.syncedThrough,
        ':at': fields.at,
        ':l': locationName,
      },
    }),
  );
}

/** Keeps where a sync that stopped part way got to, with the location's rating and count as Google gave them. */
export async function recordSyncProgress(
  agentId: string,
  locationName: string,
  fields: { averageRating: number | null; totalReviewCount: number; resume: SyncResume },
): Promise<void> {
  await writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: googleConnectionKey(agentId),
      UpdateExpression: 'SET averageRating = :r, totalReviewCount = :n, syncResume = :resume',
      // As recordSync: what was read of another location is not this connection's.
      ConditionExpression: 'locationName = :l',
      ExpressionAttributeValues: {
        ':r': fields.averageRating,
        ':n': fields.totalReviewCount,
        ':resume': fields.resume,
        ':l': locationName,
      },
    }),
  );
}

/**
 * Keeps what a feature's sync (or the contacts import that starts syncing) left, while the feature is still the one
 * turned on at `enabledAt` (turned off, or off and on again, meanwhile: the state is not this feature's, and false is
 * answered).
 */
export async function recordFeatureSync<F extends GoogleFeature>(
  agentId: string,
  feature: F,
  enabledAt: string,
  state: F extends 'calendar' ? Partial<CalendarSyncState> : Partial<ContactsSyncState>,
): Promise<boolean> {
  const fields = Object.entries(state).filter(([, value]) => value !== undefined);
  if (fields.length === 0) return true;
  const out = await sendIf(
    new UpdateCommand({
      TableName: table(),
      Key: googleConnectionKey(agentId),
      UpdateExpression: `SET ${fields.map(([field]) => `#feature.#${field} = :${field}`).join(', ')}`,
      ConditionExpression: '#feature.enabledAt = :enabledAt',
      ExpressionAttributeNames: {
        '#feature': featureAttribute(feature),
        ...Object.fromEntries(fields.map(([field]) => [`#${field}`, field])),
      },
      ExpressionAttributeValues: {
        ':enabledAt': enabledAt,
        ...Object.fromEntries(fields.map(([field, value]) => [`:${field}`, value])),
      },
    }),
  );
  return out !== undefined;
}

/**
 * Turns features on (a feature already on keeps its state) or off (its state forgotten); null without a connection.
 * Whether Google granted a feature is the caller's to check first.
 */
export async function setFeatures(
  agentId: string,
  changes: Partial<Record<GoogleFeature, boolean>>,
  at: string,
): Promise<GoogleConnectionItem | null> {
  const on = GOOGLE_FEATURES.filter((feature) => changes[feature] === true);
  const off = GOOGLE_FEATURES.filter((feature) => changes[feature] === false);
  const names = Object.fromEntries([...on, ...off].map((feature) => [`#${feature}`, featureAttribute(feature)]));
  const attributes = await updateIf(
    new UpdateCommand({
      TableName: table(),
      Key: googleConnectionKey(agentId),
      UpdateExpression: [
        // A feature on puts the connection in the hourly sync's index (connectedAgents).
        on.length
          ? `SET ${on.map((f) => `#${f} = if_not_exists(#${f}, :on)`).join(', ')}, gsi1pk = :g, gsi1sk = :agent`
          : '',
        off.length ? `REMOVE ${off.map((f) => `#${f}`).join(', ')}` : '',
      ]
        .filter(Boolean)
        .join(' '),
      ConditionExpression: 'attribute_exists(pk)',
      ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
      ...(on.length
        ? {
            ExpressionAttributeValues: {
              ':on': { enabledAt: at } satisfies GoogleFeatureItem,
              ...{ ':g': GOOGLE_CONNECTED_PARTITION, ':agent': agentId },
            },
          }
        : {}),
      ReturnValues: 'ALL_NEW',
    }),
  );
  return attributes as GoogleConnectionItem | null;
}

/** Forgets the connection; the item as it was (its sealed token, to revoke), if there was one. */
export async function deleteConnection(agentId: string): Promise<GoogleConnectionItem | undefined> {
  const out = await sendIf(
    new DeleteCommand({
      TableName: table(),
      Key: googleConnectionKey(agentId),
      ConditionExpression: 'attribute_exists(pk)',
      ReturnValues: 'ALL_OLD',
    }),
  );
  return out?.Attributes as GoogleConnectionItem | undefined;
}

/**
 * The agents with a location chosen or a feature on (the hourly sync), the least recently synced first: a run cut short
 * by its time
 * leaves the agents it did not reach (and the one whose sync stopped part way) for the next run to begin with.
 */
export async function connectedAgents(): Promise<string[]> {
  const items = await queryAll<{ agentId: string; lastSyncAt?: string | null }>({
    IndexName: GSI1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': GOOGLE_CONNECTED_PARTITION },
    ProjectionExpression: 'agentId, lastSyncAt',
  });
  const lastSync = (item: { lastSyncAt?: string | null }) => item.lastSyncAt ?? '';
  return items
    .sort((a, b) => lastSync(a).localeCompare(lastSync(b)) || a.agentId.localeCompare(b.agentId))
    .map((item) => item.agentId);
}
