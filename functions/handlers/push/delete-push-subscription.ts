// DELETE /api/push/subscriptions/{id}: this device turns notifications off. 204, or 404 for an id that is not one of
// this agent's subscriptions.
import { PUSH_MESSAGES } from '@shared/push';
import { deletePushSubscription } from '../../data/push-subscriptions';
import type { NotFound } from '../../domain/refusals';
import { notFound, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';

const REFUSALS = refusalAnswers<NotFound<'push-subscription'>>({ 'not-found': () => notFound(PUSH_MESSAGES.notFound) });

export const handler = defineHandler(
  'push/delete-push-subscription',
  { refusals: REFUSALS },
  async ({ user, params }) => {
    const id = params.id ?? '';
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id) || !(await deletePushSubscription(user.id, id)))
      return { kind: 'not-found', what: 'push-subscription' };
    return { status: 204 };
  },
);
