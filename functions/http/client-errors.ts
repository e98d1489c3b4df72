// The answers shared by the client routes: the plan cap and a duplicate e-mail. Handlers declare
// them in their options (`errors: CLIENT_WRITE_ERRORS`).
import { FREE_CLIENT_LIMIT } from '../../shared/constants';
import { ClientEmailTakenError, PlanLimitError } from '../data/clients';
import { conflict, errorAnswer, HttpError } from './errors';

export const UPGRADE_MESSAGE = `You've reached the maximum of ${FREE_CLIENT_LIMIT} clients on the free plan. Upgrade to Pro for unlimited clients.`;
const EMAIL_TAKEN = 'A client with this email already exists.';

export const upgradeRequired = () => new HttpError(403, UPGRADE_MESSAGE, { code: 'UPGRADE_REQUIRED' });

/** The data layer's refusals of a client write. */
export const CLIENT_WRITE_ERRORS = [
  errorAnswer(PlanLimitError, upgradeRequired),
  errorAnswer(ClientEmailTakenError, () => conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN })),
];
