// A client registering themselves, from an invitation or after choosing their realtor. From an
// invitation (which proves the e-mail), an e-mail already among the agent's clients updates that
// client, never a duplicate. From the directory, where anyone can type any e-mail, it changes
// nothing yet: the details wait in a submission until the client confirms them from the e-mail we
// send (single-use token, stored hashed, 7 days). A new e-mail from the directory becomes a pending
// client (anyone can type any address): no plan slot, no automatic message, no invitation
// completed, until the client confirms from the same kind of e-mail or the agent accepts them
// (the change 'confirm-registration', which takes the plan slot). From an invitation, a new client
// within the agent's plan (createClient's atomic cap). An invitation is claimed first, marked used only once its client
// exists, and given back if the client could not be saved: it is never burnt for nothing, and of
// concurrent submissions exactly one goes through. A client who joins through the directory instead
// completes the agent's open invitation to their e-mail once confirmed or accepted.
// Consent to texts ticked on the directory form, where anyone can type any number, is pending (no text goes to it)
// until the number answers YES to the text we send it (sms-consent-request.ts); from an invitation it counts at once.
// The routes' use cases (registerClient, confirmRegistration) add the limits around this: registrations per address an
// hour and per agent and address a day, at most a few e-mails a day to one agent or client however often a visitor
// retries; and what follows a registration: milestones, the upload token, the videos shown once confirmed.
import type { ClientRegistrationResult, RegistrationConfirmResult } from '@shared/api-types';
import { countInsights } from '../data/insights';
import type { ClientInput } from '@shared/client-schema';
import { todayIn } from '@shared/dates';
import { isId } from '@shared/schemas';
import { isListedAgent } from '../data/agent-directory';
import { findClientIdByEmail } from '../data/client-email-locks';
import {
  claimSubmission,
  createSubmission,
  releaseSubmission,
  SubmissionRefusedError,
  type RegistrationSubmissionItem,
} from '../data/client-registrations';
import { getClient, type ClientChanges, type ClientItem } from '../data/clients';
import { hitLimit } from '../data/throttle';
import { hasFreeSlot } from '../domain/plan';
import {
  isRefusal,
  type AgentAtCapacity,
  type InvalidLink,
  type InvitationInUse,
  type NotFound,
  type RateLimited,
} from '../domain/refusals';
import {
  claimInvitation,
  completeInvitationByEmail,
  dropInvitationPointer,
  markInvitationUsed,
  releaseClaim,
} from '../data/invitations';
import { getUserById, type UserItem } from '../data/users';
import { ClientEmailTakenError } from '../domain/client-errors';
import { PlanLimitError } from '../domain/plan';
import { sendAlreadyConnectedEmail, sendPlanFullNotice, type SubmittedDetails } from '../integrations/client-emails';
import { moveToClientVideos } from '../integrations/video-uploads';
import { createLogger, type Logger } from '../observability/logger';
import { changeClient, createClient, createPendingClient, updateClient } from '../client-record/record';
import { creditReferral, referrerFromLink } from './referrals';
import { recordConsentChange } from '../data/sms-consent';
import { issueClientUploadToken } from './client-upload-token';
import { awardDueMilestonesAfterWrite } from './milestones';
import { setSmsConsent } from './sms-consent';
import { askToConfirmSmsConsent } from './sms-consent-request';
import { attachTestimonial } from './testimonials';
import { carriedClientFields } from '../data/opt-out-marks';
import { rememberStoppedNumber } from '../data/texted-phones';
import { config } from '../config';
import { SMS_CONSENT_WORDS } from '@shared/sms-consent';
import type { NewClientFields } from '../data/clients';

const log = createLogger({ module: 'client-registration' });

export const REGISTRATION_LIMIT = { max: 60, windowSeconds: 3600 } as const;
/** At most this many "a client could not join" e-mails per agent a day, however often a visitor retries. */
export const PLAN_FULL_NOTICES_PER_DAY = 5;
/** At most this many "You're already connected" e-mails per client a day, however often a visitor retries. */
export const CONFIRMATION_MAILS_PER_CLIENT_PER_DAY = 3;
const DAY_SECONDS = 24 * 3600;

