// A client's milestones: the ones that became true are awarded, each written once (functions/data/milestones.ts) and
// remembered on the client through the client record, so later writes try only the new ones; and read back.
import type { ClientMilestone } from '@shared/api-types';
import { changeClient } from '../client-record/record';
import { actorOf, clientFor } from '../data/client-access';
import type { ClientItem } from '../data/clients';
import { listMilestones, putMilestone } from '../data/milestones';
import type { UserItem } from '../data/users';
import { dueMilestones } from '../domain/milestones';
import type { NotFound } from '../domain/refusals';

/** The achievements of one of the agent's clients. */
export async function clientMilestones(
  user: UserItem,
  clientId: string,
): Promise<ClientMilestone[] | NotFound<'client'>> {
  const client = await clientFor(actorOf(user), clientId);
  return client ? listMilestones(client.id) : { kind: 'not-found', what: 'client' };
}

/** Awards the milestones that became true; returns the ones awarded now. */
export async function awardDueMilestones(
  client: ClientItem,
  today: string,
  now = new Date(),
): Promise<ClientMilestone[]> {
  const already = new Set(client.awardedMilestones ?? []);
  const due = dueMilestones(client, today).filter((m) => !already.has(m.type));
  const awarded: ClientMilestone[] = [];
  for (const milestone of due) {
    const item = await putMilestone(client.id, milestone, now);
    if (item) awarded.push(item);
  }
  if (due.length > 0) {
    // Remembered on the client only once every award landed (a deleted client stays deleted); from the client as the
    // caller has it, written only if it is still the stored one (else read again).
    await changeClient(
      client.agentId,
      client.id,
      { kind: 'milestones-awarded', types: due.map((m) => m.type) },
      { now, known: client },
    );
  }
  return awarded;
}

/**
 * Awards due milestones after a write that has already succeeded (a client created or registered):
 * a failure here must not turn that success into an error the retry cannot repeat. Nothing is lost:
 * `awardedMilestones` is only recorded once every award landed, so the client's next change (or the
 * daily job, for homeowner years) awards what is missing.
 */
export async function awardDueMilestonesAfterWrite(
  client: ClientItem,
  today: string,
  log: { warn(message: string, fields?: Record<string, unknown>): void },
): Promise<void> {
  try {
    await awardDueMilestones(client, today);
  } catch (error) {
    log.warn('milestones deferred to the next change', { clientId: client.id, error });
  }
}
