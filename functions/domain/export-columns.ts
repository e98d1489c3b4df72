// The columns of every export file (the admin's and the agent's own clients). Each is an
// allow-list: a field not named here (password hashes, token hashes, session data, storage keys)
// never reaches a file.
import type { AdminAgent, AdminClient, Client } from '@shared/api-types';
import { CLIENT_FIELD_SPECS, CLIENT_FIELDS } from '@shared/client-schema';
import type { CsvColumn, CsvValue } from './csv-export';

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** The fields of `T` a cell can show as they are. */
type PlainField<T> = { [K in keyof T & string]: T[K] extends CsvValue ? K : never }[keyof T & string];

/** Columns that show a field as it is, each headed by the field's name. */
const asIs = <T>(...fields: PlainField<T>[]): CsvColumn<T>[] =>
  fields.map((field) => ({ header: field, value: (row) => row[field] as CsvValue }));

/** Whose row it is on the admin's exports, by username ('Unknown' when the agent is gone). */
const agentUsernameColumn = <T extends { agentUsername?: string | null }>(): CsvColumn<T> => ({
  header: 'agentUsername',
  value: (row) => row.agentUsername ?? 'Unknown',
});

/**
 * The import's own columns (shared/client-schema.ts) first, so an export can be imported again; then the review and
 * contact state.
 */
const CLIENT_LEAD_COLUMNS: readonly CsvColumn<Client>[] = [
  ...CLIENT_FIELDS.map((field): CsvColumn<Client> => ({
    header: CLIENT_FIELD_SPECS[field].csv,
    value: (c) => c[field],
  })),
  ...asIs<Client>('reviewStatus', 'reviewRequestedAt', 'reviewSubmittedAt', 'lastContactDate'),
  { header: 'hasTestimonial', value: (c) => yesNo(c.hasTestimonial) },
];

const CLIENT_TAIL_COLUMNS: readonly CsvColumn<Client>[] = [
  { header: 'clientId', value: (c) => c.id },
  ...asIs<Client>('createdAt', 'updatedAt'),
];

/** The admin's client columns: whose client each is, between the client's state and its ids. */
export const CLIENT_COLUMNS: readonly CsvColumn<AdminClient>[] = [
  ...CLIENT_LEAD_COLUMNS,
  agentUsernameColumn(),
  ...asIs<AdminClient>('agentId'),
  ...CLIENT_TAIL_COLUMNS,
];

/** An agent's export of their own clients: every field of a client but whose it is (the agent's own, on every row). */
export const OWN_CLIENT_COLUMNS: readonly CsvColumn<Client>[] = [
  ...CLIENT_LEAD_COLUMNS,
  ...asIs<Client>('timeZone'),
  { header: 'emailOptedOut', value: (c) => yesNo(c.emailOptedOut) },
  { header: 'smsOptedOut', value: (c) => yesNo(c.smsOptedOut) },
  { header: 'smsConsent', value: (c) => c.smsConsent.status },
  { header: 'automationsPaused', value: (c) => yesNo(c.automationsPaused) },
  { header: 'tags', value: (c) => c.tags.join('; ') },
  { header: 'keyDates', value: (c) => c.keyDates.map((d) => `${d.label}: ${d.date}`).join('; ') },
  ...asIs<Client>('cadenceDays'),
  { header: 'origin', value: (c) => c.origin ?? null },
  ...CLIENT_TAIL_COLUMNS,
];

export const AGENT_COLUMNS: readonly CsvColumn<AdminAgent>[] = [
  ...asIs<AdminAgent>('id', 'username', 'fullName', 'phone'),
  { header: 'plan', value: (a) => (a.isPro ? 'Pro' : 'Free') },
  { header: 'isAdmin', value: (a) => yesNo(a.isAdmin) },
  ...asIs<AdminAgent>('businessName', 'businessLocation', 'signupDate', 'lastLoginDate', 'clientCount'),
];

export type InvitationRow = {
  agentId: string;
  name: string;
  email: string;
  createdAt: string;
  expiresAt: string;
  usedAt?: string | null;
  clientId?: string | null;
};

type AdminInvitationRow = InvitationRow & { agentUsername: string | null; status: string };

export const INVITATION_COLUMNS: readonly CsvColumn<AdminInvitationRow>[] = [
  ...asIs<AdminInvitationRow>('name', 'email', 'status'),
  agentUsernameColumn(),
  ...asIs<AdminInvitationRow>('agentId', 'createdAt', 'expiresAt', 'usedAt', 'clientId'),
];

export function invitationStatus(row: InvitationRow, now: Date): 'used' | 'expired' | 'pending' {
  if (row.usedAt) return 'used';
  return row.expiresAt <= now.toISOString() ? 'expired' : 'pending';
}

export type MilestoneRow = {
  clientId: string;
  milestoneType: string;
  name: string;
  description: string;
  icon: string;
  achievedAt: string;
};

export const MILESTONE_COLUMNS: readonly CsvColumn<MilestoneRow>[] = [
  ...asIs<MilestoneRow>('clientId'),
  { header: 'type', value: (m) => m.milestoneType },
  ...asIs<MilestoneRow>('name', 'description', 'icon', 'achievedAt'),
];

export type TestimonialRow = {
  id: string;
  agentId: string;
  clientId: string;
  contentType: string;
  size: number;
  uploadedAt: string;
};

type AdminTestimonialRow = TestimonialRow & { agentUsername: string | null };

export const TESTIMONIAL_COLUMNS: readonly CsvColumn<AdminTestimonialRow>[] = [
  ...asIs<AdminTestimonialRow>('id', 'clientId'),
  agentUsernameColumn(),
  ...asIs<AdminTestimonialRow>('agentId', 'contentType', 'size', 'uploadedAt'),
];
