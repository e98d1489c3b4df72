// Client invitations. The token is handed out once (in the e-mail) and stored only as its SHA-256
// hash. Redeeming takes a short claim on the invitation, so concurrent submissions cannot both
// proceed; the caller then creates or updates the client and marks the invitation used under its
// claim. A failure releases the claim, so an invitation is never burnt without its client existing,
// and a claim left by a crash lapses after a minute.
// The agent's pointer per e-mail (INVITEEMAIL#) names the live invitation by its hash and by its
// id, the id the agent's list, resend and cancel use (never the token or its hash); it goes when
// the invitation is used or cancelled.
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createHash, randomBytes } from 'node:crypto';
import { randomId } from '../domain/signed-tokens';
import { batchGet, db, expiryFields, getItem, queryAll, sendIf, table, writeIf } from './db';
import { INVITE_EMAIL_PREFIX, invitationEmailKey, invitationIndexKeys, invitationKey } from './keys/clients';
import { agentPartition, ownerIndexKeys } from './keys/table';

export type InvitationItem = {
  pk: string;
  sk: string;
  type: 'invitation';
  /** The owner index (keys/table.ts `ownerIndexKeys`): found when the account or the client is erased. */
  gsi2pk?: string;
  gsi2sk?: string;
  /** The id the agent's list shows (items from before ids have none: see invitationIdOf). */
  invitationId?: string;
  agentId: string;
  name: string;
  email: string;
  createdAt: string;
  expiresAt: string;
  usedAt?: string;
  clientId?: string;
  claimId?: string;
  claimedAt?: string;
  ttl: number;
};

const CLAIM_LEASE_MS = 60_000;
/** Used and expired invitations are kept a while (TTL) so a late click still says "expired". */
const KEEP_AFTER_EXPIRY_SECONDS = 30 * 24 * 3600;

export const hashInvitationToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export function isLiveInvitation(item: InvitationItem, now = new Date()): boolean {
  return !item.usedAt && item.expiresAt > now.toISOString();
}

/**
 * Creates a single-use invitation and makes it the agent's only live invitation for this e-mail:
 * the older one, if still unused, is deleted. Returns the token (the only time it exists in clear).
 */
export async function createInvitation(input: {
  agentId: string;
  name: string;
  email: string;
  ttlDays: number;
  now?: Date;
}): Promise<{
  token: string;
  tokenHash: string;
  invitationId: string;
  createdAt: string;
  expiresAt: string;
  replaced: boolean;
}> {
  const now = input.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashInvitationToken(token);
  const invitationId = randomId();
  const { expiresAt, ttl } = expiryFields(now, input.ttlDays * 24 * 3600, KEEP_AFTER_EXPIRY_SECONDS);
  const email = input.email.toLowerCase();
  const item: InvitationItem = {
    ...invitationKey(tokenHash),
    ...invitationIndexKeys(now.toISOString(), tokenHash),
    ...ownerIndexKeys(input.agentId, invitationKey(tokenHash)),
    type: 'invitation',
    invitationId,
    agentId: input.agentId,
    name: input.name,
    email,
    createdAt: now.toISOString(),
    expiresAt,
    ttl,
  };
  await db().send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
  const previous = await db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...invitationEmailKey(input.agentId, email),
        type: 'invitation-pointer',
        tokenHash,
        invitationId,
        createdAt: item.createdAt,
        ttl,
      },
      ReturnValues: 'ALL_OLD',
    }),
  );
  const oldHash = previous.Attributes?.tokenHash as string | undefined;
  let replaced = false;
  if (oldHash && oldHash !== tokenHash) replaced = await deleteUnusedInvitation(oldHash, input.agentId);
  return { token, tokenHash, invitationId, createdAt: item.createdAt, expiresAt: item.expiresAt, replaced };
}

/**
 * Withdraws an invitation (one that could not be sent, or that the agent cancels), and its pointer
 * if it still names it. False when there was no unused invitation of this agent to delete.
 */