export type RegisteringClient = Pick<
  ClientInput,
  'name' | 'email' | 'phone' | 'address' | 'birthday' | 'purchaseDate'
> & {
  /** The client ticked the consent to texts beside SMS_CONSENT_WORDS. */
  smsConsent?: boolean;
  /** A referral link's client id (services/referrals.ts): credited when the registration is confirmed. */
  ref?: string;
};
export type ClientProfile = Omit<RegisteringClient, 'name' | 'email'>;
export type Registration = { agent: UserItem; client: ClientItem; created: boolean };
/**
 * A directory registration waiting for the client's confirmation (`confirmToken`, only ever in the e-mail, applies
 * it): for a known e-mail nothing changed; for a new one (`pending`) the client is there as pending.
 */
export type SubmittedRegistration = {
  agent: UserItem;
  client: ClientItem;
  submission: RegistrationSubmissionItem;
  confirmToken: string;
  pending: boolean;
};

/** The invitation is unknown, used or expired ('invalid'), or another submission is redeeming it ('busy'). */
class InvitationRefusedError extends Error {
  override name = 'InvitationRefusedError';
  constructor(readonly reason: 'invalid' | 'busy') {
    super(`invitation ${reason}`);
  }
}

class AgentNotFoundError extends Error {
  override name = 'AgentNotFoundError';
}

/** The agent's free plan is full: the client could not join. */
class AgentAtCapacityError extends Error {
  override name = 'AgentAtCapacityError';
  constructor(
    readonly agent: UserItem,
    readonly client: Pick<RegisteringClient, 'name' | 'email'>,
  ) {
    super('agent at the free plan limit');
  }
}

/** The client the submission was for is gone. */
class SubmissionClientGoneError extends Error {
  override name = 'SubmissionClientGoneError';
}

/** A registration form as sent: with an invitation's token, or with the agent chosen from the directory. */
export type RegistrationForm =
  | { via: 'invitation'; token: string; profile: ClientProfile }
  | { via: 'directory'; agentId: string; client: RegisteringClient };

/** What registering refuses: the invitation's link, the agent chosen, or the agent's full plan. */
export type RegistrationRefusal = InvalidLink | InvitationInUse | NotFound<'agent'> | AgentAtCapacity;

/**
 * Counts a registration from the address (REGISTRATION_LIMIT an hour), before its form is read: a flood of forms that
 * cannot be read counts too.
 */
export async function admitRegistration(ip: string): Promise<RateLimited<'client-registrations'> | undefined> {
  const { max } = REGISTRATION_LIMIT;
  const limit = await hitLimit({ scope: 'client-registration-ip', id: ip, ...REGISTRATION_LIMIT });
  if (!limit.limited) return undefined;
  return { kind: 'rate-limited', what: 'client-registrations', max, retryAfterSeconds: limit.retryAfterSeconds };
}

/**
 * A client registering from `ip`, with the upload token that lets this browser share a video. From the directory, an
 * e-mail the agent already has is answered as a new client would be (its id is the submission's), so the answer never
 * tells that the e-mail is a client's; the client confirms from the e-mail we send.
 */
export async function registerClient(
  form: RegistrationForm,
  ip: string,
  requestLog: Pick<Logger, 'info' | 'warn' | 'error'>,
): Promise<ClientRegistrationResult | RateLimited<'directory-registrations'> | RegistrationRefusal> {
  if (form.via === 'invitation') {
    const registration = await registerFromInvitation(form.token, form.profile).catch((error: unknown) =>
      registrationRefusal(error, requestLog),
    );
    return isRefusal(registration) ? registration : registered(registration, 'invitation', requestLog);
  }
  const max = config().directoryRegistrationsPerDay;
  const daily = await hitLimit({
    scope: 'directory-registration',
    id: `${form.agentId}#${ip}`,
    max,
    windowSeconds: DAY_SECONDS,
  });
  if (daily.limited)
    return { kind: 'rate-limited', what: 'directory-registrations', max, retryAfterSeconds: daily.retryAfterSeconds };
  const registration = await registerWithAgent(form.agentId, form.client).catch((error: unknown) =>
    registrationRefusal(error, requestLog),
  );
  if (isRefusal(registration)) return registration;
  if (!('submission' in registration)) return registered(registration, 'directory', requestLog);

  await askClientToConfirm(registration, form.client, requestLog);
  const { agent, submission } = registration;
  // What a new registration would have answered, so the answer never tells that the e-mail is a client's.
  if (!hasFreeSlot(agent)) return { kind: 'agent-at-capacity' };
  const upload = await issueClientUploadToken(submission.id, agent.id);
  requestLog.info('client registration awaits confirmation', { agentId: agent.id, submissionId: submission.id });
  return { clientId: submission.id, created: true, clientToken: upload.token, clientTokenExpiresAt: upload.expiresAt };
}

