// A signed-in route that names one record in its path (`/api/clients/{id}/milestones`) and answers what one use case
// returns for the caller and that id (and the request's body, when the route takes one): the outcome as the body
// (200), or the refusal it returns, answered by the route's `refusals` table.
import type * as yup from 'yup';
import type { ApiResponses, HandlerSlug } from '@shared/api-types';
import { isRefusal, type Refusal } from '../domain/refusals';
import type { UserItem } from '../services/sessions';
import type { ErrorAnswers, RefusalAnswers } from './errors';
import { defineHandler, type RouteHandler } from './handler';

type RecordRouteOptions<B, R extends Refusal> = {
  body?: yup.Schema<B>;
  refusals: RefusalAnswers<R>;
  errors?: ErrorAnswers;
  /** The path parameter that names the record: `id` unless the route's path says otherwise. */
  param?: string;
};

/**
 * Without a body schema the use case's third argument is undefined, so a later parameter of its own (`now = new
 * Date()`) keeps its default.
 */
export function defineRecordHandler<S extends HandlerSlug, R extends Refusal, B = undefined>(
  slug: S,
  { body: bodySchema, refusals, errors, param = 'id' }: RecordRouteOptions<B, R>,
  useCase: (user: UserItem, id: string, body: B) => Promise<ApiResponses[S] | R>,
): RouteHandler {
  return defineHandler(slug, { body: bodySchema, refusals, errors }, async ({ user, params, body }) => {
    const outcome = await useCase(user, params[param] ?? '', bodySchema ? body : (undefined as B));
    // The route's answer types are never refusals: what is not a refusal is the answer.
    return isRefusal(outcome) ? (outcome as R) : { body: outcome as ApiResponses[S] };
  });
}
