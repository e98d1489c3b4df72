// POST /api/client-registration: a client registers from an invitation (`token`: phone required)
// or after choosing their realtor (`agentId`: also name and e-mail). The answer carries a
// short-lived clientToken that lets this browser upload a testimonial for this client only.
// From the directory, anyone can type any e-mail: an e-mail the agent already has changes nothing,
// and a new one is a pending client (no plan slot, no automatic message, no invitation completed);
// either way the answer is the same, its id and token belong to a submission that the client
// confirms from the e-mail we send them (POST /api/client-registration/confirm), or the agent
// accepts the pending client (POST /api/clients/{id}/accept-registration).
import type { ClientRegistrationResult } from '@shared/api-types';
import { invitedRegistrationSchema, REGISTRATION_MESSAGES, selfRegistrationSchema } from '@shared/client-registration';
import { todayIn } from '@shared/dates';
import {
  AgentAtCapacityError,
  AgentNotFoundError,
  InvitationRefusedError,
  registerFromInvitation,
  registerWithAgent,
  type RegisteringClient,
  type Registration,
  type SubmittedRegistration,
} from '../../services/client-registration';
import { awardDueMilestonesAfterWrite } from '../../data/milestones';
import { hitLimit } from '../../data/throttle';
import { hasFreeSlot } from '../../domain/plan';
import { config } from '../../config';
import { issueClientUploadToken } from '../../services/client-upload-token';
import { CLIENT_WRITE_ERRORS } from '../../http/client-errors';
import { badRequest, HttpError, notFound, tooManyRequests } from '../../http/errors';
import { definePublicHandler, validate } from '../../http/handler';
import type { Logger } from '../../observability/logger';
import { sendAlreadyConnectedEmail, sendPlanFullNotice, type SubmittedDetails } from '../../integrations/client-emails';

export const REGISTRATION_LIMIT = { max: 60, windowSeconds: 3600 } as const;
/** At most this many "a client could not join" e-mails per agent a day, however often a visitor retries. */
export const PLAN_FULL_NOTICES_PER_DAY = 5;
/** At most this many "You're already connected" e-mails per client a day, however often a visitor retries. */
export const CONFIRMATION_MAILS_PER_CLIENT_PER_DAY = 3;
const DAY_SECONDS = 24 * 3600;

export const handler = definePublicHandler(
  'client-registration/post-client-registration',
  { errors: CLIENT_WRITE_ERRORS },
  async ({ body, ip, log }) => {
    const limit = await hitLimit({ scope: 'client-registration-ip', id: ip, ...REGISTRATION_LIMIT });
    if (limit.limited)
      throw tooManyRequests(
        'Too many registrations from this network. Please try again later.',
        limit.retryAfterSeconds,
      );

    const sent = (body ?? {}) as Record<string, unknown>;
    const given = (field: string) => sent[field] !== undefined && sent[field] !== null && sent[field] !== '';
    if (given('token') === given('agentId')) throw badRequest(REGISTRATION_MESSAGES.oneForm, undefined, 'ONE_FORM');

    if (given('token')) {
      const { token, ...profile } = await validate(invitedRegistrationSchema, sent);
      const registration = await registerFromInvitation(token, profile).catch((error: unknown) =>
        registrationError(error, log),
      );
      return answerFor(registration, 'invitation', log);
    }
    const { agentId, ...input } = await validate(selfRegistrationSchema, sent);
    const daily = await hitLimit({
      scope: 'directory-registration',
      id: `${agentId}#${ip}`,
      max: config().directoryRegistrationsPerDay,
      windowSeconds: DAY_SECONDS,
    });
    if (daily.limited)
      throw tooManyRequests(REGISTRATION_MESSAGES.tooManyDirectoryRegistrations, daily.retryAfterSeconds);
    const registration = await registerWithAgent(agentId, input).catch((error: unknown) =>
      registrationError(error, log),
    );
    if (!('submission' in registration)) return answerFor(registration, 'directory', log);

    await askClientToConfirm(registration, input, log);
    const { agent, submission } = registration;
    // What a new registration would have answered, so the answer never tells that the e-mail is a client's.
    if (!hasFreeSlot(agent)) throw agentAtCapacity();
    const upload = await issueClientUploadToken(submission.id, agent.id);
    log.info('client registration awaits confirmation', { agentId: agent.id, submissionId: submission.id });
    const answer: ClientRegistrationResult = {
      clientId: submission.id,
      created: true,
      clientToken: upload.token,
      clientTokenExpiresAt: upload.expiresAt,
    };
    return { status: 201, body: answer };
  },
);

async function answerFor({ agent, client, created }: Registration, via: 'invitation' | 'directory', log: Logger) {
  await awardDueMilestonesAfterWrite(client, todayIn(agent.timeZone), log);
  const upload = await issueClientUploadToken(client.id, agent.id);
  log.info('client registered', { agentId: agent.id, clientId: client.id, created, via });
  const answer: ClientRegistrationResult = {
    clientId: client.id,
    created,
    clientToken: upload.token,
    clientTokenExpiresAt: upload.expiresAt,
  };
  return { status: created ? 201 : 200, body: answer };
}

const agentAtCapacity = () => new HttpError(403, REGISTRATION_MESSAGES.agentAtCapacity, { code: 'AGENT_AT_CAPACITY' });

async function registrationError(error: unknown, log: Logger): Promise<never> {
  if (error instanceof InvitationRefusedError) {
    throw error.reason === 'busy'
      ? new HttpError(409, REGISTRATION_MESSAGES.invitationInUse, { code: 'INVITATION_IN_USE' })
      : new HttpError(410, REGISTRATION_MESSAGES.invitationInvalid, { code: 'INVITATION_INVALID' });
  }
  if (error instanceof AgentNotFoundError) throw notFound(REGISTRATION_MESSAGES.agentNotFound);
  if (error instanceof AgentAtCapacityError) {
    await notifyAgent(error, log);
    throw agentAtCapacity();
  }
  throw error;
}

/** Tells the agent a client could not join; the visitor's answer does not depend on it. */
async function notifyAgent({ agent, client }: AgentAtCapacityError, log: Logger): Promise<void> {
  const notices = await hitLimit({
    scope: 'plan-full-notice',
    id: agent.id,
    max: PLAN_FULL_NOTICES_PER_DAY,
    windowSeconds: DAY_SECONDS,
  });
  if (notices.limited) return;
  await sendPlanFullNotice(agent, client).catch((mailError: unknown) =>
    log.error('plan-full notice not sent', { agentId: agent.id, error: mailError }),
  );
}

/** Mails the known client the link that applies the details; the visitor's answer does not depend on it. */
async function askClientToConfirm(
  { agent, client, confirmToken, pending }: SubmittedRegistration,
  input: RegisteringClient,
  log: Logger,
): Promise<void> {
  const mails = await hitLimit({
    scope: 'registration-confirm-mail',
    id: client.id,
    max: CONFIRMATION_MAILS_PER_CLIENT_PER_DAY,
    windowSeconds: DAY_SECONDS,
  });
  if (mails.limited) return;
  const details: SubmittedDetails = [
    ['Name', input.name],
    ['Phone', input.phone],
    ['Address', input.address],
    ['Birthday', input.birthday],
    ['Home purchase date', input.purchaseDate],
  ].filter((line): line is [string, string] => Boolean(line[1]));
  await sendAlreadyConnectedEmail(client, agent, confirmToken, details, pending).catch((mailError: unknown) =>
    log.error('registration confirmation not sent', { agentId: agent.id, clientId: client.id, error: mailError }),
  );
}