async function registered(
  { agent, client, created }: Registration,
  via: RegistrationForm['via'],
  requestLog: Pick<Logger, 'info' | 'warn'>,
): Promise<ClientRegistrationResult> {
  await awardDueMilestonesAfterWrite(client, todayIn(agent.timeZone), requestLog);
  const upload = await issueClientUploadToken(client.id, agent.id);
  requestLog.info('client registered', { agentId: agent.id, clientId: client.id, created, via });
  return { clientId: client.id, created, clientToken: upload.token, clientTokenExpiresAt: upload.expiresAt };
}

/** The registration steps' errors as the refusals they are; anything else stays an error. */
async function registrationRefusal(error: unknown, requestLog: Pick<Logger, 'error'>): Promise<RegistrationRefusal> {
  if (error instanceof InvitationRefusedError)
    return error.reason === 'busy' ? { kind: 'invitation-in-use' } : { kind: 'invalid-link' };
  if (error instanceof AgentNotFoundError) return { kind: 'not-found', what: 'agent' };
  if (error instanceof AgentAtCapacityError) {
    await notifyAgent(error, requestLog);
    return { kind: 'agent-at-capacity' };
  }
  throw error;
}

/** Counts one more e-mail of a kind to one person: false once `max` went out in the day's window. */
async function mayMailToday(scope: string, id: string, max: number): Promise<boolean> {
  return !(await hitLimit({ scope, id, max, windowSeconds: DAY_SECONDS })).limited;
}

/** Tells the agent a client could not join; the visitor's answer does not depend on it. */
async function notifyAgent({ agent, client }: AgentAtCapacityError, requestLog: Pick<Logger, 'error'>): Promise<void> {
  if (!(await mayMailToday('plan-full-notice', agent.id, PLAN_FULL_NOTICES_PER_DAY))) return;
  await sendPlanFullNotice(agent, client).catch((mailError: unknown) =>
    requestLog.error('plan-full notice not sent', { agentId: agent.id, error: mailError }),
  );
}

/** Mails the known client the link that applies the details; the visitor's answer does not depend on it. */
async function askClientToConfirm(
  { agent, client, confirmToken, pending }: SubmittedRegistration,
  input: RegisteringClient,
  requestLog: Pick<Logger, 'error'>,
): Promise<void> {
  if (!(await mayMailToday('registration-confirm-mail', client.id, CONFIRMATION_MAILS_PER_CLIENT_PER_DAY))) return;
  const details: SubmittedDetails = [
    ['Name', input.name],
    ['Phone', input.phone],
    ['Address', input.address],
    ['Birthday', input.birthday],
    ['Home purchase date', input.purchaseDate],
  ].filter((line): line is [string, string] => Boolean(line[1]));
  await sendAlreadyConnectedEmail(client, agent, confirmToken, details, pending).catch((mailError: unknown) =>
    requestLog.error('registration confirmation not sent', {
      agentId: agent.id,
      clientId: client.id,
      error: mailError,
    }),
  );
}

/**
 * The link in the "You're already connected" e-mail (single use, 7 days): applies the details to the client and shows
 * the agent any video uploaded with them. A link that is no longer good is refused with its reason; a client gone since
 * is not found (registering again starts over). Applying is safe to repeat: when it fails, the link is given back.
 */
