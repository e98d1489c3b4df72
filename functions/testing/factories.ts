// Small factories for test data.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SmsConsent } from '@shared/api-types';
import type { ClientInput } from '@shared/client-schema';
import type { ClientItem } from '../data/clients';
import { db, table } from '../data/db';
import { userKey } from '../data/keys/users';
import { createUser, getUserById, markEmailVerified, type UserItem } from '../data/users';
import { randomId } from '../domain/signed-tokens';
import { createClient } from '../client-record/record';
import { setSmsConsent } from '../services/sms-consent';
import { textablePhone } from './phones';
import type { AutomationRule } from '@shared/automations';

let n = 0;
/** An automation rule: a birthday e-mail waiting for approval at 09:00 unless told otherwise. */
export const automationRule = (overrides: Partial<AutomationRule> = {}): AutomationRule => ({
  occasion: 'birthday',
  enabled: true,
  channel: 'email',
  mode: 'approve',
  sendTime: '09:00',
  ...overrides,
});

export function clientInput(overrides: Record<string, unknown> = {}) {
  n += 1;
  const digits = String(5550000000 + n).slice(-10);
  return {
    name: `Client ${n}`,
    email: `client${n}-${Date.now() % 100000}@example.com`,
    phone: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
    ...overrides,
  };
}

/**
 * Updates the user's item straight in the table, past every rule of the product: what a webhook, an operator or a
 * crash between two writes leaves there.
 */
export async function updateUserItem(
  userId: string,
  updateExpression: string,
  values: Record<string, unknown>,
): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: userKey(userId),
      UpdateExpression: updateExpression,
      ExpressionAttributeValues: values,
    }),
  );
}

/** Makes a user Pro directly in the table (the Stripe webhook does this in the product). */
export async function makePro(userId: string, isPro = true): Promise<void> {
  await updateUserItem(userId, 'SET isPro = :p', { ':p': isPro });
}

/** Makes the account `days` old (its creation time moved back). */
export async function ageAccount(userId: string, days: number): Promise<void> {
  await updateUserItem(userId, 'SET signupDate = :at', {
    ':at': new Date(Date.now() - days * 86_400_000).toISOString(),
  });
}

/** Marks the user's e-mail verified (`emailVerifiedAt`, as following the mailed link does), or takes that back. */
export async function setEmailVerified(userId: string, verified = true): Promise<void> {
  if (verified) {
    await markEmailVerified(userId, new Date().toISOString());
    return;
  }
  await updateUserItem(userId, 'REMOVE emailVerifiedAt SET isAdmin = :no', { ':no': false });
}

let agents = 0;
/**
 * An agent written straight to the table, for a use case called without a request: e-mail verified unless `verified:
 * false`.
 */
export async function agentItem({
  verified = true,
  ...fields
}: { verified?: boolean; timeZone?: string; googlePlaceId?: string; businessName?: string } = {}): Promise<UserItem> {
  agents += 1;
  const id = randomId();
  const phone = textablePhone(`${Date.now() % 1_000_000}${agents}`.padStart(10, '0'));
  const now = new Date().toISOString();
  await createUser({
    id,
    username: `agent-${id.toLowerCase()}@example.com`,
    fullName: `Agent ${agents}`,
    phone,
    phoneDigits: phone.replace(/\D/g, ''),
    passwordHash: 'not-a-hash',
    timeZone: 'America/Chicago',
    now,
    ...(verified ? { emailVerifiedAt: now } : {}),
    ...fields,
  });
  return (await getUserById(id, true))!;
}

/** One of the agent's clients, created as POST /api/clients creates it. */
export async function clientItem(agentId: string, overrides: Record<string, unknown> = {}): Promise<ClientItem> {
  return (await createClient(agentId, clientInput(overrides) as ClientInput)).client;
}

/** Consent to texts as the agent attests it, at `at`: the field of a client a test texts. */
export const attestedConsent = (at = new Date()): SmsConsent => ({
  status: 'granted',
  source: 'agent-attested',
  at: at.toISOString(),
});

/** One of the agent's clients who agreed to texts (a client a test texts). */
export async function consentedClientItem(
  agentId: string,
  overrides: Record<string, unknown> = {},
): Promise<ClientItem> {
  const input = clientInput(overrides) as ClientInput;
  return (await createClient(agentId, input, new Date(), undefined, { smsConsent: attestedConsent() })).client;
}

/** The client agreed to texts (the agent attested it): for a test whose client is texted. */
export async function grantSmsConsent(agentId: string, clientId: string): Promise<void> {
  const set = await setSmsConsent(agentId, clientId, { status: 'granted', source: 'agent-attested' }, new Date());
  if ('kind' in set) throw new Error(`consent not granted: ${set.kind}`);
}
