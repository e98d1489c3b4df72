// Clients, always reached through their agent's partition (tenancy by construction: an id from a URL is never enough
// to reach another agent's client): the item's shape and its reads. Every write of a client item is the client
// record's (functions/client-record/record.ts).
import type { Client, KeyDate, SmsConsent } from '@shared/api-types';
import { postalCodeFromAddress, type ClientInput } from '@shared/client-schema';
import type { GoogleContactLink, SyncBase } from '../domain/google-contacts';
import type { HomeUpdateState } from '../domain/home-update';
import type { RelationshipState } from '../domain/relationship';
import { currentSmsConsent } from '../domain/sms-consent';
import { batchGet, getItem, queryAll } from './db';
import { CLIENT_PREFIX, clientIndexKeys, clientKey, contactIndexKeys } from './keys/clients';
import { agentPartition } from './keys/table';

export type ClientItem = Omit<
  Client,
  'smsConsent' | 'tags' | 'keyDates' | 'cadenceDays' | 'reviewLinkOpenedAt' | 'referredBy'
> &
  RelationshipState & {
    /** The client of the same agent who referred this one (the form, or a referral link); null or absent: none. */
    referredBy?: string | null;
    /** A referral this client made that the agent has not thanked them for yet (a personal touch since clears it). */
    referralThanks?: { clientId: string; name: string; at: string } | null;
    /** Left out of the next best touch until this day (YYYY-MM-DD): snoozed or dismissed from Today. */
    nextBestHiddenUntil?: string | null;
    /** The monthly home update's state: sent in a row without a click, the last month sent (domain/home-update.ts). */
    homeUpdate?: HomeUpdateState;
    /** Absent on items stored before the field existed: none. */
    tags?: string[];
    keyDates?: KeyDate[];
    cadenceDays?: number | null;
    /** Absent on items stored before consent was recorded: none (currentSmsConsent). */
    smsConsent?: SmsConsent;
    smsOptedOutAt?: string | null;
    emailOptedOutAt?: string | null;
    pk: string;
    sk: string;
    type: 'client';
    gsi1pk: string;
    gsi1sk: string;
    gsi2pk: string;
    gsi2sk: string;
    /** The by-last-contact index (contactIndexKeys). */
    gsi3pk?: string;
    gsi3sk?: string;
    awardedMilestones?: Iterable<string>;
    /** Counts the item's writes: a change is written only over the revision it read (client-record.ts). */
    revision?: number;
    /** When the client first opened the review link of their latest request (GET /r/{token}). */
    reviewLinkOpenedAt?: string | null;
    /** When the client registered through the directory, until they confirm or the agent accepts them. */
    registrationPendingAt?: string | null;
    /** When the client last wrote back (a text or an e-mail reply). */
    repliedAt?: string;
    /** Until when the automatic sends to the client wait, because the client wrote back (ISO). */
    repliesPauseUntil?: string;
    /** When the client registered through the directory: no automatic message leaves alone until one is approved. */
    registeredThroughDirectoryAt?: string | null;
    /** When the agent first approved an automatic message for the client. */
    automaticApprovedAt?: string | null;
    /**
     * The Google contact the client is linked to (a Google contacts import or sync), when it was linked, and what both
     * sides said at the last sync (absent on links made before bases were kept).
     */
    googleContact?: (GoogleContactLink & { linkedAt: string; base?: SyncBase }) | null;
  };

export function toClient(item: ClientItem): Client {
  return {
    id: item.id,
    agentId: item.agentId,
    name: item.name,
    email: item.email,
    phone: item.phone,
    address: item.address ?? null,
    birthday: item.birthday ?? null,
    anniversary: item.anniversary ?? null,
    purchaseDate: item.purchaseDate ?? null,
    postalCode: item.postalCode ?? null,
    purchasePrice: item.purchasePrice ?? null,
    lastContactDate: item.lastContactDate ?? null,
    timeZone: item.timeZone ?? null,
    emailOptedOut: item.emailOptedOut === true,
    smsOptedOut: item.smsOptedOut === true,
    automationsPaused: item.automationsPaused === true,
    smsConsent: currentSmsConsent(item),
    reviewStatus: item.reviewStatus ?? 'pending',
    reviewRequestedAt: item.reviewRequestedAt ?? null,
    reviewSubmittedAt: item.reviewSubmittedAt ?? null,
    hasTestimonial: item.hasTestimonial === true,
    tags: item.tags ?? [],
    keyDates: item.keyDates ?? [],
    cadenceDays: item.cadenceDays ?? null,
    ...(item.registrationPendingAt ? { registrationPending: true as const } : {}),
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    ...originOf(item),
    ...(item.reviewLinkOpenedAt ? { reviewLinkOpenedAt: item.reviewLinkOpenedAt } : {}),
    ...(item.referredBy ? { referredBy: item.referredBy } : {}),
  };
}

