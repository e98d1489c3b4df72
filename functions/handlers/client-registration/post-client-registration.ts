// POST /api/client-registration: a client registers from an invitation (`token`: phone required)
// or after choosing their realtor (`agentId`: also name and e-mail). The answer carries a
// short-lived clientToken that lets this browser upload a testimonial for this client only.
// From the directory, anyone can type any e-mail: an e-mail the agent already has changes nothing,
// and a new one is a pending client (no plan slot, no automatic message, no invitation completed);
// either way the answer is the same, its id and token belong to a submission that the client
// confirms from the e-mail we send them (POST /api/client-registration/confirm), or the agent
// accepts the pending client (POST /api/clients/{id}/accept-registration).
import { invitedRegistrationSchema, REGISTRATION_MESSAGES, selfRegistrationSchema } from '@shared/client-registration';
import { isRefusal, type InvalidInput, type RefusalOf } from '../../domain/refusals';
import { CLIENT_WRITE_ERRORS } from '../../http/client-errors';
import { HttpError, notFound, refusalAnswers, tooManyRequests } from '../../http/errors';
import { definePublicHandler, validate } from '../../http/handler';
import { invalidInputAnswer } from '../../http/request-refusals';
import { admitRegistration, registerClient, type RegistrationForm } from '../../services/client-registration';

const REFUSALS = refusalAnswers<RefusalOf<typeof admitRegistration> | InvalidInput | RefusalOf<typeof registerClient>>({
  'rate-limited': ({ what, retryAfterSeconds }) =>
    tooManyRequests(
      what === 'client-registrations'
        ? 'Too many registrations from this network. Please try again later.'
        : REGISTRATION_MESSAGES.tooManyDirectoryRegistrations,
      retryAfterSeconds,
    ),
  'invalid-input': invalidInputAnswer('ONE_FORM'),
  'invalid-link': () => new HttpError(410, REGISTRATION_MESSAGES.invitationInvalid, { code: 'INVITATION_INVALID' }),
  'invitation-in-use': () => new HttpError(409, REGISTRATION_MESSAGES.invitationInUse, { code: 'INVITATION_IN_USE' }),
  'not-found': () => notFound(REGISTRATION_MESSAGES.agentNotFound),
  'agent-at-capacity': () => new HttpError(403, REGISTRATION_MESSAGES.agentAtCapacity, { code: 'AGENT_AT_CAPACITY' }),
});

export const handler = definePublicHandler(
  'client-registration/post-client-registration',
  { errors: CLIENT_WRITE_ERRORS, refusals: REFUSALS },
  async ({ body, ip, log }) => {
    const admitted = await admitRegistration(ip);
    if (admitted) return admitted;
    const form = await readForm(body);
    if (isRefusal(form)) return form;
    const registered = await registerClient(form, ip, log);
    return isRefusal(registered) ? registered : { status: registered.created ? 201 : 200, body: registered };
  },
);

/** One of the two forms: an invitation's (`token`) or the directory's (`agentId`), never both or neither. */
async function readForm(body: unknown): Promise<RegistrationForm | InvalidInput> {
  const sent = (body ?? {}) as Record<string, unknown>;
  const given = (field: string) => sent[field] !== undefined && sent[field] !== null && sent[field] !== '';
  if (given('token') === given('agentId')) return { kind: 'invalid-input', problem: REGISTRATION_MESSAGES.oneForm };
  if (given('token')) {
    const { token, ...profile } = await validate(invitedRegistrationSchema, sent);
    return { via: 'invitation', token, profile };
  }
  const { agentId, ...client } = await validate(selfRegistrationSchema, sent);
  return { via: 'directory', agentId, client };
}