export async function withdrawInvitation(tokenHash: string, agentId: string, email: string): Promise<boolean> {
  const withdrawn = await deleteUnusedInvitation(tokenHash, agentId);
  await dropInvitationPointer(agentId, email, tokenHash);
  return withdrawn;
}

/** Deletes the agent's pointer for this e-mail if it still names this invitation (a newer one is left alone). */
export async function dropInvitationPointer(agentId: string, email: string, tokenHash: string): Promise<void> {
  await writeIf(
    new DeleteCommand({
      TableName: table(),
      Key: invitationEmailKey(agentId, email),
      ConditionExpression: 'tokenHash = :h',
      ExpressionAttributeValues: { ':h': tokenHash },
    }),
  );
}

type InvitationPointer = { tokenHash: string; invitationId?: string };

/**
 * Marks the agent's live invitation to this e-mail used by a client who joined another way (the
 * directory), and drops its pointer: the invitation is done, not open. False when there is none,
 * or a redemption of it holds a claim (that redemption completes it).
 */
export async function completeInvitationByEmail(
  agentId: string,
  email: string,
  clientId: string,
  now = new Date(),
): Promise<boolean> {
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: invitationEmailKey(agentId, email.toLowerCase()), ConsistentRead: true }),
  );
  const pointer = out.Item as InvitationPointer | undefined;
  if (!pointer) return false;
  const marked = await writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: invitationKey(pointer.tokenHash),
      UpdateExpression: 'SET usedAt = :now, clientId = :client',
      ConditionExpression:
        'attribute_exists(pk) AND agentId = :a AND attribute_not_exists(usedAt) AND (attribute_not_exists(claimId) OR claimedAt < :stale)',
      ExpressionAttributeValues: {
        ':now': now.toISOString(),
        ':client': clientId,
        ':a': agentId,
        ':stale': new Date(now.getTime() - CLAIM_LEASE_MS).toISOString(),
      },
    }),
  );
  if (marked) await dropInvitationPointer(agentId, email.toLowerCase(), pointer.tokenHash);
  return marked;
}

/** An invitation its client has not used yet (it may have expired): the agent may resend or cancel it. */
export type OpenInvitationRecord = {
  id: string;
  tokenHash: string;
  name: string;
  email: string;
  createdAt: string;
  expiresAt: string;
};

/**
 * The id of the invitation a pointer names. Invitations made before ids were stored get one
 * derived from the hash (one-way, so it tells nothing of the hash or the token), until they lapse.
 */
function invitationIdOf(pointer: InvitationPointer): string {
  return (
    pointer.invitationId ??
    createHash('sha256').update(`invitation-id:${pointer.tokenHash}`, 'utf8').digest('base64url').slice(0, 22)
  );
}

/** The agent's pointers, one per invited e-mail: one Query of the agent's partition. */
function invitationPointers(agentId: string): Promise<InvitationPointer[]> {
  return queryAll<InvitationPointer>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': agentPartition(agentId), ':prefix': INVITE_EMAIL_PREFIX },
    ProjectionExpression: 'tokenHash, invitationId',
    ConsistentRead: true,
  });
}

function openRecord(
  agentId: string,
  pointer: InvitationPointer,
  item: InvitationItem | undefined,
  now: Date,
): OpenInvitationRecord | undefined {
  // A used invitation whose pointer a crash left behind, another agent's, or one past its TTL that DynamoDB has not
  // deleted yet.
  if (!item || item.agentId !== agentId || item.usedAt || item.ttl * 1000 <= now.getTime()) return undefined;
  return {
    id: invitationIdOf(pointer),
    tokenHash: pointer.tokenHash,
    name: item.name,
    email: item.email,
    createdAt: item.createdAt,
    expiresAt: item.expiresAt,
  };
}

