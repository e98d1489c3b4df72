// POST /api/client-registration: a client registers from an invitation (`token`: phone required)
// or after choosing their realtor (`agentId`: also name and e-mail). The answer carries a
// short-lived clientToken that lets this browser upload a testimonial for this client only.
import type { ClientRegistrationResult } from '../../../shared/api-types';
import { invitedRegistrationSchema, REGISTRATION_MESSAGES, selfRegistrationSchema } from '../../../shared/client-registration';
import { todayIn } from '../../../shared/dates';
import {
  AgentAtCapacityError,
  AgentNotFoundError,
  InvitationRefusedError,
  registerFromInvitation,
  registerWithAgent,
  type Registration,
} from '../../data/client-registrations';
import { awardDueMilestonesAfterWrite } from '../../data/milestones';
import { hitLimit } from '../../data/throttle';
import { issueClientUploadToken } from '../../http/client-upload-token';
import { clientWriteError } from '../../http/client-errors';
import { badRequest, HttpError, notFound, tooManyRequests } from '../../http/errors';
import { definePublicHandler, validate } from '../../http/handler';
import type { Logger } from '../../http/logger';
import { sendPlanFullNotice } from '../../integrations/client-emails';

export const REGISTRATION_LIMIT = { max: 60, windowSeconds: 3600 } as const;
/** At most this many "a client could not join" e-mails per agent a day, however often a visitor retries. */
export const PLAN_FULL_NOTICES_PER_DAY = 5;

export const handler = definePublicHandler('client-registration/post-client-registration', {}, async ({ body, ip, log }) => {
  const limit = await hitLimit({ scope: 'client-registration-ip', id: ip, ...REGISTRATION_LIMIT });
  if (limit.limited) throw tooManyRequests('Too many registrations from this network. Please try again later.', limit.retryAfterSeconds);

  const sent = (body ?? {}) as Record<string, unknown>;
  const given = (field: string) => sent[field] !== undefined && sent[field] !== null && sent[field] !== '';
  if (given('token') === given('agentId')) throw badRequest(REGISTRATION_MESSAGES.oneForm, undefined, 'ONE_FORM');

  const registration = await (given('token')
    ? validate(invitedRegistrationSchema, sent).then(({ token, ...profile }) => registerFromInvitation(token, profile))
    : validate(selfRegistrationSchema, sent).then(({ agentId, ...input }) => registerWithAgent(agentId, input))
  ).catch((error: unknown) => registrationError(error, log));

  const { agent, client, created } = registration;
  await awardDueMilestonesAfterWrite(client, todayIn(agent.timeZone), log);
  const upload = await issueClientUploadToken(client.id, agent.id);
  log.info('client registered', { agentId: agent.id, clientId: client.id, created, via: given('token') ? 'invitation' : 'directory' });
  const answer: ClientRegistrationResult = { clientId: client.id, created, clientToken: upload.token, clientTokenExpiresAt: upload.expiresAt };
  return { status: created ? 201 : 200, body: answer };
});

async function registrationError(error: unknown, log: Logger): Promise<Registration> {
  if (error instanceof InvitationRefusedError) {
    throw error.reason === 'busy'
      ? new HttpError(409, REGISTRATION_MESSAGES.invitationInUse, { code: 'INVITATION_IN_USE' })
      : new HttpError(410, REGISTRATION_MESSAGES.invitationInvalid, { code: 'INVITATION_INVALID' });
  }
  if (error instanceof AgentNotFoundError) throw notFound(REGISTRATION_MESSAGES.agentNotFound);
  if (error instanceof AgentAtCapacityError) {
    await notifyAgent(error, log);
    throw new HttpError(403, REGISTRATION_MESSAGES.agentAtCapacity, { code: 'AGENT_AT_CAPACITY' });
  }
  return clientWriteError(error);
}

/** Tells the agent a client could not join; the visitor's answer does not depend on it. */
async function notifyAgent({ agent, client }: AgentAtCapacityError, log: Logger): Promise<void> {
  const notices = await hitLimit({ scope: 'plan-full-notice', id: agent.id, max: PLAN_FULL_NOTICES_PER_DAY, windowSeconds: 24 * 3600 });
  if (notices.limited) return;
  await sendPlanFullNotice(agent, client).catch((mailError: unknown) => log.error('plan-full notice not sent', { agentId: agent.id, error: mailError }));
}
