// The fake Google's People API (functions/local/fake-google.ts serves it under /local/google/api/people/v1), in the
// documented shapes, so the real adapter (functions/integrations/google-people.ts) runs against it:
// - GET people/me/connections: `personFields` required; `pageSize` 1 to 1000 (100 by default), `pageToken` /
//   `nextPageToken`; `requestSyncToken=true` gives a `nextSyncToken` on the last page; `syncToken` lists only what
//   changed since (changed and new people, and the deleted ones as `{ resourceName, etag, metadata: { deleted:
//   true } }`) and gives the next token; a token unknown or older than 7 days is answered 410 with the reason
//   EXPIRED_SYNC_TOKEN.
// - GET people/{id} (`personFields` required): one contact, with its current etag;
// - contact groups: GET contactGroups (the user's, with `memberCount`), GET contactGroups/{id}?maxMembers=n (with
//   `memberResourceNames`), POST contactGroups `{ contactGroup: { name } }` (a name taken is 409 ALREADY_EXISTS),
//   POST contactGroups/{id}/members:modify `{ resourceNamesToAdd, resourceNamesToRemove }` (each at most 1000), which
//   changes the people's `memberships`; the groups are `<dir>/contact-groups.json`;
// - POST people:createContact and PATCH people/{id}:updateContact (`updatePersonFields` required, the person's `etag`
//   must be the current one, else 400 FAILED_PRECONDITION).
// The contacts are `<dir>/contacts.json`, an array of People API Person objects, edited by hand or by a test between
// syncs: a person's etag is a hash of its fields, so any edit changes it (an `etag` written in the file is ignored).
// What each sync token saw is kept in `<dir>/people-sync.json`.
import { createHash, randomInt } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readJsonFile, type FakeApiAnswer as PeopleAnswer } from './stand-in-http';

/** A People API Person as the fake keeps it: its resource name and any of the fields the API knows. */
export type FakePerson = { resourceName: string; etag?: string; metadata?: { deleted?: boolean } } & Record<
  string,
  unknown
>;

const PERSON_FIELDS = new Set([
  'addresses',
  'birthdays',
  'emailAddresses',
  'events',
  'memberships',
  'metadata',
  'names',
  'organizations',
  'phoneNumbers',
]);
const CONTACTS = 'https://www.googleapis.com/auth/contacts';
const PAGE_DEFAULT = 100;
const PAGE_MAX = 1000;
/** Google's sync tokens last about 7 days. */
export const SYNC_TOKEN_DAYS = 7;

type SyncTokens = Record<string, { at: number; etags: Record<string, string> }>;