export async function confirmRegistration(
  token: string,
  requestLog: Pick<Logger, 'info' | 'warn'>,
): Promise<RegistrationConfirmResult | InvalidLink | NotFound<'client'>> {
  let submission: RegistrationSubmissionItem;
  try {
    submission = await claimSubmission(token);
  } catch (error) {
    if (error instanceof SubmissionRefusedError) return { kind: 'invalid-link', reason: error.reason };
    throw error;
  }
  try {
    const client = await applySubmission(submission);
    const agent = await getUserById(submission.agentId);
    if (agent) await awardDueMilestonesAfterWrite(client, todayIn(agent.timeZone), requestLog);
    const videos = await showVideos(submission, requestLog);
    requestLog.info('client registration confirmed', {
      agentId: submission.agentId,
      clientId: submission.clientId,
      submissionId: submission.id,
      videos,
    });
    return { agentName: agent?.fullName ?? '', videos };
  } catch (error) {
    if (error instanceof SubmissionClientGoneError) return { kind: 'not-found', what: 'client' };
    await releaseSubmission(submission);
    throw error;
  }
}

/**
 * Moves each video that waited with the submission to the client's testimonials; returns how many the agent now sees.
 */
async function showVideos(submission: RegistrationSubmissionItem, requestLog: Pick<Logger, 'warn'>): Promise<number> {
  let shown = 0;
  for (const video of Object.values(submission.uploads ?? {})) {
    const moved = await moveToClientVideos(submission.agentId, submission.clientId, video);
    if (!moved) {
      requestLog.warn('a registration video was gone before its confirmation', {
        submissionId: submission.id,
        uploadId: video.id,
      });
      continue;
    }
    if (
      await attachTestimonial(
        { id: video.id, agentId: submission.agentId, clientId: submission.clientId, key: moved.key },
        moved,
      )
    )
      shown += 1;
  }
  return shown;
}

async function registerFromInvitation(token: string, profile: ClientProfile, now = new Date()): Promise<Registration> {
  const claim = await claimInvitation(token, now);
  if (typeof claim === 'string') throw new InvitationRefusedError(claim);
  const { invitation } = claim;
  let registration: Registration;
  try {
    const agent = await getUserById(invitation.agentId, true);
    if (!agent) throw new InvitationRefusedError('invalid');
    registration = {
      agent,
      ...(await saveRegisteringClient(agent, { ...profile, name: invitation.name, email: invitation.email }, now)),
    };
  } catch (error) {
    await releaseClaim(claim);
    throw error;
  }
  // Only when this claim lapsed (over a minute) and another submission took over: that one finds
  // this client by its e-mail and completes the invitation.
  let marked: boolean;
  try {
    marked = await markInvitationUsed(claim, registration.client.id, now);
  } catch (error) {
    // Not marked (throttled): give the invitation back, so the retry finds the client by its e-mail and completes it.
    await releaseClaim(claim);
    throw error;
  }
  if (!marked) {
    await releaseClaim(claim); // only if still ours: the retry then completes the invitation
    throw new InvitationRefusedError('busy');
  }
  await countInsights(registration.agent.id, { invitationsCompleted: 1 }, now, registration.agent.timeZone);
  // A client the agent already had completed their profile: a sign of interest for the next best touch.
  if (!registration.created) {
    const interest = { kind: 'interest', interest: 'profile-visit', at: now.toISOString() } as const;
    const visited = await changeClient(registration.agent.id, registration.client.id, interest, { now });
    if (visited.kind === 'changed') registration = { ...registration, client: visited.after };
  }
  // Used: off the agent's open invitations. The client is in; if this delete fails, the list still
  // leaves the invitation out (it reads usedAt) and the pointer lapses with its TTL.
  await dropInvitationPointer(invitation.agentId, invitation.email, claim.tokenHash).catch((error: unknown) => {
    log.warn('invitation pointer left after registration', { agentId: invitation.agentId, error });
  });
  return registration;
}

/**
 * From the directory: a new client, or (for an e-mail the agent already has) a submission waiting for that client's
 * confirmation.
 */
