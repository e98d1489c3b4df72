// The agent's own client routes as use cases: reading a client, adding one, editing one, logging a touch and setting
// the review status. Each reads the client through the access rule (functions/data/client-access.ts), writes through
// the client record (functions/client-record/record.ts), the one writer of the client and everything derived from it,
// and then does what follows the write: the milestones that became true, a stopped number noted, a touch counted.
import type { Client, LogTouchResult, ReviewStatus } from '@shared/api-types';
import type { ClientInput } from '@shared/client-schema';
import { todayIn } from '@shared/dates';
import type { AttestableSmsConsent } from '@shared/sms-consent';
import type { TouchKind } from '@shared/messages';
import { config } from '../config';
import { changeClient, clientAfter, createClient, setReviewStatus, updateClient } from '../client-record/record';
import { actorOf, clientFor } from '../data/client-access';
import { toClient, type ClientChanges, type ClientItem } from '../data/clients';
import { countInsights } from '../data/insights';
import { putTouch, toTouchActivity } from '../data/messages';
import { carriedClientFields } from '../data/opt-out-marks';
import { rememberStoppedNumber } from '../data/texted-phones';
import type { UserItem } from '../data/users';
import { isRefusal, type InvalidInput, type NotFound, type OptedOut } from '../domain/refusals';
import { randomId } from '../domain/signed-tokens';
import type { Logger } from '../observability/logger';
import { awardDueMilestones, awardDueMilestonesAfterWrite } from './milestones';
import { checkReferrer, creditReferral } from './referrals';
import { setSmsConsent } from './sms-consent';

const NO_CLIENT: NotFound<'client'> = { kind: 'not-found', what: 'client' };

/**
 * Adds a client within the agent's plan: PlanLimitError at the free cap, ClientEmailTakenError for an e-mail another
 * of the agent's clients has, refused when the referrer is not another of the agent's clients. An address or number a
 * deleted client stopped stays stopped; the referrer is credited; the milestones follow the write and never fail it.
 */
export async function addClient(
  agent: UserItem,
  input: ClientInput,
  tags: readonly string[] | undefined,
  log: Pick<Logger, 'warn'>,
  now = new Date(),
): Promise<{ client: ClientItem; remainingFreeSlots: number | null } | InvalidInput> {
  const badReferrer = await checkReferrer(agent.id, input.referredBy);
  if (badReferrer) return badReferrer;
  const carried = await carriedClientFields(agent.id, input);
  const fields = { ...carried, origin: 'added' as const, ...(tags?.length ? { tags: [...tags] } : {}) };
  const created = await createClient(agent.id, input, now, undefined, fields);
  await rememberStoppedNumber(created.client, config().smsAllowedCountries);
  await creditReferral(created.client, null, now);
  await awardDueMilestonesAfterWrite(created.client, todayIn(agent.timeZone), log);
  return created;
}

/** A PATCH's changes: the fields (null clears an optional one), and the agent's attestation of consent to texts. */
export type ClientEdit = { changes: ClientChanges; smsConsent?: AttestableSmsConsent };

/**
 * Edits the client a PATCH found (clientForEdit, with its agent's time zone): the attestation first, refused for a
 * client who texted STOP or a number that was stopped (then nothing of the edit is applied), then the fields; the
 * milestones that became true are awarded. The client as it is now.
 */
export async function editClient(
  found: { client: ClientItem; agentTimeZone: string },
  { changes, smsConsent }: ClientEdit,
  now = new Date(),
): Promise<ClientItem | OptedOut<'sms'> | NotFound<'client'> | InvalidInput> {
  const current = found.client;
  if (changes.referredBy !== undefined) {
    const badReferrer = await checkReferrer(current.agentId, changes.referredBy, current.id);
    if (badReferrer) return badReferrer;
  }
  let attested = current;
  if (smsConsent !== undefined) {
    // A number that was stopped (by a deleted client, or to the platform's number) stays stopped.
    if ((await carriedClientFields(current.agentId, { phone: current.phone })).smsConsent) {
      await setSmsConsent(current.agentId, current.id, { status: 'revoked', source: 'keyword' }, now);
      return { kind: 'opted-out', channel: 'sms' };
    }
    const consent = { status: smsConsent, source: 'agent-attested' } as const;
    const set = await setSmsConsent(current.agentId, current.id, consent, now, {
      known: current,
      timeZone: found.agentTimeZone,
    });
    if (isRefusal(set)) return set;
    attested = set.client;
  }
  const updated =
    Object.keys(changes).length > 0
      ? await updateClient(current.agentId, current.id, changes, now, {
          known: attested,
          timeZone: found.agentTimeZone,
        })
      : attested;
  if (!updated) return NO_CLIENT;
  await creditReferral(updated, current.referredBy, now);
  await awardDueMilestones(updated, todayIn(found.agentTimeZone));
  return updated;
}

/** One of the agent's clients (another agent's is not found, as an unknown one is). */
export async function readClient(user: UserItem, clientId: string): Promise<Client | NotFound<'client'>> {
  const client = await clientFor(actorOf(user), clientId);
  return client ? toClient(client) : NO_CLIENT;
}

/**
 * Logs a call, meeting or note made outside the product on `date` (YYYY-MM-DD): counted in the agent's month, and the
 * client's Last Contact moves to it when it is the latest contact.
 */
export async function logTouch(
  user: UserItem,
  clientId: string,
  touch: { kind: TouchKind; note?: string; date: string },
  now = new Date(),
): Promise<LogTouchResult | NotFound<'client'>> {
  const client = await clientFor(actorOf(user), clientId);
  if (!client) return NO_CLIENT;
  const touchItem = {
    id: randomId(),
    agentId: user.id,
    clientId: client.id,
    kind: touch.kind,
    ...(touch.note ? { note: touch.note } : {}),
    date: touch.date,
    createdAt: now.toISOString(),
  };
  // A fresh random id: never one the client's activity has.
  await putTouch(touchItem);
  const weight = touch.kind === 'note' ? 'personal' : touch.kind;
  const contact = await changeClient(
    user.id,
    client.id,
    { kind: 'contacted', on: touch.date, touch: weight },
    { known: client },
  );
  await countInsights(user.id, { [touch.kind]: 1 }, new Date(touch.date), user.timeZone);
  const after = clientAfter(contact) ?? client;
  return { touch: toTouchActivity(touchItem), client: toClient(after) };
}

/** Sets the client's review status (stamping its dates) and awards the milestones that became true. */
export async function setClientReviewStatus(
  user: UserItem,
  clientId: string,
  status: ReviewStatus,
  now = new Date(),
): Promise<ClientItem | NotFound<'client'>> {
  const client = await clientFor(actorOf(user), clientId);
  if (!client) return NO_CLIENT;
  const result = await setReviewStatus(client.agentId, client.id, status, now, {
    known: client,
    timeZone: user.timeZone,
  });
  if (!result) return NO_CLIENT;
  await awardDueMilestones(result.after, todayIn(user.timeZone));
  return result.after;
}