export function createFakePeople(dir: string, now: () => number = Date.now) {
  const contactsFile = join(dir, 'contacts.json');
  const syncFile = join(dir, 'people-sync.json');
  const contacts = (): FakePerson[] =>
    readJsonFile<FakePerson[]>(contactsFile, [])
      .filter((person) => typeof person?.resourceName === 'string')
      .map((person) => ({ ...person, etag: etagOf(person) }))
      .sort((a, b) => a.resourceName.localeCompare(b.resourceName));
  const save = (people: FakePerson[]) =>
    writeFileSync(
      contactsFile,
      JSON.stringify(
        people.map(({ etag: _etag, ...person }) => person),
        null,
        2,
      ),
    );

  function list(url: URL): PeopleAnswer {
    const q = url.searchParams;
    const fields = fieldsOf(q.get('personFields'));
    if (!fields) return error(400, 'INVALID_ARGUMENT', 'personFields mask is required. Please specify one or more.');
    const pageSize = Number(q.get('pageSize') ?? PAGE_DEFAULT);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > PAGE_MAX)
      return error(400, 'INVALID_ARGUMENT', `pageSize must be from 1 to ${PAGE_MAX}.`);
    const syncToken = q.get('syncToken');
    const tokens = readJsonFile<SyncTokens>(syncFile, {});
    const people = contacts();
    let listed: FakePerson[] = people;
    if (syncToken) {
      const seen = tokens[syncToken];
      if (!seen || now() - seen.at > SYNC_TOKEN_DAYS * 86_400_000)
        return {
          status: 410,
          body: {
            error: {
              code: 410,
              message: 'Sync token is expired. Clear local cache and retry call without the sync token.',
              status: 'GONE',
              details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'EXPIRED_SYNC_TOKEN' }],
            },
          },
        };
      const present = new Set(people.map((person) => person.resourceName));
      listed = [
        ...people.filter((person) => seen.etags[person.resourceName] !== person.etag),
        ...Object.entries(seen.etags)
          .filter(([name]) => !present.has(name))
          .map(([resourceName, etag]) => ({ resourceName, etag, metadata: { deleted: true } })),
      ].sort((a, b) => a.resourceName.localeCompare(b.resourceName));
    }
    const start = offsetOf(q.get('pageToken'));
    if (start === undefined || start > listed.length) return error(400, 'INVALID_ARGUMENT', 'Invalid pageToken.');
    const last = start + pageSize >= listed.length;
    let nextSyncToken: string | undefined;
    if (last && (syncToken || q.get('requestSyncToken') === 'true')) {
      nextSyncToken = `fake-sync-${randomInt(1e9)}-${now()}`;
      tokens[nextSyncToken] = {
        at: now(),
        etags: Object.fromEntries(people.map((person) => [person.resourceName, person.etag!])),
      };
      writeFileSync(syncFile, JSON.stringify(tokens));
    }
    return {
      status: 200,
      body: {
        connections: listed.slice(start, start + pageSize).map((person) => shown(person, fields)),
        totalPeople: people.length,
        totalItems: listed.length,
        ...(last ? {} : { nextPageToken: Buffer.from(String(start + pageSize)).toString('base64url') }),
        ...(nextSyncToken ? { nextSyncToken } : {}),
      },
    };
  }

  const groupsFile = join(dir, 'contact-groups.json');
  type Group = { resourceName: string; name: string };
  const groups = () => readJsonFile<Group[]>(groupsFile, []);
  const membersOf = (group: string) =>
    contacts()
      .filter((person) => memberships(person).some((m) => m.contactGroupMembership?.contactGroupResourceName === group))
      .map((person) => person.resourceName);
  const shownGroup = (group: Group, withMembers: boolean) => {
    const members = membersOf(group.resourceName);
    return {
      resourceName: group.resourceName,
      groupType: 'USER_CONTACT_GROUP',
      name: group.name,
      formattedName: group.name,
      memberCount: members.length,
      ...(withMembers && members.length ? { memberResourceNames: members } : {}),
    };
  };

  function contactGroups(method: string, path: string, url: URL, body: unknown): PeopleAnswer {
    if (method === 'GET' && path === 'contactGroups')
      return { status: 200, body: { contactGroups: groups().map((g) => shownGroup(g, false)) } };
    if (method === 'POST' && path === 'contactGroups') {
      const name = isObject(body) && isObject(body.contactGroup) ? body.contactGroup.name : undefined;
      if (typeof name !== 'string' || !name.trim()) return error(400, 'INVALID_ARGUMENT', 'Group name is required.');
      if (groups().some((g) => g.name === name))
        return error(409, 'ALREADY_EXISTS', 'Contact group name already exists.');
      const group = { resourceName: `contactGroups/${randomInt(1e12).toString(16)}`, name };
      writeFileSync(groupsFile, JSON.stringify([...groups(), group]));
      return { status: 200, body: shownGroup(group, false) };
    }
    const match = /^(contactGroups\/[^/:]+)(:?.*)$/.exec(path);
    const group = match ? groups().find((g) => g.resourceName === match[1]) : undefined;
    if (!match || !group) return error(404, 'NOT_FOUND', 'Requested entity was not found.');
    if (method === 'GET' && match[2] === '')
      return { status: 200, body: shownGroup(group, Number(url.searchParams.get('maxMembers')) > 0) };
    if (method !== 'POST' || match[2] !== '/members:modify' || !isObject(body))
      return error(404, 'NOT_FOUND', 'Requested entity was not found.');
    const add = Array.isArray(body.resourceNamesToAdd) ? (body.resourceNamesToAdd as string[]) : [];
    const remove = Array.isArray(body.resourceNamesToRemove) ? (body.resourceNamesToRemove as string[]) : [];
    if (add.length > 1000 || remove.length > 1000)
      return error(400, 'INVALID_ARGUMENT', 'At most 1000 resource names may be modified at once.');
    const people = contacts();
    const known = new Set(people.map((person) => person.resourceName));
    const membership = { contactGroupMembership: { contactGroupResourceName: group.resourceName } };
    save(
      people.map((person) => {
        const others = memberships(person).filter(
          (m) => m.contactGroupMembership?.contactGroupResourceName !== group.resourceName,
        );
        if (add.includes(person.resourceName)) return { ...person, memberships: [...others, membership] };
        if (remove.includes(person.resourceName)) return { ...person, memberships: others };
        return person;
      }),
    );
    const notFound = [...add, ...remove].filter((name) => !known.has(name));
    return { status: 200, body: notFound.length ? { notFoundResourceNames: notFound } : {} };
  }

  function get(url: URL, resourceName: string): PeopleAnswer {
    const fields = fieldsOf(url.searchParams.get('personFields'));
    if (!fields) return error(400, 'INVALID_ARGUMENT', 'personFields mask is required. Please specify one or more.');
    const person = contacts().find((p) => p.resourceName === resourceName);
    return person
      ? { status: 200, body: shown(person, fields) }
      : error(404, 'NOT_FOUND', 'Requested entity was not found.');
  }

  function create(url: URL, body: unknown): PeopleAnswer {
    if (!isObject(body)) return error(400, 'INVALID_ARGUMENT', 'Invalid JSON payload.');
    const { resourceName: _name, etag: _etag, metadata: _metadata, ...fields } = body;
    const unknown = Object.keys(fields).find((field) => !PERSON_FIELDS.has(field));
    if (unknown) return error(400, 'INVALID_ARGUMENT', `Unknown person field: ${unknown}.`);
    const person: FakePerson = { resourceName: `people/c${randomInt(1e12)}`, ...fields };
    const people = contacts();
    save([...people, person]);
    return {
      status: 200,
      body: shown({ ...person, etag: etagOf(person) }, fieldsOf(url.searchParams.get('personFields'))),
    };
  }

  function updateContact(url: URL, resourceName: string, body: unknown): PeopleAnswer {
    if (!isObject(body)) return error(400, 'INVALID_ARGUMENT', 'Invalid JSON payload.');
    const updating = fieldsOf(url.searchParams.get('updatePersonFields'));
    if (!updating) return error(400, 'INVALID_ARGUMENT', 'updatePersonFields mask is required.');
    const people = contacts();
    const index = people.findIndex((person) => person.resourceName === resourceName);
    if (index < 0) return error(404, 'NOT_FOUND', 'Requested entity was not found.');
    if (typeof body.etag !== 'string') return error(400, 'INVALID_ARGUMENT', 'Request must set person.etag.');
    if (body.etag !== people[index]!.etag)
      return error(
        400,
        'FAILED_PRECONDITION',
        'Request person.etag is different than the current person.etag. Clear local cache and get the latest person.',
      );
    const person: FakePerson = { ...people[index]! };
    for (const field of updating) {
      if (body[field] === undefined) delete person[field];
      else person[field] = body[field];
    }
    people[index] = person;
    save(people);
    return {
      status: 200,
      body: shown({ ...person, etag: etagOf(person) }, fieldsOf(url.searchParams.get('personFields'))),
    };
  }

  /**
   * Routes one request under people/v1 (`path` without that prefix) for a token with these scopes: reads need
   * `contacts` or `contacts.readonly`, writes `contacts`, as Google checks them.
   */
  function handle(method: string, path: string, url: URL, body: unknown, scopes: string[]): PeopleAnswer {
    const allowed = method === 'GET' ? [CONTACTS, `${CONTACTS}.readonly`] : [CONTACTS];
    if (!scopes.some((scope) => allowed.includes(scope)))
      return error(403, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.');
    if (path.startsWith('contactGroups')) return contactGroups(method, path, url, body);
    const update = /^(people\/[^/:]+):updateContact$/.exec(path);
    if (method === 'GET' && path === 'people/me/connections') return list(url);
    if (method === 'GET' && /^people\/[^/:]+$/.test(path) && path !== 'people/me') return get(url, path);
    if (method === 'POST' && path === 'people:createContact') return create(url, body);
    if (method === 'PATCH' && update) return updateContact(url, update[1]!, body);
    return error(404, 'NOT_FOUND', 'Requested entity was not found.');
  }

  return { handle };
}

