// A client registering themselves, from an invitation or after choosing their realtor. From an
// invitation (which proves the e-mail), an e-mail already among the agent's clients updates that
// client, never a duplicate. From the directory, where anyone can type any e-mail, it changes
// nothing yet: the details wait in a submission until the client confirms them from the e-mail we
// send (single-use token, stored hashed, 7 days). Otherwise a new client within the agent's plan
// (createClient's atomic cap). An invitation is claimed first, marked used only once its client
// exists, and given back if the client could not be saved: it is never burnt for nothing, and of
// concurrent submissions exactly one goes through.
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import { REGISTRATION_CONFIRM_TOKEN_PATTERN, REGISTRATION_SUBMISSION_TTL_DAYS } from '../../shared/client-registration';
import type { ClientInput } from '../../shared/client-schema';
import { randomId } from '../domain/signed-tokens';
import { isListedAgent } from './agent-directory';
import { ClientEmailTakenError, createClient, findClientIdByEmail, getClient, PlanLimitError, updateClient, type ClientChanges, type ClientItem } from './clients';
import { db, isConditionalCheckFailed, table, writeIf } from './db';
import { claimInvitation, markInvitationUsed, releaseClaim } from './invitations';
import { registrationSubmissionKey } from './keys';
import { getUserById, type UserItem } from './users';

export type RegisteringClient = Pick<ClientInput, 'name' | 'email' | 'phone' | 'address' | 'birthday' | 'purchaseDate'>;
export type ClientProfile = Omit<RegisteringClient, 'name' | 'email'>;
export type Registration = { agent: UserItem; client: ClientItem; created: boolean };
/** A directory registration for a known e-mail: nothing changed; `confirmToken` (only ever in the e-mail) applies it. */
export type SubmittedRegistration = { agent: UserItem; client: ClientItem; submission: RegistrationSubmissionItem; confirmToken: string };

/** A video uploaded against a submission, waiting (under its own prefix) for the confirmation. */
export type SubmissionUpload = { id: string; key: string; contentType: string; size: number; uploadedAt: string };

export type RegistrationSubmissionItem = {
  pk: string;
  sk: string;
  type: 'registration-submission';
  id: string;
  agentId: string;
  clientId: string;
  changes: ClientChanges;
  tokenHash: string;
  uploads: Record<string, SubmissionUpload>;
  createdAt: string;
  expiresAt: string;
  usedAt?: string;
  ttl: number;
};

/** The confirmation link is unknown, already used or expired. */
export class SubmissionRefusedError extends Error {
  override name = 'SubmissionRefusedError';
  constructor(readonly reason: 'invalid' | 'used' | 'expired') {
    super(`submission ${reason}`);
  }
}

/** The client the submission was for is gone. */
export class SubmissionClientGoneError extends Error {
  override name = 'SubmissionClientGoneError';
}

/** The invitation is unknown, used or expired ('invalid'), or another submission is redeeming it ('busy'). */
export class InvitationRefusedError extends Error {
  override name = 'InvitationRefusedError';
  constructor(readonly reason: 'invalid' | 'busy') {
    super(`invitation ${reason}`);
  }
}

export class AgentNotFoundError extends Error {
  override name = 'AgentNotFoundError';
}

/** The agent's free plan is full: the client could not join. */
export class AgentAtCapacityError extends Error {
  override name = 'AgentAtCapacityError';
  constructor(
    readonly agent: UserItem,
    readonly client: Pick<RegisteringClient, 'name' | 'email'>,
  ) {
    super('agent at the free plan limit');
  }
}