/**
 * The agent's invitations not used yet, expired ones included, newest first: the pointers, then their invitations in
 * one BatchGet.
 */
export async function listOpenInvitations(agentId: string, now = new Date()): Promise<OpenInvitationRecord[]> {
  const pointers = await invitationPointers(agentId);
  const items = await batchGet<InvitationItem>(
    pointers.map((p) => invitationKey(p.tokenHash)),
    { ConsistentRead: true },
  );
  const byPk = new Map(items.map((item) => [item.pk, item]));
  return pointers
    .flatMap((pointer) => openRecord(agentId, pointer, byPk.get(invitationKey(pointer.tokenHash).pk), now) ?? [])
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** One of the agent's open invitations by its id, or undefined (unknown, another agent's, used or gone). */
export async function findOpenInvitation(
  agentId: string,
  id: string,
  now = new Date(),
): Promise<OpenInvitationRecord | undefined> {
  const pointer = (await invitationPointers(agentId)).find((p) => invitationIdOf(p) === id);
  if (!pointer) return undefined;
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: invitationKey(pointer.tokenHash), ConsistentRead: true }),
  );
  return openRecord(agentId, pointer, out.Item as InvitationItem | undefined, now);
}

async function deleteUnusedInvitation(tokenHash: string, agentId: string): Promise<boolean> {
  return writeIf(
    new DeleteCommand({
      TableName: table(),
      Key: invitationKey(tokenHash),
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(usedAt) AND agentId = :a',
      ExpressionAttributeValues: { ':a': agentId },
    }),
  );
}

export async function getInvitationByToken(token: string): Promise<InvitationItem | undefined> {
  return getItem<InvitationItem>(invitationKey(hashInvitationToken(token)), { consistent: true });
}

export type Claim = { tokenHash: string; claimId: string; invitation: InvitationItem };
export type ClaimRefusal = 'invalid' | 'busy';

/**
 * Takes the invitation for one redemption, or says why not: unknown, used or expired ('invalid'), or being redeemed now
 * ('busy').
 */
export async function claimInvitation(token: string, now = new Date()): Promise<Claim | ClaimRefusal> {
  const tokenHash = hashInvitationToken(token);
  const claimId = randomId();
  const out = await sendIf(
    new UpdateCommand({
      TableName: table(),
      Key: invitationKey(tokenHash),
      UpdateExpression: 'SET claimId = :c, claimedAt = :now',
      ConditionExpression:
        'attribute_exists(pk) AND attribute_not_exists(usedAt) AND expiresAt > :now AND (attribute_not_exists(claimId) OR claimedAt < :stale)',
      ExpressionAttributeValues: {
        ':c': claimId,
        ':now': now.toISOString(),
        ':stale': new Date(now.getTime() - CLAIM_LEASE_MS).toISOString(),
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  if (out) return { tokenHash, claimId, invitation: out.Attributes as InvitationItem };
  const current = await getInvitationByToken(token);
  return current && isLiveInvitation(current, now) ? 'busy' : 'invalid';
}

/** Gives the invitation back unused (the client could not be saved). */
export async function releaseClaim(claim: Claim): Promise<void> {
  await writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: invitationKey(claim.tokenHash),
      UpdateExpression: 'REMOVE claimId, claimedAt',
      ConditionExpression: 'claimId = :c',
      ExpressionAttributeValues: { ':c': claim.claimId },
    }),
  );
}

/** Marks the invitation used, once; false when this claim lapsed and another redemption took over. */
export async function markInvitationUsed(claim: Claim, clientId: string, now = new Date()): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: invitationKey(claim.tokenHash),
      UpdateExpression: 'SET usedAt = :now, clientId = :client REMOVE claimId, claimedAt',
      ConditionExpression: 'claimId = :c AND attribute_not_exists(usedAt)',
      ExpressionAttributeValues: { ':now': now.toISOString(), ':client': clientId, ':c': claim.claimId },
    }),
  );
}
