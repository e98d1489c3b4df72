// Test helpers for the public flows: invite a client and read the token from the outbox, and a
// client who has just registered (with the clientToken their browser would hold).
import { createHash } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ClientRegistrationResult, User } from '@shared/api-types';
import { resetConfig } from '../config';
import { db, table } from '../data/db';
import { invitationKey } from '../data/keys/clients';
import { clientInput } from './factories';
import { newAgent, tokenOf, verifiedAs, type ApiClient, type ApiUnderTest } from './local-api';

/** Registers a fresh agent with a business name and location, signed in (and verified unless `verified: false`). */
export async function signedInRealtor(
  api: ApiUnderTest,
  business: { businessName?: string; businessLocation?: string; username?: string; verified?: boolean } = {},
) {
  const client = api.client();
  const details = {
    ...newAgent(business.username ? { username: business.username } : {}),
    businessName: business.businessName ?? 'Sunrise Realty',
    businessLocation: business.businessLocation ?? 'Austin, TX',
  };
  const res = await client.post('/api/register', details);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return { client, user: await verifiedAs(client, res.body as User, business.verified ?? true), details };
}

/** The newest invitation link mailed to `email`. */
export async function invitationLinkFor(api: ApiUnderTest, email: string): Promise<string> {
  const mail = (await api.outbox()).filter(
    (m) => m.to === email.toLowerCase() && m.text.includes('/client-registration#token='),
  );
  const link = /https?:\/\/\S+/.exec(mail.at(-1)?.text ?? '')?.[0];
  if (!link) throw new Error(`no invitation mailed to ${email}`);
  return link;
}

/** Has the signed-in agent invite a client and returns the token from the e-mail. */
export async function inviteClient(
  api: ApiUnderTest,
  agent: ApiClient,
  invitee: { name: string; email: string },
): Promise<string> {
  const res = await agent.post('/api/client-invitations', invitee);
  if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${res.text}`);
  return tokenOf(await invitationLinkFor(api, invitee.email));
}

/** The SHA-256 of an invitation token, in hex: the key its invitation is stored under. */
export const sha256 = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Makes the invitation of `token` expired a second ago (its link then reads as invalid). */
export async function expireInvitation(token: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: invitationKey(sha256(token)),
      UpdateExpression: 'SET expiresAt = :past',
      ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
    }),
  );
}

/** A fresh agent with one client who registered from an invitation. */
export async function registeredClient(api: ApiUnderTest) {
  const agent = await signedInRealtor(api);
  const invitee = clientInput();
  const token = await inviteClient(api, agent.client, { name: invitee.name, email: invitee.email });
  const res = await api.client().post('/api/client-registration', { token, phone: invitee.phone });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${res.text}`);
  return { agent, invitee, registration: res.body as ClientRegistrationResult };
}

/**
 * A fresh realtor (signedInRealtor), and `visitor` registering with them from the directory (the realtor chosen there,
 * no invitation): the realtor, and the answer as it came.
 */
export async function directoryRegistration(api: ApiUnderTest, visitor: Record<string, unknown>) {
  const agent = await signedInRealtor(api);
  const res = await api.client().post('/api/client-registration', { agentId: agent.user.id, ...visitor });
  return { agent, res };
}

/**
 * Registers and verifies an administrator (their e-mail in ADMIN_EMAILS for that moment only: listed as one, no longer
 * one).
 */
export async function registeredAdmin(
  api: ApiUnderTest,
  extra: { businessName?: string; businessLocation?: string } = {},
) {
  const details = { ...newAgent(), ...extra };
  const before = process.env.ADMIN_EMAILS;
  process.env.ADMIN_EMAILS = details.username;
  resetConfig();
  try {
    const client = api.client();
    const res = await client.post('/api/register', details);
    const user = res.status === 201 ? await verifiedAs(client, res.body as User) : undefined;
    if (user?.isAdmin !== true) throw new Error(`admin register failed: ${res.status} ${res.text}`);
    return { client, user, details };
  } finally {
    process.env.ADMIN_EMAILS = before;
    resetConfig();
  }
}