async function registerWithAgent(
  agentId: string,
  input: RegisteringClient,
  now = new Date(),
): Promise<Registration | SubmittedRegistration> {
  const agent = await getUserById(agentId, true);
  if (!agent || !isListedAgent(agent)) throw new AgentNotFoundError('no such agent');
  const existingId = await findClientIdByEmail(agent.id, input.email);
  const existing = existingId ? await getClient(agent.id, existingId) : undefined;
  const submitted = async (client: ClientItem, pending: boolean, changes: ClientChanges) => ({
    agent,
    client,
    pending,
    ...(await createSubmission(agent.id, client.id, changes, now, !pending && input.smsConsent === true)),
  });
  if (existing) return submitted(existing, false, changesFrom(input));
  // The plan is checked as a new client's would be, so the answer is the same whatever the e-mail.
  if (!hasFreeSlot(agent)) throw new AgentAtCapacityError(agent, input);
  try {
    const referredBy = await referrerFromLink(agent.id, input.ref);
    const pending = await createPendingClient(agent.id, { ...input, anniversary: undefined }, now, {
      ...formConsent(input, now, 'pending'),
      ...(await carriedClientFields(agent.id, input)),
      ...(referredBy ? { referredBy } : {}),
    });
    await recordConsentChange(pending);
    await rememberStoppedNumber(pending, config().smsAllowedCountries);
    await askToConfirm(agent, pending, now);
    return await submitted(pending, true, {});
  } catch (error) {
    // The same e-mail was added a moment ago (by the agent while this request ran).
    const client =
      error instanceof ClientEmailTakenError ? await getClient(agent.id, error.existingClientId) : undefined;
    if (!client) throw error;
    return submitted(client, false, changesFrom(input));
  }
}

async function saveRegisteringClient(
  agent: UserItem,
  input: RegisteringClient,
  now: Date,
): Promise<{ client: ClientItem; created: boolean }> {
  const existingId = await findClientIdByEmail(agent.id, input.email);
  if (existingId) {
    const updated = await updateClient(agent.id, existingId, changesFrom(input), now);
    if (updated) return { client: await withFormConsent(updated, input, 'granted', now), created: false };
  }
  try {
    return await createRegisteringClient(agent, input, now);
  } catch (error) {
    // The same e-mail was added a moment ago (by the agent while this request ran).
    if (!(error instanceof ClientEmailTakenError)) throw error;
    const updated = await updateClient(agent.id, error.existingClientId, changesFrom(input), now);
    if (!updated) throw error;
    return { client: await withFormConsent(updated, input, 'granted', now), created: false };
  }
}

async function createRegisteringClient(
  agent: UserItem,
  input: RegisteringClient,
  now: Date,
): Promise<{ client: ClientItem; created: true }> {
  try {
    const { client } = await createClient(agent.id, { ...input, anniversary: undefined }, now, undefined, {
      ...formConsent(input, now, 'granted'),
      ...(await carriedClientFields(agent.id, input)),
      origin: 'invitation',
    });
    await recordConsentChange(client);
    await rememberStoppedNumber(client, config().smsAllowedCountries);
    return { client, created: true };
  } catch (error) {
    if (error instanceof PlanLimitError) throw new AgentAtCapacityError(agent, input);
    throw error;
  }
}

/**
 * Applies a claimed submission to its client: a pending registration is confirmed (it takes its plan slot:
 * PlanLimitError when the free plan is full), then the details are applied.
 */
async function applySubmission(submission: RegistrationSubmissionItem, now = new Date()): Promise<ClientItem> {
  const confirmed = await changeClient(
    submission.agentId,
    submission.clientId,
    { kind: 'confirm-registration' },
    { now },
  );
  if (confirmed.kind === 'not-found') throw new SubmissionClientGoneError('the client no longer exists');
  if (confirmed.kind === 'changed') await creditReferral(confirmed.after, null, now);
  const changed = await updateClient(submission.agentId, submission.clientId, submission.changes, now);
  if (!changed) throw new SubmissionClientGoneError('the client no longer exists');
  // The box was ticked on the directory form: pending until the number's YES.
  const updated = await withFormConsent(changed, { smsConsent: submission.smsConsent }, 'pending', now);
  const agent = updated !== changed ? await getUserById(submission.agentId, true) : undefined;
  if (agent) await askToConfirm(agent, updated, now);
  await completeOpenInvitation(submission.agentId, updated, now);
  return updated;
}

