// Client invitations. The token is handed out once (in the e-mail) and stored only as its SHA-256
// hash. Redeeming takes a short claim on the invitation, so concurrent submissions cannot both
// proceed; the caller then creates or updates the client and marks the invitation used under its
// claim. A failure releases the claim, so an invitation is never burnt without its client existing,
// and a claim left by a crash lapses after a minute.
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createHash, randomBytes } from 'node:crypto';
import { randomId } from '../domain/signed-tokens';
import { db, sendIf, table, writeIf } from './db';
import { invitationEmailKey, invitationIndexKeys, invitationKey } from './keys';

export type InvitationItem = {
  pk: string;
  sk: string;
  type: 'invitation';
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
export async function createInvitation(input: { agentId: string; name: string; email: string; ttlDays: number; now?: Date }): Promise<{ token: string; tokenHash: string; expiresAt: string; replaced: boolean }> {
  const now = input.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashInvitationToken(token);
  const expires = new Date(now.getTime() + input.ttlDays * 24 * 3600 * 1000);
  const ttl = Math.floor(expires.getTime() / 1000) + KEEP_AFTER_EXPIRY_SECONDS;
  const email = input.email.toLowerCase();
  const item: InvitationItem = {
    ...invitationKey(tokenHash),
    ...invitationIndexKeys(now.toISOString(), tokenHash),
    type: 'invitation',
    agentId: input.agentId,
    name: input.name,
    email,
    createdAt: now.toISOString(),
    expiresAt: expires.toISOString(),
    ttl,
  };
  await db().send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
  const previous = await db().send(
    new PutCommand({
      TableName: table(),
      Item: { ...invitationEmailKey(input.agentId, email), type: 'invitation-pointer', tokenHash, createdAt: item.createdAt, ttl },
      ReturnValues: 'ALL_OLD',
    }),
  );
  const oldHash = previous.Attributes?.tokenHash as string | undefined;
  let replaced = false;
  if (oldHash && oldHash !== tokenHash) replaced = await deleteUnusedInvitation(oldHash, input.agentId);
  return { token, tokenHash, expiresAt: item.expiresAt, replaced };
}

/** Withdraws an invitation that could not be sent, and its pointer if it still names it. */
export async function withdrawInvitation(tokenHash: string, agentId: string, email: string): Promise<void> {
  await deleteUnusedInvitation(tokenHash, agentId);
  await writeIf(
    new DeleteCommand({
      TableName: table(),
      Key: invitationEmailKey(agentId, email),
      ConditionExpression: 'tokenHash = :h',
      ExpressionAttributeValues: { ':h': tokenHash },
    }),
  );
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
  const out = await db().send(new GetCommand({ TableName: table(), Key: invitationKey(hashInvitationToken(token)), ConsistentRead: true }));
  return out.Item as InvitationItem | undefined;
}

export type Claim = { tokenHash: string; claimId: string; invitation: InvitationItem };
export type ClaimRefusal = 'invalid' | 'busy';

/** Takes the invitation for one redemption, or says why not: unknown, used or expired ('invalid'), or being redeemed now ('busy'). */
export async function claimInvitation(token: string, now = new Date()): Promise<Claim | ClaimRefusal> {
  const tokenHash = hashInvitationToken(token);
  const claimId = randomId();
  const out = await sendIf(
    new UpdateCommand({
      TableName: table(),
      Key: invitationKey(tokenHash),
      UpdateExpression: 'SET claimId = :c, claimedAt = :now',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(usedAt) AND expiresAt > :now AND (attribute_not_exists(claimId) OR claimedAt < :stale)',
      ExpressionAttributeValues: { ':c': claimId, ':now': now.toISOString(), ':stale': new Date(now.getTime() - CLAIM_LEASE_MS).toISOString() },
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