export async function registerFromInvitation(token: string, profile: ClientProfile, now = new Date()): Promise<Registration> {
  const claim = await claimInvitation(token, now);
  if (typeof claim === 'string') throw new InvitationRefusedError(claim);
  const { invitation } = claim;
  let registration: Registration;
  try {
    const agent = await getUserById(invitation.agentId, true);
    if (!agent) throw new InvitationRefusedError('invalid');
    registration = { agent, ...(await saveRegisteringClient(agent, { ...profile, name: invitation.name, email: invitation.email }, now)) };
  } catch (error) {
    await releaseClaim(claim);
    throw error;
  }
  // Only when this claim lapsed (over a minute) and another submission took over: that one finds
  // this client by its e-mail and completes the invitation.
  let marked: boolean;
  try {
    marked = await markInvitationUsed(claim, registration.client.id, now);
  } catch (error) {
    // Not marked (throttled): give the invitation back, so the retry finds the client by its e-mail and completes it.
    await releaseClaim(claim);
    throw error;
  }
  if (!marked) {
    await releaseClaim(claim); // only if still ours: the retry then completes the invitation
    throw new InvitationRefusedError('busy');
  }
  return registration;
}

/** From the directory: a new client, or (for an e-mail the agent already has) a submission waiting for that client's confirmation. */
export async function registerWithAgent(agentId: string, input: RegisteringClient, now = new Date()): Promise<Registration | SubmittedRegistration> {
  const agent = await getUserById(agentId, true);
  if (!agent || !isListedAgent(agent)) throw new AgentNotFoundError('no such agent');
  const existingId = await findClientIdByEmail(agent.id, input.email);
  const existing = existingId ? await getClient(agent.id, existingId) : undefined;
  if (existing) return { agent, client: existing, ...(await createSubmission(agent.id, existing.id, changesFrom(input), now)) };
  try {
    return { agent, ...(await createRegisteringClient(agent, input, now)) };
  } catch (error) {
    // The same e-mail was added a moment ago (by the agent while this request ran).
    const client = error instanceof ClientEmailTakenError ? await getClient(agent.id, error.existingClientId) : undefined;
    if (!client) throw error;
    return { agent, client, ...(await createSubmission(agent.id, client.id, changesFrom(input), now)) };
  }
}

async function saveRegisteringClient(agent: UserItem, input: RegisteringClient, now: Date): Promise<{ client: ClientItem; created: boolean }> {
  const existingId = await findClientIdByEmail(agent.id, input.email);
  if (existingId) {
    const updated = await updateClient(agent.id, existingId, changesFrom(input), now);
    if (updated) return { client: updated, created: false };
  }
  try {
    return await createRegisteringClient(agent, input, now);
  } catch (error) {
    // The same e-mail was added a moment ago (by the agent while this request ran).
    if (!(error instanceof ClientEmailTakenError)) throw error;
    const updated = await updateClient(agent.id, error.existingClientId, changesFrom(input), now);
    if (!updated) throw error;
    return { client: updated, created: false };
  }
}

async function createRegisteringClient(agent: UserItem, input: RegisteringClient, now: Date): Promise<{ client: ClientItem; created: true }> {
  try {
    const { client } = await createClient(agent.id, { ...input, anniversary: undefined }, now);
    return { client, created: true };
  } catch (error) {
    if (error instanceof PlanLimitError) throw new AgentAtCapacityError(agent, input);
    throw error;
  }
}

const hashConfirmToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

async function createSubmission(agentId: string, clientId: string, changes: ClientChanges, now: Date): Promise<{ submission: RegistrationSubmissionItem; confirmToken: string }> {
  // The id has the form of a client id: the visitor's answer holds it where a new client's id would be.
  const id = randomId();
  // The id finds the record; the whole token's hash must match it.
  const confirmToken = `${id}.${randomId(32)}`;
  const expires = new Date(now.getTime() + REGISTRATION_SUBMISSION_TTL_DAYS * 24 * 3600 * 1000);
  const submission: RegistrationSubmissionItem = {
    ...registrationSubmissionKey(id),
    type: 'registration-submission',
    id,
    agentId,
    clientId,
    changes,
    tokenHash: hashConfirmToken(confirmToken),
    uploads: {},
    createdAt: now.toISOString(),
    expiresAt: expires.toISOString(),
    ttl: Math.floor(expires.getTime() / 1000),
  };
  await db().send(new PutCommand({ TableName: table(), Item: submission, ConditionExpression: 'attribute_not_exists(pk)' }));
  return { submission, confirmToken };
}

