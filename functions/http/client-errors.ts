// The answers shared by the client routes: the plan cap and a duplicate e-mail.
import { FREE_CLIENT_LIMIT } from '../../shared/constants';
import { ClientEmailTakenError, PlanLimitError } from '../data/clients';
import { conflict, HttpError } from './errors';

export const UPGRADE_MESSAGE = `You've reached the maximum of ${FREE_CLIENT_LIMIT} clients on the free plan. Upgrade to Pro for unlimited clients.`;

export const upgradeRequired = () => new HttpError(403, UPGRADE_MESSAGE, { code: 'UPGRADE_REQUIRED' });

/** Maps the data layer's refusals to HTTP answers; anything else is rethrown. */
export function clientWriteError(error: unknown): never {
  if (error instanceof PlanLimitError) throw upgradeRequired();
  if (error instanceof ClientEmailTakenError) {
    throw conflict('A client with this email already exists.', { email: 'A client with this email already exists.' });
  }
  throw error;
}
