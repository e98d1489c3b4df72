// The People API adapter against the local fake Google's People API (functions/local/fake-google-people.ts), served
// by a plain HTTP server: paging, sync tokens (what changed, what was deleted, expiry and the full pass after), and
// writes on the etag they read, as Google documents them. The contacts file is edited between syncs, as a person
// editing their phone's contacts would.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SYNC_TOKEN_DAYS, type FakePerson } from '../local/fake-google-people';
import { useFakeGoogleServer } from '../testing/fake-google-server';
import { GoogleBusinessError } from './google-business';
import { createContact, GooglePeopleError, listConnections, updateContact, type GooglePerson } from './google-people';

const CONTACTS = 'https://www.googleapis.com/auth/contacts';
const BUSINESS = 'https://www.googleapis.com/auth/business.manage';

let dir: string;
let accessToken: (scopes: string[]) => Promise<string>;
useFakeGoogleServer((fake) => ({ dir, accessToken } = fake));

const contactsFile = () => join(dir, 'contacts.json');
const writeContacts = (people: FakePerson[]) => writeFileSync(contactsFile(), JSON.stringify(people));
const readContacts = () => JSON.parse(readFileSync(contactsFile(), 'utf8')) as FakePerson[];
const person = (n: number, phone = `+1 512 555 01${String(n).padStart(2, '0')}`): FakePerson => ({
  resourceName: `people/c${1000 + n}`,
  names: [{ displayName: `Contact ${n}` }],
  emailAddresses: [{ value: `contact${n}@example.com` }],
  phoneNumbers: [{ value: phone }],
});

/** Every page of one listing: the people in order, and the sync token of the last page. */
async function allPages(token: string, options: { syncToken?: string; pageSize?: number }) {
  const people: GooglePerson[] = [];
  const pages: number[] = [];
  let pageToken: string | undefined;
  for (;;) {
    const page = await listConnections(token, { ...options, pageToken });
    people.push(...page.people);
    pages.push(page.people.length);
    if (!page.nextPageToken) return { people, pages, nextSyncToken: page.nextSyncToken };
    expect(page.nextSyncToken).toBeUndefined();
    pageToken = page.nextPageToken;
  }
}

describe("the People API adapter, against the fake's contacts", () => {
  let token: string;
  beforeAll(async () => {
    token = await accessToken([CONTACTS]);
  });

  it('lists every contact a page at a time, the sync token only with the last page', async () => {
    writeContacts([1, 2, 3, 4, 5].map((n) => person(n)));
    const { people, pages, nextSyncToken } = await allPages(token, { pageSize: 2 });
    expect(pages).toEqual([2, 2, 1]);
    expect(people.map((p) => p.names?.[0]?.displayName)).toEqual([1, 2, 3, 4, 5].map((n) => `Contact ${n}`));
    expect(people.every((p) => typeof p.etag === 'string')).toBe(true);
    expect(nextSyncToken).toEqual(expect.any(String));
  });

  it('lists what changed since a sync token: the edited, the new and the deleted (as deleted), then nothing', async () => {
    writeContacts([1, 2, 3].map((n) => person(n)));
    const first = await allPages(token, {});
    // On the phone: contact 2's number changes, contact 3 goes, contact 4 comes.
    writeContacts([person(1), person(2, '+1 512 555 0999'), person(4)]);
    const changed = await allPages(token, { syncToken: first.nextSyncToken });
    expect(changed.people.map((p) => [p.resourceName, p.metadata?.deleted === true])).toEqual([
      ['people/c1002', false],
      ['people/c1003', true],
      ['people/c1004', false],
    ]);
    expect(changed.people[0]!.phoneNumbers).toEqual([{ value: '+1 512 555 0999' }]);
    const quiet = await allPages(token, { syncToken: changed.nextSyncToken });
    expect(quiet.people).toEqual([]);
    expect(quiet.nextSyncToken).toEqual(expect.any(String));
  });

  it(`refuses a sync token older than ${SYNC_TOKEN_DAYS} days as expired; a full pass then lists each contact once`, async () => {
    writeContacts([1, 2].map((n) => person(n)));
    const { nextSyncToken } = await allPages(token, {});
    const syncFile = join(dir, 'people-sync.json');
    const tokens = JSON.parse(readFileSync(syncFile, 'utf8')) as Record<string, { at: number }>;
    tokens[nextSyncToken!]!.at -= (SYNC_TOKEN_DAYS * 24 + 1) * 3_600_000;
    writeFileSync(syncFile, JSON.stringify(tokens));
    await expect(listConnections(token, { syncToken: nextSyncToken })).rejects.toMatchObject({
      name: 'GooglePeopleError',
      reason: 'expired-sync-token',
    });
    expect((await allPages(token, {})).people.map((p) => p.resourceName)).toEqual(['people/c1001', 'people/c1002']);
    await expect(listConnections(token, { syncToken: 'never-issued' })).rejects.toBeInstanceOf(GooglePeopleError);
  });

  it('creates a contact, updates it on its etag, and refuses a stale etag until the contact is read again', async () => {
    writeContacts([]);
    const created = await createContact(token, {
      names: [{ givenName: 'Maria', familyName: 'Lopez' }],
      phoneNumbers: [{ value: '+1 512 555 0100' }],
    });
    expect(created.resourceName).toMatch(/^people\/c\d+$/);
    const updated = await updateContact(
      token,
      { ...created, etag: created.etag!, phoneNumbers: [{ value: '+1 512 555 0111' }] },
      ['phoneNumbers'],
    );
    expect(updated.phoneNumbers).toEqual([{ value: '+1 512 555 0111' }]);
    expect(updated.names).toEqual([{ givenName: 'Maria', familyName: 'Lopez' }]);
    expect(updated.etag).not.toBe(created.etag);

    // Edited on the phone after it was read: the etag read before is stale.
    writeContacts(readContacts().map((p) => ({ ...p, emailAddresses: [{ value: 'maria@example.com' }] })));
    const stale = { ...updated, etag: updated.etag!, phoneNumbers: [{ value: '+1 512 555 0122' }] };
    await expect(updateContact(token, stale, ['phoneNumbers'])).rejects.toMatchObject({ reason: 'etag-conflict' });
    const [current] = (await allPages(token, {})).people;
    const retried = await updateContact(
      token,
      { ...current!, etag: current!.etag!, phoneNumbers: stale.phoneNumbers },
      ['phoneNumbers'],
    );
    expect(retried).toMatchObject({
      phoneNumbers: stale.phoneNumbers,
      emailAddresses: [{ value: 'maria@example.com' }],
    });
  });

  it("is refused without the contacts scope, and names Google's 429 as quota", async () => {
    const businessOnly = await accessToken([BUSINESS]);
    await expect(listConnections(businessOnly, {})).rejects.toMatchObject({ reason: 'forbidden' });
    writeFileSync(join(dir, 'faults.json'), JSON.stringify([{ status: 429, times: 1, path: 'connections' }]));
    const limited = listConnections(token, {});
    await expect(limited).rejects.toBeInstanceOf(GoogleBusinessError);
    await expect(limited).rejects.toMatchObject({ reason: 'quota' });
  });
});
