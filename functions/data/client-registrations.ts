// Registration submissions: a directory registration for an e-mail the agent already has waits
// here (single-use token, stored hashed, 7 days) until the client confirms it from the e-mail we
// send. The registration flows themselves are in functions/services/client-registration.ts.
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import { REGISTRATION_CONFIRM_TOKEN_PATTERN, REGISTRATION_SUBMISSION_TTL_DAYS } from '@shared/client-registration';
import { randomId } from '../domain/signed-tokens';
import type { ClientChanges } from './clients';
import { db, expiryFields, sendIf, table, writeIf } from './db';
import { registrationSubmissionKey } from './keys/clients';
import { ownerIndexKeys } from './keys/table';

/** A video uploaded against a submission, waiting (under its own prefix) for the confirmation. */
export type SubmissionUpload = { id: string; key: string; contentType: string; size: number; uploadedAt: string };

export type RegistrationSubmissionItem = {
  pk: string;
  sk: string;
  type: 'registration-submission';
  /** The owner index (keys/table.ts `ownerIndexKeys`): found when the account or the client is erased. */
  gsi2pk?: string;
  gsi2sk?: string;
  id: string;
  agentId: string;
  clientId: string;
  changes: ClientChanges;
  /** The visitor ticked the consent to texts (SMS_CONSENT_WORDS): applied with the details once confirmed. */
  smsConsent?: boolean;
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

const hashConfirmToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export async function createSubmission(
  agentId: string,
  clientId: string,
  changes: ClientChanges,
  now: Date,
  smsConsent = false,
): Promise<{ submission: RegistrationSubmissionItem; confirmToken: string }> {
  // The id has the form of a client id: the visitor's answer holds it where a new client's id would be.
  const id = randomId();
  // The id finds the record; the whole token's hash must match it.
  const confirmToken = `${id}.${randomId(32)}`;
  const submission: RegistrationSubmissionItem = {
    ...registrationSubmissionKey(id),
    ...ownerIndexKeys(agentId, registrationSubmissionKey(id), clientId),
    type: 'registration-submission',
    id,
    agentId,
    clientId,
    changes,
    ...(smsConsent ? { smsConsent: true } : {}),
    tokenHash: hashConfirmToken(confirmToken),
    uploads: {},
    createdAt: now.toISOString(),
    ...expiryFields(now, REGISTRATION_SUBMISSION_TTL_DAYS * 24 * 3600),
  };
  await db().send(
    new PutCommand({ TableName: table(), Item: submission, ConditionExpression: 'attribute_not_exists(pk)' }),
  );
  return { submission, confirmToken };
}

export async function getSubmission(agentId: string, id: string): Promise<RegistrationSubmissionItem | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: registrationSubmissionKey(id), ConsistentRead: true }),
  );
  const item = out.Item as RegistrationSubmissionItem | undefined;
  return item?.agentId === agentId ? item : undefined;
}

/** The submission the visitor's upload token names, while it can still be confirmed. */
export async function getOpenSubmission(
  agentId: string,
  id: string,
  now = new Date(),
): Promise<RegistrationSubmissionItem | undefined> {
  const item = await getSubmission(agentId, id);
  return item && !item.usedAt && item.expiresAt > now.toISOString() ? item : undefined;
}

/**
 * Records a confirmed upload on the submission, once (a repeat answers the first record); undefined when the submission
 * was confirmed or expired meanwhile.
 */
export async function addSubmissionUpload(
  submissionId: string,
  upload: SubmissionUpload,
  now = new Date(),
): Promise<SubmissionUpload | undefined> {
  const out = await sendIf(
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
  if (!out) return undefined;
  return (out.Attributes as Pick<RegistrationSubmissionItem, 'uploads'> | undefined)?.uploads?.[upload.id] ?? upload;
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
  const claimed = await sendIf(
    new UpdateCommand({
      TableName: table(),
      Key: registrationSubmissionKey(id),
      UpdateExpression: 'SET usedAt = :now',
      ConditionExpression: 'tokenHash = :hash AND attribute_not_exists(usedAt) AND expiresAt > :now',
      ExpressionAttributeValues: { ':now': now.toISOString(), ':hash': tokenHash },
      ReturnValues: 'ALL_NEW',
    }),
  );
  if (claimed) return claimed.Attributes as RegistrationSubmissionItem;
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: registrationSubmissionKey(id), ConsistentRead: true }),
  );
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
