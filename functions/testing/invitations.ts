// Test helpers for the public flows: invite a client and read the token from the outbox, and a
// client who has just registered (with the clientToken their browser would hold).
import type { ClientRegistrationResult, User } from '@shared/api-types';
import { resetConfig } from '../config';
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