/**
 * The agent accepts a client who registered through the directory without waiting for their confirmation: the client
 * takes a plan slot (PlanLimitError when the free plan is full), gets automatic messages and completes the agent's open
 * invitation. A client who is not pending is answered as is.
 */
export async function acceptRegistration(
  agent: Pick<UserItem, 'id' | 'timeZone'>,
  clientId: string,
  now = new Date(),
): Promise<ClientItem | NotFound<'client'>> {
  if (!isId(clientId)) return { kind: 'not-found', what: 'client' };
  const outcome = await changeClient(
    agent.id,
    clientId,
    { kind: 'confirm-registration' },
    { now, timeZone: agent.timeZone },
  );
  if (outcome.kind === 'changed') {
    await creditReferral(outcome.after, null, now);
    await completeOpenInvitation(agent.id, outcome.after, now, agent.timeZone);
    return outcome.after;
  }
  return outcome.kind === 'unchanged' ? outcome.client : { kind: 'not-found', what: 'client' };
}

/**
 * A client who joined through the directory (or confirmed their details from it) while the agent's
 * invitation to that e-mail was open: the invitation is done, off the open list and counted
 * completed. A failure here never undoes the registration; the invitation just stays listed.
 */
async function completeOpenInvitation(
  agentId: string,
  client: Pick<ClientItem, 'id' | 'email'>,
  now: Date,
  timeZone?: string,
): Promise<void> {
  try {
    if (await completeInvitationByEmail(agentId, client.email, client.id, now))
      await countInsights(agentId, { invitationsCompleted: 1 }, now, timeZone);
  } catch (error) {
    log.warn('open invitation left after a directory registration', { agentId, error });
  }
}

/** How a ticked box counts: at once from an invitation, pending the number's YES from the directory. */
type FormConsentStatus = 'granted' | 'pending';

/** A new client's consent from the form: `status` with the words beside the box when ticked, none otherwise. */
function formConsent(
  { smsConsent }: Pick<RegisteringClient, 'smsConsent'>,
  now: Date,
  status: FormConsentStatus,
): Partial<NewClientFields> {
  if (smsConsent !== true) return {};
  return { smsConsent: { status, source: 'client-form', at: now.toISOString(), words: SMS_CONSENT_WORDS } };
}

/**
 * A known client who ticked the box: their consent is `status` from the form (a client who texted STOP stays opted
 * out: only their START undoes it; a pending one never replaces a consent that counts). An unticked box takes nothing
 * back. The client as changed, or the same object when nothing changed.
 */
async function withFormConsent(
  client: ClientItem,
  { smsConsent }: Pick<RegisteringClient, 'smsConsent'>,
  status: FormConsentStatus,
  now: Date,
): Promise<ClientItem> {
  if (smsConsent !== true) return client;
  const consent = { status, source: 'client-form', words: SMS_CONSENT_WORDS } as const;
  const set = await setSmsConsent(client.agentId, client.id, consent, now, { known: client });
  return 'client' in set && set.changed ? set.client : client;
}

/** Texts the number the request to confirm a pending consent by YES; the registration never fails for it. */
async function askToConfirm(agent: UserItem, client: ClientItem, now: Date): Promise<void> {
  try {
    const outcome = await askToConfirmSmsConsent(agent, client, log, now);
    if (outcome !== 'asked' && outcome !== 'not-pending')
      log.info('SMS consent request not sent', { agentId: agent.id, clientId: client.id, outcome });
  } catch (error) {
    log.error('SMS consent request not sent', { agentId: agent.id, clientId: client.id, error });
  }
}

/** What the visitor sent; optional fields they left empty keep what the agent had. */
function changesFrom(input: RegisteringClient): ClientChanges {
  const changes: ClientChanges = { name: input.name, phone: input.phone };
  if (input.address) changes.address = input.address;
  if (input.birthday) changes.birthday = input.birthday;
  if (input.purchaseDate) changes.purchaseDate = input.purchaseDate;
  return changes;
}
