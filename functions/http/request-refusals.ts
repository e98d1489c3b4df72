// The answers to what a handler refuses of the request itself, before any use case (functions/domain/refusals.ts):
// an id in the URL that cannot be one, and a rule of the body's or query's shape its schema cannot hold.
import type { InvalidId, InvalidInput } from '../domain/refusals';
import { badRequest, type RefusalTable } from './errors';

const ID_NAMES: Record<InvalidId['what'], string> = {
  agent: 'agent',
  client: 'client',
  'support-request': 'support request',
};

export const INVALID_ID_ANSWERS: RefusalTable<InvalidId> = {
  'invalid-id': ({ what }) =>
    badRequest(`The ${ID_NAMES[what]} id in the URL is not valid.`, undefined, 'BAD_PATH_PARAMETER'),
};

/** A 400 with the rule's sentence, told on its field when it has one, under the `code` the route has always given. */
export const invalidInputAnswer =
  (code?: string) =>
  ({ problem, field }: InvalidInput) =>
    badRequest(problem, field ? { [field]: problem } : undefined, code);
