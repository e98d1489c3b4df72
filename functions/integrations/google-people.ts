// Google's People API (the agent's contacts) through its documented REST paths with plain HTTPS, on the access token of
// the agent's Google connection (the `contacts` scope, functions/integrations/google-business.ts FEATURE_SCOPES): the
// connections listed a page at a time, in full or since a sync token; one contact read; a contact created; a contact
// updated on the etag it was read with. Google's own endpoints unless GOOGLE_API_BASE_URL points at the local fake
// (functions/local/fake-google-people.ts). Facts relied on (DESIGN §15): pages of at most 1000, the sync token only on
// the last page, tokens expire after 7 days (410 EXPIRED_SYNC_TOKEN: a full pass again), deleted people come with
// `metadata.deleted`, updateContact refuses a stale etag (400 FAILED_PRECONDITION).
import type { GooglePerson } from '../domain/google-contacts';
import { googleCall, googleEndpoints, googleFailure } from './google-business';

export type { GooglePerson };

/** The fields a sync reads and writes: who the person is, how to reach them, their dates and their labels. */
export const PERSON_FIELDS = ['names', 'emailAddresses', 'phoneNumbers', 'birthdays', 'events', 'memberships'] as const;
export type PersonField = (typeof PERSON_FIELDS)[number];
/** The most people one page of the connections list holds. */
export const CONNECTIONS_PAGE_MAX = 1000;

export type ConnectionsPage = { people: GooglePerson[]; nextPageToken?: string; nextSyncToken?: string };

/**
 * What only the People API answers: `expired-sync-token` (the token is too old: list everything again) and
 * `etag-conflict` (the contact changed since it was read: read it again). Everything else is a GoogleBusinessError.
 */
export class GooglePeopleError extends Error {
  override name = 'GooglePeopleError';
  constructor(
    readonly reason: 'expired-sync-token' | 'etag-conflict',
    message: string,
  ) {
    super(message);
  }
}

/**
 * One page of the agent's contacts: all of them (`requestSyncToken` on, so the last page carries the token of the next
 * sync), or what changed since `syncToken`. Pass the page token of the page before to read the next.
 */
export async function listConnections(
  accessToken: string,
  {
    syncToken,
    pageToken,
    pageSize = CONNECTIONS_PAGE_MAX,
  }: { syncToken?: string; pageToken?: string; pageSize?: number },
): Promise<ConnectionsPage> {
  const query = new URLSearchParams({
    personFields: [...PERSON_FIELDS, 'metadata'].join(','),
    pageSize: String(Math.min(Math.max(1, pageSize), CONNECTIONS_PAGE_MAX)),
    ...(syncToken ? { syncToken } : { requestSyncToken: 'true' }),
    ...(pageToken ? { pageToken } : {}),
  });
  const { status, body } = await peopleRequest(accessToken, `people/me/connections?${query.toString()}`, {
    method: 'GET',
  });
  if (status === 410 || reasonOf(body) === 'EXPIRED_SYNC_TOKEN')
    throw new GooglePeopleError('expired-sync-token', 'The contacts sync token expired: a full sync is needed.');
  if (status !== 200) throw googleFailure(status, body);
  const page = body as { connections?: unknown; nextPageToken?: unknown; nextSyncToken?: unknown };
  return {
    people: Array.isArray(page.connections) ? page.connections.filter(isPerson) : [],
    ...(typeof page.nextPageToken === 'string' ? { nextPageToken: page.nextPageToken } : {}),
    ...(typeof page.nextSyncToken === 'string' ? { nextSyncToken: page.nextSyncToken } : {}),
  };
}

/** One contact as Google has it now (its current etag); undefined when Google has no such contact. */
export async function getContact(accessToken: string, resourceName: string): Promise<GooglePerson | undefined> {
  const { status, body } = await peopleRequest(accessToken, `${resourceName}?personFields=${PERSON_FIELDS.join(',')}`, {
    method: 'GET',
  });
  if (status === 404) return undefined;
  if (status !== 200 || !isPerson(body)) throw googleFailure(status, body);
  return body;
}

/** Creates a contact in the agent's Google account; Google's copy of it (its resource name and etag). */
export async function createContact(
  accessToken: string,
  person: Omit<GooglePerson, 'resourceName'>,
): Promise<GooglePerson> {
  const { status, body } = await peopleRequest(
    accessToken,
    `people:createContact?personFields=${PERSON_FIELDS.join(',')}`,
    { method: 'POST', body: JSON.stringify(person) },
  );
  if (status !== 200 || !isPerson(body)) throw googleFailure(status, body);
  return body;
}

