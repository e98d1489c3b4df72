// How the review routes answer a review or client that is not the agent's (a 404, as for one that does not exist).
import { badRequest, notFound, refusalAnswers } from './errors';
import type { MatchRefusal } from '../services/google-reviews';

export const notFoundAnswer = ({ what }: { what: 'review' | 'client' }) =>
  notFound(what === 'review' ? 'Review not found' : 'Client not found');

export const MATCH_REFUSALS = refusalAnswers<MatchRefusal>({
  'not-found': notFoundAnswer,
  'anonymous-review': () =>
    badRequest('An anonymous review cannot be matched to a client.', undefined, 'ANONYMOUS_REVIEW'),
});
