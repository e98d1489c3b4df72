// Registering an agent: within the address's hourly allowance, a place in the platform's hourly intake of new
// accounts, the account (username lock, phone lock, profile, directory entries; see createUser), the platform counter
// after it, then the first session, and the link that verifies the e-mail. A session that cannot be started takes the
// account back, so the same registration can be sent again; no account made gives the intake's place back.
import type { User } from '@shared/api-types';
import { config } from '../config';
import { addToStats } from '../data/stats';
import { takeLimit } from '../data/throttle';
import {
  createUser,
  deleteNewUser,
  toPublicUser,
  UniqueFieldTakenError,
  type NewUser,
  type UserItem,
} from '../data/users';
import { hashPassword } from '../domain/passwords';
import { isRefusal, type AccountExists, type RateLimited, type RegistrationsBusy } from '../domain/refusals';
import type { Logger } from '../observability/logger';
import { sendVerificationLink } from './email-verification';
import { openSession } from './sessions';
import { overLimit } from './rate-limits';

/** A new account as the request gives it: the password in clear, hashed here once the platform takes the account. */
export type Registration = Omit<NewUser, 'passwordHash'> & { password: string };

/**
 * The platform's hourly intake, all addresses together: one conditional write takes a place (REGISTRATIONS_PER_HOUR),
 * so parallel registrations cannot overshoot it.
 */
const intake = () => ({
  scope: 'register-platform',
  id: 'all',
  max: config().registrationsPerHour,
  windowSeconds: 3600,
});

/**
 * Creates the agent and a session; returns the session's token, or refuses: the platform took its hour's new accounts,
 * or the username or phone is known.
 */
export async function registerAgent(
  registration: Registration,
): Promise<{ user: UserItem; sessionToken: string } | AccountExists | RegistrationsBusy> {
  // Before the password's costly hash: a busy hour costs the platform nothing more.
  const place = await takeLimit(intake());
  if (!place.granted) return { kind: 'registrations-busy', retryAfterSeconds: place.retryAfterSeconds };
  const { password, ...fields } = registration;
  let input: NewUser;
  let user: UserItem;
  try {
    input = { ...fields, passwordHash: await hashPassword(password, config().passwordHashCost) };
    user = await createUser(input);
  } catch (error) {
    await place.slot.cancel();
    if (error instanceof UniqueFieldTakenError) return { kind: 'account-exists', field: error.field };
    throw error;
  }
  // After the account's own write; never throws (a missed update is logged and healed by the recompute).
  await addToStats({ agents: 1 }, new Date(input.now));
  try {
    return { user, sessionToken: await openSession(user.id) };
  } catch (error) {
    // Take the account back so the same registration can be sent again (it would meet its own e-mail).
    await addToStats({ agents: -1 }, new Date(input.now));
    await deleteNewUser(input);
    await place.slot.cancel();
    throw error;
  }
}

/**
 * A registration sent from `ip`: refused past REGISTRATIONS_PER_IP_PER_HOUR accounts from that network, else
 * registerAgent, then the e-mail with the verification link (the account stands without it: "Resend link" sends
 * another). The agent as the API shows them, and the session's token.
 */
export async function signUp(
  registration: Registration,
  ip: string,
  log: Pick<Logger, 'info' | 'warn'>,
): Promise<
  { user: User; sessionToken: string } | RateLimited<'agent-registrations'> | AccountExists | RegistrationsBusy
> {
  const { registrationsPerIpPerHour: max } = config();
  const limited = await overLimit('agent-registrations', { scope: 'register-ip', id: ip, max, windowSeconds: 3600 });
  if (limited) return limited;
  const registered = await registerAgent(registration);
  if (isRefusal(registered)) return registered;
  const { user, sessionToken } = registered;
  await sendVerificationLink(user).catch((error: unknown) => log.warn('verification e-mail failed', { error }));
  log.info('user registered', { userId: user.id });
  return { user: toPublicUser(user), sessionToken };
}