/**
 * Replaces `fields` of the contact, on the etag it was read with: a contact changed since is refused with
 * GooglePeopleError('etag-conflict'), to be read again (Google takes one change of a user's contacts at a time).
 */
export async function updateContact(
  accessToken: string,
  person: GooglePerson & { etag: string },
  fields: readonly PersonField[],
): Promise<GooglePerson> {
  const query = new URLSearchParams({ updatePersonFields: fields.join(','), personFields: PERSON_FIELDS.join(',') });
  const { status, body } = await peopleRequest(
    accessToken,
    `${person.resourceName}:updateContact?${query.toString()}`,
    {
      method: 'PATCH',
      body: JSON.stringify(person),
    },
  );
  if (status === 400 && statusOf(body) === 'FAILED_PRECONDITION')
    throw new GooglePeopleError('etag-conflict', 'The contact changed in Google since it was read.');
  if (status !== 200 || !isPerson(body)) throw googleFailure(status, body);
  return body;
}

async function peopleRequest(
  accessToken: string,
  path: string,
  init: { method: string; body?: string },
): Promise<{ status: number; body: unknown }> {
  const response = await googleCall(`${googleEndpoints().people}/${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${accessToken}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
  });
  return { status: response.status, body: await response.json().catch(() => ({})) };
}

const isPerson = (value: unknown): value is GooglePerson =>
  typeof value === 'object' && value !== null && typeof (value as { resourceName?: unknown }).resourceName === 'string';

type ErrorBody = { error?: { status?: unknown; details?: { reason?: unknown }[] } };
const statusOf = (body: unknown) => (body as ErrorBody | null)?.error?.status;
const reasonOf = (body: unknown) =>
  (body as ErrorBody | null)?.error?.details?.find((detail) => typeof detail?.reason === 'string')?.reason;

/** A contact group (a label) of the agent's. */
export type ContactGroup = { resourceName: string; name: string };
/** The most people one members:modify call adds or removes. */
export const GROUP_MODIFY_MAX = 1000;

/** The agent's contact groups (labels). */
export async function listContactGroups(accessToken: string): Promise<ContactGroup[]> {
  const { status, body } = await peopleRequest(accessToken, 'contactGroups?pageSize=1000', { method: 'GET' });
  if (status !== 200) throw googleFailure(status, body);
  const groups = (body as { contactGroups?: unknown }).contactGroups;
  return (Array.isArray(groups) ? groups : []).flatMap((group: { resourceName?: unknown; name?: unknown }) =>
    typeof group?.resourceName === 'string' && typeof group.name === 'string'
      ? [{ resourceName: group.resourceName, name: group.name }]
      : [],
  );
}

export async function createContactGroup(accessToken: string, name: string): Promise<ContactGroup> {
  const { status, body } = await peopleRequest(accessToken, 'contactGroups', {
    method: 'POST',
    body: JSON.stringify({ contactGroup: { name } }),
  });
  const group = body as { resourceName?: unknown; name?: unknown };
  if (status !== 200 || typeof group.resourceName !== 'string') throw googleFailure(status, body);
  return { resourceName: group.resourceName, name };
}

/** The resource names of the group's members (at most `maxMembers`); undefined when the group is gone. */
export async function groupMembers(
  accessToken: string,
  group: string,
  maxMembers: number,
): Promise<string[] | undefined> {
  const { status, body } = await peopleRequest(accessToken, `${group}?maxMembers=${maxMembers}`, { method: 'GET' });
  if (status === 404) return undefined;
  if (status !== 200) throw googleFailure(status, body);
  const members = (body as { memberResourceNames?: unknown }).memberResourceNames;
  return Array.isArray(members) ? members.filter((name): name is string => typeof name === 'string') : [];
}

/** Adds people to the group and takes others out of it (never deletes a contact), GROUP_MODIFY_MAX each at most. */
export async function modifyGroupMembers(
  accessToken: string,
  group: string,
  change: { add?: readonly string[]; remove?: readonly string[] },
): Promise<void> {
  const { status, body } = await peopleRequest(accessToken, `${group}/members:modify`, {
    method: 'POST',
    body: JSON.stringify({
      ...(change.add?.length ? { resourceNamesToAdd: change.add } : {}),
      ...(change.remove?.length ? { resourceNamesToRemove: change.remove } : {}),
    }),
  });
  if (status !== 200) throw googleFailure(status, body);
}