/** A person's fields as a hash: any change of a field changes it. */
function etagOf(person: FakePerson): string {
  const { etag: _etag, metadata: _metadata, ...fields } = person;
  const canonical = JSON.stringify(
    Object.keys(fields)
      .sort()
      .map((key) => [key, fields[key]]),
  );
  return `%Eg${createHash('sha256').update(canonical).digest('base64url').slice(0, 22)}`;
}

/** A field mask's fields, or undefined when it is missing, empty or names a field the API does not know. */
function fieldsOf(mask: string | null): string[] | undefined {
  const fields = (mask ?? '')
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);
  return fields.length && fields.every((field) => PERSON_FIELDS.has(field)) ? fields : undefined;
}

/** The person as the API answers it: its name and etag, and the fields asked for. */
function shown(person: FakePerson, fields: string[] | undefined): FakePerson {
  const out: FakePerson = { resourceName: person.resourceName, etag: person.etag };
  for (const field of fields ?? []) if (person[field] !== undefined) out[field] = person[field];
  if (person.metadata?.deleted) out.metadata = { deleted: true };
  return out;
}

function offsetOf(token: string | null): number | undefined {
  if (!token) return 0;
  const value = Number(Buffer.from(token, 'base64url').toString('utf8'));
  return Number.isInteger(value) && value >= 0 ? value : undefined;
}

type Membership = { contactGroupMembership?: { contactGroupResourceName?: string } };
const memberships = (person: FakePerson): Membership[] =>
  Array.isArray(person.memberships) ? (person.memberships as Membership[]) : [];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function error(code: number, status: string, message: string): PeopleAnswer {
  return { status: code, body: { error: { code, message, status } } };
}
