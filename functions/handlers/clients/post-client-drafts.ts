// POST /api/clients/{id}/drafts: a message draft for one of the agent's clients (the AI model for
// Pro agents within their daily quota, else the local composer); nothing is sent.
import type { Draft } from '@shared/api-types';
import { DRAFT_MESSAGES, draftRequestSchema } from '@shared/drafts';
import type { AiDraftsUsedUp, NotFound, PlaceIdRequired } from '../../domain/refusals';
import { badRequest, HttpError, notFound, refusalAnswers, retryAfter, secondsUntil } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { writeDraft } from '../../services/drafts';

export const draftQuotaMessage = (limit: number) =>
  `You have used today's ${limit} AI drafts. They reset at midnight UTC; "Suggest a draft" still works until then.`;

const REFUSALS = refusalAnswers<NotFound<'client'> | PlaceIdRequired | AiDraftsUsedUp>({
  'not-found': () => notFound('Client not found'),
  'place-id-required': () => badRequest(DRAFT_MESSAGES.noPlaceId, undefined, 'PLACE_ID_REQUIRED'),
  'ai-drafts-used-up': ({ limit, resetsAt }) =>
    new HttpError(429, draftQuotaMessage(limit), { code: 'DRAFT_QUOTA', headers: retryAfter(secondsUntil(resetsAt)) }),
});

export const handler = defineHandler(
  'clients/post-client-drafts',
  { body: draftRequestSchema, refusals: REFUSALS },
  async ({ user, params, body, log }) => {
    // The agent answers: a client who wrote last has their message read as data (services/drafts.ts).
    const result = await writeDraft(user, params.id ?? '', { ...body, readsReply: true }, new Date());
    if (result.outcome === 'no-such-client') return { kind: 'not-found', what: 'client' };
    if (result.outcome === 'no-place-id') return { kind: 'place-id-required' };
    if (result.outcome === 'quota')
      return { kind: 'ai-drafts-used-up', limit: result.limit, resetsAt: result.resetsAt.toISOString() };
    if (result.draft.engine.fallback) log.warn('draft fell back to the local composer', { note: result.draft.note });
    return { body: result.draft satisfies Draft };
  },
);
