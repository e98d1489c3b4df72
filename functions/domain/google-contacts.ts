// A Google contact (a People API Person) read as a client: who they are, how to reach them, and their dates. The
// birthday goes to `birthday` (without its year when Google has none), an event of type `anniversary` to
// `anniversary`, and every other dated event to a key date labelled as Google labels it. What the client form would
// refuse (no e-mail, a phone that is no number) is left for the import's validation to report, as a CSV row's is.
import { KEY_DATE_LABEL_MAX, KEY_DATES_MAX } from '@shared/key-dates';
import { emailSchema, phoneSchema } from '@shared/schemas';
import { ImportFormatError, readDate, type ClientDraft } from './import-rows';
import { phoneToE164 } from './phone-numbers';

/** The Google contact a client is linked to: its resource name (`people/c…`) and the etag it was last read with. */
export type GoogleContactLink = { resourceName: string; etag: string };

type GoogleDate = { year?: number; month?: number; day?: number };
/** A People API Person, as far as the app reads it (functions/integrations/google-people.ts reads and writes them). */
export type GooglePerson = {
  resourceName: string;
  etag?: string;
  names?: { displayName?: string; givenName?: string; familyName?: string }[];
  emailAddresses?: { value?: string; type?: string }[];
  phoneNumbers?: { value?: string; type?: string }[];
  birthdays?: { date?: GoogleDate; text?: string }[];
  events?: { date?: GoogleDate; type?: string; formattedType?: string }[];
  memberships?: { contactGroupMembership?: { contactGroupResourceName?: string } }[];
  metadata?: { deleted?: boolean };
};

