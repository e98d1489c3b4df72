// The answers shared by the client routes: the plan cap and a duplicate e-mail.
import { ClientEmailTakenError } from '../domain/client-errors';
import { agentPlanLimitMessage, PlanLimitError, UPGRADE_MESSAGE } from '../domain/plan';
import { conflict, HttpError } from './errors';

export { UPGRADE_MESSAGE };

export const upgradeRequired = () => new HttpError(403, UPGRADE_MESSAGE, { code: 'UPGRADE_REQUIRED' });

/** Maps the data layer's refusals to HTTP answers; anything else is rethrown. */
export function clientWriteError(error: unknown): never {
  if (error instanceof PlanLimitError) throw upgradeRequired();
  if (error instanceof ClientEmailTakenError) {
    throw conflict('A client with this email already exists.', { email: 'A client with this email already exists.' });
  }
  throw error;
}

/** clientWriteError, saying whose plan is full when acting for another agent. */
export function clientWriteErrorFor(user: { id: string }, agent: { id: string; username: string }): (error: unknown) => never {
  return (error) => {
    if (agent.id !== user.id && error instanceof PlanLimitError) throw new HttpError(403, agentPlanLimitMessage(agent), { code: 'UPGRADE_REQUIRED' });
    if (error instanceof ClientEmailTakenError && agent.id !== user.id) {
      throw new HttpError(409, 'This agent already has a client with this email.', { code: 'CONFLICT', errors: { email: 'This agent already has a client with this email.' } });
    }
    return clientWriteError(error);
  };
}
