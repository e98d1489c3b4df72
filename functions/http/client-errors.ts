// The answers shared by the client routes: the plan cap and a duplicate e-mail (`errors:
// CLIENT_WRITE_ERRORS` in a handler's options), and a registered client's upload token (`refusals`).
import { REGISTRATION_MESSAGES } from '@shared/client-registration';
import { ClientEmailTakenError } from '../domain/client-errors';
import { agentPlanLimitMessage, PlanLimitError, UPGRADE_MESSAGE } from '../domain/plan';
import type { UploadTokenInvalid, UploadTokenMismatch } from '../domain/refusals';
import { conflict, errorAnswer, forbidden, HttpError, type RefusalTable } from './errors';

export { UPGRADE_MESSAGE };
const EMAIL_TAKEN = 'A client with this email already exists.';

export const upgradeRequired = () => new HttpError(403, UPGRADE_MESSAGE, { code: 'UPGRADE_REQUIRED' });

/** The data layer's refusals of a client write. */
export const CLIENT_WRITE_ERRORS = [
  errorAnswer(PlanLimitError, upgradeRequired),
  errorAnswer(ClientEmailTakenError, () => conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN })),
];

/** Says whose plan is full when acting for another agent; the rest is left to the handler's CLIENT_WRITE_ERRORS. */
export function clientWriteErrorFor(
  user: { id: string },
  agent: { id: string; username: string },
): (error: unknown) => never {
  return (error) => {
    if (agent.id !== user.id && error instanceof PlanLimitError)
      throw new HttpError(403, agentPlanLimitMessage(agent), { code: 'UPGRADE_REQUIRED' });
    if (error instanceof ClientEmailTakenError && agent.id !== user.id) {
      throw new HttpError(409, 'This agent already has a client with this email.', {
        code: 'CONFLICT',
        errors: { email: 'This agent already has a client with this email.' },
      });
    }
    throw error;
  };
}

/** A registered client's registration (or the client it became) that is gone: their upload has no one to go to. */
export const REGISTRATION_GONE = 'We could not find your registration. Please register again.';

/** A registered client's upload token: 401 when forged, expired or malformed, 403 when it names another client. */
export const UPLOAD_TOKEN_ANSWERS: RefusalTable<UploadTokenInvalid | UploadTokenMismatch> = {
  'upload-token-invalid': () =>
    new HttpError(401, REGISTRATION_MESSAGES.uploadExpired, { code: 'CLIENT_TOKEN_INVALID' }),
  'upload-token-mismatch': () => forbidden('This upload link belongs to someone else.', 'CLIENT_TOKEN_MISMATCH'),
};