/** How the client came in; a directory registration from before the origin was recorded is known by its mark. */
function originOf(item: ClientItem): Pick<Client, 'origin'> {
  const origin = item.origin ?? (item.registeredThroughDirectoryAt ? 'directory' : undefined);
  return origin ? { origin } : {};
}

/** Every client of one agent: one Query, paginated through to the end. */
export function listClients(agentId: string): Promise<ClientItem[]> {
  return queryAll<ClientItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': agentPartition(agentId), ':prefix': CLIENT_PREFIX },
  });
}

/** Who a client is and the dates kept of them: the fields each of the book's projections starts from. */
export const IDENTITY_FIELDS = [
  'id',
  'name',
  'email',
  'phone',
  'birthday',
  'anniversary',
  'purchaseDate',
  'keyDates',
] as const;

/** What the next best touch reads of a client (functions/domain/next-best.ts): its relationship state and dates. */
export const RANKED_FIELDS = [
  ...IDENTITY_FIELDS,
  'cadenceDays',
  'lastContactDate',
  'createdAt',
  'registrationPendingAt',
  'emailOptedOut',
  'smsOptedOut',
  'smsConsent',
  'reviewStatus',
  'strength',
  'strengthAt',
  'interest',
  'interestAt',
  'lastTouchAt',
  'lastInboundAt',
  'lastInboundChannel',
  'recentInterest',
  'referrals',
  'referralThanks',
  'nextBestHiddenUntil',
] as const;
export type RankedFields = Pick<ClientItem, (typeof RANKED_FIELDS)[number]>;

/** Every client of one agent, only `fields` of each: one Query, paginated through to the end. */
export function listClientFields<F extends keyof ClientItem>(
  agentId: string,
  fields: readonly F[],
): Promise<Array<Pick<ClientItem, F>>> {
  return queryAll<Pick<ClientItem, F>>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': agentPartition(agentId), ':prefix': CLIENT_PREFIX },
    ProjectionExpression: fields.map((_, i) => `#f${i}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(fields.map((field, i) => [`#f${i}`, field])),
  });
}

export async function getClient(agentId: string, clientId: string): Promise<ClientItem | undefined> {
  return getItem<ClientItem>(clientKey(agentId, clientId), { consistent: true });
}

/** These clients of the agent (those that exist), by id: one consistent BatchGet per 100. */
export async function getClientsByIds(agentId: string, clientIds: readonly string[]): Promise<Map<string, ClientItem>> {
  const items = clientIds.length
    ? await batchGet<ClientItem>(
        [...new Set(clientIds)].map((id) => clientKey(agentId, id)),
        { ConsistentRead: true },
      )
    : [];
  return new Map(items.map((client) => [client.id, client]));
}

export type ClientChanges = Partial<
  Record<Exclude<keyof ClientInput, 'keyDates' | 'cadenceDays' | 'tags' | 'purchasePrice'>, string | null>
> & {
  purchasePrice?: number | null;
  keyDates?: KeyDate[] | null;
  tags?: string[];
  cadenceDays?: number | null;
  lastContactDate?: string | null;
  automationsPaused?: boolean;
};

/** What a new client starts with beside the form's fields (all optional). */
export type NewClientFields = Pick<
  ClientItem,
  | 'smsConsent'
  | 'emailOptedOut'
  | 'emailOptedOutAt'
  | 'smsOptedOut'
  | 'smsOptedOutAt'
  | 'registrationPendingAt'
  | 'registeredThroughDirectoryAt'
  | 'origin'
  | 'tags'
  | 'referredBy'
  | 'googleContact'
>;

/** The item of a new client (not written yet), its e-mail lower-cased and review pending. */
export function newClientItem(
  agentId: string,
  id: string,
  input: ClientInput,
  now: Date,
  fields: Partial<NewClientFields> = {},
): ClientItem {
  const stamp = now.toISOString();
  return {
    ...clientKey(agentId, id),
    ...clientIndexKeys(stamp, id),
    ...contactIndexKeys(agentId, null, id),
    type: 'client',
    id,
    agentId,
    name: input.name,
    email: input.email.toLowerCase(),
    phone: input.phone,
    address: input.address ?? null,
    birthday: input.birthday ?? null,
    anniversary: input.anniversary ?? null,
    purchaseDate: input.purchaseDate ?? null,
    // Not given: the ZIP code the address ends with (the client record keeps it following the address).
    postalCode: input.postalCode ?? postalCodeFromAddress(input.address) ?? null,
    purchasePrice: input.purchasePrice ?? null,
    timeZone: input.timeZone ?? null,
    ...(input.keyDates?.length ? { keyDates: input.keyDates } : {}),
    cadenceDays: input.cadenceDays ?? null,
    ...(input.referredBy ? { referredBy: input.referredBy } : {}),
    lastContactDate: null,
    emailOptedOut: false,
    smsOptedOut: false,
    automationsPaused: false,
    reviewStatus: 'pending',
    reviewRequestedAt: null,
    reviewSubmittedAt: null,
    hasTestimonial: false,
    createdAt: stamp,
    updatedAt: stamp,
    ...fields,
  };
}
