// Who is an administrator: proven, never claimed. The e-mail must be verified (the agent followed
// the link we mailed) and on the configured list; the list is read at every decision, so removing
// an address demotes the account at its next request.
export type AdminCandidate = { username: string; emailVerifiedAt?: string };

export function isAdministrator(user: AdminCandidate, adminEmails: ReadonlySet<string>): boolean {
  return Boolean(user.emailVerifiedAt) && adminEmails.has(user.username.trim().toLowerCase());
}
