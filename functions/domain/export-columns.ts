// The columns of every export file (the admin's and the agent's own clients). Each is an
// allow-list: a field not named here (password hashes, token hashes, session data, storage keys)
// never reaches a file.
import type { AdminAgent, AdminClient, Client } from '@shared/api-types';
import { CLIENT_FIELD_SPECS, CLIENT_FIELDS } from '@shared/client-schema';
import type { CsvColumn } from './csv-export';

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/**
 * The import's own columns (shared/client-schema.ts) first, so an export can be imported again; then the review and
 * contact state.
 */
const CLIENT_LEAD_COLUMNS: readonly CsvColumn<Client>[] = [
  ...CLIENT_FIELDS.map((field): CsvColumn<Client> => ({
    header: CLIENT_FIELD_SPECS[field].csv,
    value: (c) => c[field],
  })),
  { header: 'reviewStatus', value: (c) => c.reviewStatus },
  { header: 'reviewRequestedAt', value: (c) => c.reviewRequestedAt },
  { header: 'reviewSubmittedAt', value: (c) => c.reviewSubmittedAt },
  { header: 'lastContactDate', value: (c) => c.lastContactDate },
  { header: 'hasTestimonial', value: (c) => yesNo(c.hasTestimonial) },
];

const CLIENT_TAIL_COLUMNS: readonly CsvColumn<Client>[] = [
  { header: 'clientId', value: (c) => c.id },
  { header: 'createdAt', value: (c) => c.createdAt },
  { header: 'updatedAt', value: (c) => c.updatedAt },
];

/** The admin's client columns: whose client each is, between the client's state and its ids. */
export const CLIENT_COLUMNS: readonly CsvColumn<AdminClient>[] = [
  ...CLIENT_LEAD_COLUMNS,
  { header: 'agentUsername', value: (c) => c.agentUsername ?? 'Unknown' },
  { header: 'agentId', value: (c) => c.agentId },
  ...CLIENT_TAIL_COLUMNS,
];

/** An agent's export of their own clients: every field of a client but whose it is (the agent's own, on every row). */
export const OWN_CLIENT_COLUMNS: readonly CsvColumn<Client>[] = [
  ...CLIENT_LEAD_COLUMNS,
  { header: 'timeZone', value: (c) => c.timeZone },
  { header: 'emailOptedOut', value: (c) => yesNo(c.emailOptedOut) },
  { header: 'smsOptedOut', value: (c) => yesNo(c.smsOptedOut) },
  { header: 'smsConsent', value: (c) => c.smsConsent.status },
  { header: 'automationsPaused', value: (c) => yesNo(c.automationsPaused) },
  { header: 'tags', value: (c) => c.tags.join('; ') },
  { header: 'keyDates', value: (c) => c.keyDates.map((d) => `${d.label}: ${d.date}`).join('; ') },
  { header: 'cadenceDays', value: (c) => c.cadenceDays },
  { header: 'origin', value: (c) => c.origin ?? null },
  ...CLIENT_TAIL_COLUMNS,
];

export const AGENT_COLUMNS: readonly CsvColumn<AdminAgent>[] = [
  { header: 'id', value: (a) => a.id },
  { header: 'username', value: (a) => a.username },
  { header: 'fullName', value: (a) => a.fullName },
  { header: 'phone', value: (a) => a.phone },
  { header: 'plan', value: (a) => (a.isPro ? 'Pro' : 'Free') },
  { header: 'isAdmin', value: (a) => yesNo(a.isAdmin) },
  { header: 'businessName', value: (a) => a.businessName },
  { header: 'businessLocation', value: (a) => a.businessLocation },
  { header: 'signupDate', value: (a) => a.signupDate },
  { header: 'lastLoginDate', value: (a) => a.lastLoginDate },
  { header: 'clientCount', value: (a) => a.clientCount },
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

export const INVITATION_COLUMNS: readonly CsvColumn<
  InvitationRow & { agentUsername: string | null; status: string }
>[] = [
  { header: 'name', value: (i) => i.name },
  { header: 'email', value: (i) => i.email },
  { header: 'status', value: (i) => i.status },
  { header: 'agentUsername', value: (i) => i.agentUsername ?? 'Unknown' },
  { header: 'agentId', value: (i) => i.agentId },
  { header: 'createdAt', value: (i) => i.createdAt },
  { header: 'expiresAt', value: (i) => i.expiresAt },
  { header: 'usedAt', value: (i) => i.usedAt },
  { header: 'clientId', value: (i) => i.clientId },
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
  { header: 'clientId', value: (m) => m.clientId },
  { header: 'type', value: (m) => m.milestoneType },
  { header: 'name', value: (m) => m.name },
  { header: 'description', value: (m) => m.description },
  { header: 'icon', value: (m) => m.icon },
  { header: 'achievedAt', value: (m) => m.achievedAt },
];

export type TestimonialRow = {
  id: string;
  agentId: string;
  clientId: string;
  contentType: string;
  size: number;
  uploadedAt: string;
};

export const TESTIMONIAL_COLUMNS: readonly CsvColumn<TestimonialRow & { agentUsername: string | null }>[] = [
  { header: 'id', value: (t) => t.id },
  { header: 'clientId', value: (t) => t.clientId },
  { header: 'agentUsername', value: (t) => t.agentUsername ?? 'Unknown' },
  { header: 'agentId', value: (t) => t.agentId },
  { header: 'contentType', value: (t) => t.contentType },
  { header: 'size', value: (t) => t.size },
  { header: 'uploadedAt', value: (t) => t.uploadedAt },
];