export async function getSubmission(agentId: string, id: string): Promise<RegistrationSubmissionItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: registrationSubmissionKey(id), ConsistentRead: true }));
  const item = out.Item as RegistrationSubmissionItem | undefined;
  return item?.agentId === agentId ? item : undefined;
}

/** The submission the visitor's upload token names, while it can still be confirmed. */
export async function getOpenSubmission(agentId: string, id: string, now = new Date()): Promise<RegistrationSubmissionItem | undefined> {
  const item = await getSubmission(agentId, id);
  return item && !item.usedAt && item.expiresAt > now.toISOString() ? item : undefined;
}

/** Records a confirmed upload on the submission, once (a repeat answers the first record); undefined when the submission was confirmed or expired meanwhile. */
export async function addSubmissionUpload(submissionId: string, upload: SubmissionUpload, now = new Date()): Promise<SubmissionUpload | undefined> {
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: registrationSubmissionKey(submissionId),
        UpdateExpression: 'SET uploads.#upload = if_not_exists(uploads.#upload, :upload)',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(usedAt) AND expiresAt > :now',
        ExpressionAttributeNames: { '#upload': upload.id },
        ExpressionAttributeValues: { ':upload': upload, ':now': now.toISOString() },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return (out.Attributes as Pick<RegistrationSubmissionItem, 'uploads'> | undefined)?.uploads?.[upload.id] ?? upload;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return undefined;
    throw error;
  }
}

/**
 * Marks the submission named by the e-mailed token used (one conditional write: the hash must
 * match, unused, unexpired) and returns it; the caller applies it, and gives it back with
 * releaseSubmission if that fails, so a link is never burnt for nothing.
 */
export async function claimSubmission(token: string, now = new Date()): Promise<RegistrationSubmissionItem> {
  const id = REGISTRATION_CONFIRM_TOKEN_PATTERN.exec(token)?.[1];
  if (!id) throw new SubmissionRefusedError('invalid');
  const tokenHash = hashConfirmToken(token);
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: registrationSubmissionKey(id),
        UpdateExpression: 'SET usedAt = :now',
        ConditionExpression: 'tokenHash = :hash AND attribute_not_exists(usedAt) AND expiresAt > :now',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':hash': tokenHash },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as RegistrationSubmissionItem;
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
  const out = await db().send(new GetCommand({ TableName: table(), Key: registrationSubmissionKey(id), ConsistentRead: true }));
  const item = out.Item as RegistrationSubmissionItem | undefined;
  if (!item || item.tokenHash !== tokenHash) throw new SubmissionRefusedError('invalid');
  throw new SubmissionRefusedError(item.usedAt ? 'used' : 'expired');
}

export async function releaseSubmission(submission: RegistrationSubmissionItem): Promise<void> {
  await writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: registrationSubmissionKey(submission.id),
      UpdateExpression: 'REMOVE usedAt',
      ConditionExpression: 'usedAt = :used',
      ExpressionAttributeValues: { ':used': submission.usedAt },
    }),
  );
}

/** Applies a claimed submission's details to its client. */
export async function applySubmission(submission: RegistrationSubmissionItem, now = new Date()): Promise<ClientItem> {
  const updated = await updateClient(submission.agentId, submission.clientId, submission.changes, now);
  if (!updated) throw new SubmissionClientGoneError('the client no longer exists');
  return updated;
}

/** What the visitor sent; optional fields they left empty keep what the agent had. */
function changesFrom(input: RegisteringClient): ClientChanges {
  const changes: ClientChanges = { name: input.name, phone: input.phone };
  if (input.address) changes.address = input.address;
  if (input.birthday) changes.birthday = input.birthday;
  if (input.purchaseDate) changes.purchaseDate = input.purchaseDate;
  return changes;
}
