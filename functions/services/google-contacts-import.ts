// POST /api/google/contacts/import { label? }: the agent's Google contacts (all of them, or one contact group) read
// into an import that goes the way of every big import. The contacts are read from the People API a page at a time,
// each read as a client (functions/domain/google-contacts.ts), checked with the client schema and matched to the
// agent's clients (by e-mail, else by the one client with that phone number); the import keeps them as a file of its
// own in the uploads bucket (one JSON line a contact: the draft, its warnings, the contact's link and the client it
// matched) and answers what starting it will do (new, matched, errors). Nothing is written to the clients until the
// agent starts it (POST /api/imports/{id}/start): then the import job creates the new clients linked to their contacts
// and links the matched ones, filling only what they lack (functions/services/client-import.ts), so a contact that is
// a client already never becomes a second one.
import type { ImportJob, ImportPreview } from '@shared/api-types';
import { todayIn } from '@shared/dates';
import { IMPORT_JOB_MAX_ROWS } from '@shared/imports';
import { listClients } from '../data/clients';
import { getConnection } from '../data/google-connections';
import { createImport, newImportId } from '../data/imports';
import {
  clientMatcher,
  googleImportLine,
  inContactGroup,
  matchClient,
  withClientBlanks,
  personDraft,
  type GooglePerson,
} from '../domain/google-contacts';
import { validateDraft } from '../domain/import-rows';
import type { GoogleFeatureOff, GoogleNotConnected, RateLimited, TooManyContacts } from '../domain/refusals';
import { listConnections } from '../integrations/google-people';
import { importUploadKey, putImportFile } from '../integrations/import-files';
import { accessTokenOf } from './google-reviews';
import { importsOverLimit, importState } from './import-jobs';

/** The contacts that cannot be clients the preview names (the report after the import names them all). */
export const PREVIEW_ERRORS_SHOWN = 5;

export type GoogleImportRefusal = GoogleNotConnected | GoogleFeatureOff | RateLimited<'imports'> | TooManyContacts;

/** Every contact of the agent's (none deleted), and the sync token Google gave with the last page. */
async function readAllContacts(accessToken: string): Promise<{ people: GooglePerson[]; syncToken: string | null }> {
  const people: GooglePerson[] = [];
  let pageToken: string | undefined;
  for (;;) {
    const page = await listConnections(accessToken, { ...(pageToken ? { pageToken } : {}) });
    people.push(...page.people.filter((person) => !person.metadata?.deleted));
    if (people.length > IMPORT_JOB_MAX_ROWS) throw new TooManyContactsSignal();
    if (!page.nextPageToken) return { people, syncToken: page.nextSyncToken ?? null };
    pageToken = page.nextPageToken;
  }
}

class TooManyContactsSignal extends Error {}

/**
 * Reads the agent's Google contacts (all, or those in the contact group `label`) into a new import, `ready` to be
 * started, with its preview; or why not: Google not connected, contacts not turned on, too many imports this hour, or
 * more contacts than one import takes. Google's own failures are thrown (GoogleBusinessError).
 */
export async function prepareGoogleContactsImport(
  agent: { id: string; timeZone: string },
  { label }: { label?: string | undefined },
  now = new Date(),
): Promise<ImportJob | GoogleImportRefusal> {
  const connection = await getConnection(agent.id);
  if (!connection) return { kind: 'google-not-connected' };
  if (!connection.contactsFeature) return { kind: 'google-feature-off', feature: 'contacts' };
  const limited = await importsOverLimit(agent.id, now);
  if (limited) return limited;

  let read: Awaited<ReturnType<typeof readAllContacts>>;
  try {
    read = await readAllContacts(await accessTokenOf(connection));
  } catch (error) {
    if (error instanceof TooManyContactsSignal) return { kind: 'too-many-contacts', max: IMPORT_JOB_MAX_ROWS };
    throw error;
  }
  const chosen = label ? read.people.filter((person) => inContactGroup(person, label)) : read.people;

  const today = todayIn(agent.timeZone);
  const clients = await listClients(agent.id);
  const matcher = clientMatcher(clients);
  const byId = new Map(clients.map((client) => [client.id, client]));
  const preview: ImportPreview = { new: 0, matched: 0, errors: 0, firstErrors: [] };
  const newEmails = new Set<string>();
  const lines = chosen.map((person) => {
    const warnings: string[] = [];
    const read = personDraft(person, (message) => warnings.push(message));
    const draft = withClientBlanks(read, byId.get(matchClient(matcher, read.email, read.phone) ?? ''));
    const checked = validateDraft(draft, today);
    const match = 'error' in checked ? undefined : matchClient(matcher, checked.client.email, checked.client.phone);
    if ('error' in checked) {
      preview.errors += 1;
      if (preview.firstErrors.length < PREVIEW_ERRORS_SHOWN)
        preview.firstErrors.push({ name: draft.name || draft.email || person.resourceName, reason: checked.error });
    } else if (match) preview.matched += 1;
    else newEmails.add(checked.client.email);
    const link = { resourceName: person.resourceName, etag: person.etag ?? '' };
    return googleImportLine({ draft, warnings, link, ...(match ? { match } : {}) });
  });
  // Two contacts with one e-mail make one client (the later one's, as in a file).
  preview.new = newEmails.size;

  const id = newImportId(now);
  const key = importUploadKey(agent.id, id, 'google');
  const size = await putImportFile(key, 'google', lines.map((line) => `${line}\n`).join(''));
  const item = await createImport(
    {
      id,
      agentId: agent.id,
      fileName: label ? 'Google contacts (one label)' : 'Google contacts',
      format: 'google',
      size,
      key,
      preview,
      google: { label: label ?? null, syncToken: read.syncToken },
    },
    now,
  );
  return importState(item, now);
}