const two = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD`, `--MM-DD` without a year, or '' when Google's date has no month and day. */
function dateText(date: GoogleDate | undefined): string {
  if (!date?.month || !date.day) return '';
  const monthDay = `${two(date.month)}-${two(date.day)}`;
  return date.year ? `${String(date.year).padStart(4, '0')}-${monthDay}` : `--${monthDay}`;
}

const first = <T extends { value?: string }>(list: readonly T[] | undefined) =>
  list?.find((entry) => entry.value?.trim())?.value?.trim() ?? '';

/** The person's name as Google shows it, else put together from its parts. */
function nameOf(person: GooglePerson): string {
  const name = person.names?.[0];
  if (!name) return '';
  return (name.displayName?.trim() || [name.givenName, name.familyName].filter(Boolean).join(' ')).trim();
}

/** A key date's label from Google's (`formattedType`, else its `type`), as the form allows it. */
function eventLabel(event: { type?: string; formattedType?: string }): string {
  const label = (event.formattedType?.trim() || event.type?.trim() || 'Date').replace(/\s+/g, ' ');
  return label.slice(0, KEY_DATE_LABEL_MAX);
}

/** The client a Google contact describes, before validation; `warn` hears what was left out and why. */
export function personDraft(person: GooglePerson, warn: (message: string) => void): ClientDraft {
  const birthday = dateText(person.birthdays?.find((b) => dateText(b.date))?.date);
  const events = (person.events ?? []).filter((event) => dateText(event.date));
  const anniversaryEvent = events.find((event) => event.type?.toLowerCase() === 'anniversary');
  const others = events.filter((event) => event !== anniversaryEvent);
  if (others.length > KEY_DATES_MAX) warn(`Only the first ${KEY_DATES_MAX} of ${others.length} dates were kept`);
  return {
    name: nameOf(person),
    email: first(person.emailAddresses).toLowerCase(),
    phone: first(person.phoneNumbers),
    address: '',
    postalCode: '',
    birthday: birthday ? readDate('birthday', birthday, warn) : '',
    anniversary: anniversaryEvent ? readDate('anniversary', dateText(anniversaryEvent.date), warn) : '',
    purchaseDate: '',
    purchasePrice: '',
    ...(others.length > 0
      ? {
          keyDates: others
            .slice(0, KEY_DATES_MAX)
            .map((event) => ({ label: eventLabel(event), date: dateText(event.date) })),
        }
      : {}),
  };
}

/** Whether the person is in the contact group (`contactGroups/…`), as their memberships say. */
export const inContactGroup = (person: GooglePerson, group: string): boolean =>
  (person.memberships ?? []).some((m) => m.contactGroupMembership?.contactGroupResourceName === group);

/** The agent's clients, found by e-mail (lower-cased) and by phone number (E.164). */
export type ClientMatcher = { byEmail: Map<string, string>; byPhone: Map<string, string> };

export function clientMatcher(clients: readonly { id: string; email: string; phone: string }[]): ClientMatcher {
  const byEmail = new Map<string, string>();
  const byPhone = new Map<string, string>();
  for (const client of clients) {
    byEmail.set(client.email.toLowerCase(), client.id);
    const e164 = phoneToE164(client.phone);
    // A number two clients share names neither of them: it cannot say which one the contact is.
    if (e164) byPhone.set(e164, byPhone.has(e164) ? '' : client.id);
  }
  return { byEmail, byPhone };
}

/** The client a contact is: the one with its e-mail, else the only one with its phone number; undefined: none. */
export function matchClient(matcher: ClientMatcher, email: string, phone: string): string | undefined {
  const byEmail = matcher.byEmail.get(email.toLowerCase());
  if (byEmail) return byEmail;
  const e164 = phoneToE164(phone);
  return (e164 && matcher.byPhone.get(e164)) || undefined;
}

/** What a Google contacts import keeps of one contact: the link, and the client it matched when it was read. */
export type GoogleContactEntry = { link: GoogleContactLink; match?: string };
/** One line of a Google contacts import's file: the contact as a client draft, what was left out, and its link. */
export type GoogleImportLine = GoogleContactEntry & { draft: ClientDraft; warnings: string[] };

export const googleImportLine = (line: GoogleImportLine): string => JSON.stringify(line);

/** A line of the file written by the import itself: anything else is a file that was tampered with, and refused. */
export function readGoogleImportLine(text: string, row: number): GoogleImportLine {
  let value: Partial<GoogleImportLine> | null = null;
  try {
    value = JSON.parse(text) as Partial<GoogleImportLine> | null;
  } catch {
    // refused below
  }
  const link = value?.link;
  if (
    !value ||
    typeof value.draft !== 'object' ||
    value.draft === null ||
    typeof link?.resourceName !== 'string' ||
    typeof link.etag !== 'string' ||
    !Array.isArray(value.warnings) ||
    (value.match !== undefined && typeof value.match !== 'string')
  )
    throw new ImportFormatError(`Contact ${row} of the Google contacts import could not be read.`);
  return {
    draft: value.draft,
    warnings: value.warnings.map(String),
    link: { resourceName: link.resourceName, etag: link.etag },
    ...(value.match ? { match: value.match } : {}),
  };
}

/** The fields a sync keeps in step both ways: how to reach the client. */
export const SYNCED_FIELDS = ['email', 'phone'] as const;
export type SyncedField = (typeof SYNCED_FIELDS)[number];
export type SyncedValues = Record<SyncedField, string>;

/**
 * What both sides said at the last sync: the contact's values (`google`) and the client's (`client`). A side changed a
 * field when its value is no longer the one kept here.
 */
export type SyncBase = { google: SyncedValues; client: SyncedValues };

/** A field both sides changed since the last sync: the client keeps the agent's value, and the agent is told. */
export type ContactConflict = { field: SyncedField; google: string; client: string };

/**
 * The three-way merge of a linked contact's e-mail and phone: a field Google changed since `base` and the agent did
 * not takes Google's value; a field both changed (to different values) is a conflict and keeps the agent's; the rest
 * is as it is. A client linked before bases were kept (no `base`) takes nothing: today's values become the base.
 */
export function mergeContact(
  base: SyncBase | undefined,
  google: SyncedValues,
  client: SyncedValues,
): { changes: Partial<SyncedValues>; conflicts: ContactConflict[]; base: SyncBase } {
  const changes: Partial<SyncedValues> = {};
  const conflicts: ContactConflict[] = [];
  for (const field of SYNCED_FIELDS) {
    if (!base || !google[field]) continue; // a value Google no longer has never clears the client's
    const googleChanged = google[field] !== base.google[field];
    const clientChanged = client[field] !== base.client[field];
    if (!googleChanged || google[field] === client[field]) continue;
    if (clientChanged) conflicts.push({ field, google: google[field], client: client[field] });
    else changes[field] = google[field];
  }
  const after = { ...client, ...changes };
  return { changes, conflicts, base: { google, client: after } };
}

/** The contact to create in Google for a client: name, e-mail, phone and birthday, in the group when one is given. */
export function personOf(
  client: { name: string; email: string; phone: string; birthday?: string | null },
  group?: string,
): Omit<GooglePerson, 'resourceName'> {
  const birthday = /^(\d{4}|--)-?(\d{2})-(\d{2})$/.exec(client.birthday ?? '');
  return {
    names: [{ displayName: client.name, givenName: client.name }],
    ...(client.email ? { emailAddresses: [{ value: client.email }] } : {}),
    ...(client.phone ? { phoneNumbers: [{ value: client.phone }] } : {}),
    ...(birthday
      ? {
          birthdays: [
            {
              date: {
                ...(birthday[1] === '--' ? {} : { year: Number(birthday[1]) }),
                month: Number(birthday[2]),
                day: Number(birthday[3]),
              },
            },
          ],
        }
      : {}),
    ...(group ? { memberships: [{ contactGroupMembership: { contactGroupResourceName: group } }] } : {}),
  };
}

/** The person's list of a field (e-mails or phones) with `value` first, the one it replaces taken out. */
export function withFirstValue(
  person: GooglePerson,
  field: SyncedField,
  value: string,
  replacing: string,
): GooglePerson {
  const key = field === 'email' ? 'emailAddresses' : 'phoneNumbers';
  const others = (person[key] ?? []).filter((entry) => entry.value !== replacing && entry.value !== value);
  return { ...person, [key]: [{ value }, ...others] };
}

/** The People API field a synced field is kept in. */
export const personFieldOf = (field: SyncedField) => (field === 'email' ? 'emailAddresses' : 'phoneNumbers');

/** The fields the agent changed here since the last sync (a value they cleared is never written to Google). */
export const agentEdits = (base: SyncBase | undefined, client: SyncedValues): SyncedField[] =>
  base ? SYNCED_FIELDS.filter((field) => client[field] && client[field] !== base.client[field]) : [];

/** The contact's e-mail and phone, each only when the client form would take it ('' otherwise: never applied). */
export function syncedValuesOf(person: GooglePerson): SyncedValues {
  const draft = personDraft(person, () => {});
  return {
    email: emailSchema.isValidSync(draft.email) ? draft.email : '',
    phone: phoneSchema.isValidSync(draft.phone) ? draft.phone : '',
  };
}

/**
 * A contact's draft with the blank name, e-mail and phone taken from the client it matches: linking fills only what
 * the client lacks, so these change nothing, and a contact without a phone (which could not be a client alone) still
 * links to the client it is instead of being left out, and later written to Google a second time.
 */
export function withClientBlanks(
  draft: ClientDraft,
  client: { name: string; email: string; phone: string } | undefined,
): ClientDraft {
  if (!client) return draft;
  return {
    ...draft,
    name: draft.name || client.name,
    email: draft.email || client.email,
    phone: draft.phone || client.phone,
  };
}
