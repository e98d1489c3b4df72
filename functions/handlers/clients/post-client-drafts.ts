// POST /api/clients/{id}/drafts: a message draft for one of the agent's clients (the AI model for
// Pro agents within their daily quota, else the local composer); nothing is sent.
import type { Draft } from '@shared/api-types';
import { DRAFT_MESSAGES, draftRequestSchema } from '@shared/drafts';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { writeDraft } from '../../services/drafts';

export const draftQuotaMessage = (limit: number) =>
  `You have used today's ${limit} AI drafts. They reset at midnight UTC; "Suggest a draft" still works until then.`;

export const handler = defineHandler(
  'clients/post-client-drafts',
  { body: draftRequestSchema },
  async ({ user, params, body, log }) => {
    const now = new Date();
    // The agent answers: a client who wrote last has their message read as data (services/drafts.ts).
    const result = await writeDraft(user, params.id ?? '', { ...body, readsReply: true }, now);
    if (result.outcome === 'no-such-client') throw notFound('Client not found');
    if (result.outcome === 'no-place-id') throw badRequest(DRAFT_MESSAGES.noPlaceId, undefined, 'PLACE_ID_REQUIRED');
    if (result.outcome === 'quota') {
      const retryAfter = Math.max(1, Math.ceil((result.resetsAt.getTime() - now.getTime()) / 1000));
      throw new HttpError(429, draftQuotaMessage(result.limit), {
        code: 'DRAFT_QUOTA',
        headers: { 'retry-after': String(retryAfter) },
      });
    }
    if (result.draft.engine.fallback) log.warn('draft fell back to the local composer', { note: result.draft.note });
    return { body: result.draft satisfies Draft };
  },
);
