// Registering an agent: the account (username lock, phone lock, profile, directory entries; see
// createUser), the platform counter after it, then the first session. A session that cannot be
// started takes the account back, so the same registration can be sent again.
import { addToStats } from '../data/stats';
import { createUser, deleteNewUser, type NewUser, type UserItem } from '../data/users';
import { openSession } from './sessions';

/**
 * Creates the agent and a session; returns the session's token. Throws UniqueFieldTakenError for a known username or
 * phone.
 */
export async function registerAgent(input: NewUser): Promise<{ user: UserItem; sessionToken: string }> {
  const user = await createUser(input);
  // After the account's own write; never throws (a missed update is logged and healed by the recompute).
  await addToStats({ agents: 1 }, new Date(input.now));
  try {
    return { user, sessionToken: await openSession(user.id) };
  } catch (error) {
    // Take the account back so the same registration can be sent again (it would meet its own e-mail).
    await addToStats({ agents: -1 }, new Date(input.now));
    await deleteNewUser(input);
    throw error;
  }
}
