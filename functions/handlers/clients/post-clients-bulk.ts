// POST /api/clients/bulk { action, ids? | filter?, tag?, cadenceDays? }: adds or removes a tag, sets the keep-in-touch
// rhythm or deletes the agent's clients named by `ids` (at most BULK_IDS_MAX) or by a client filter. Up to 100
// clients: done now, 200 { id, action, total, done, failed } (a client that is not the agent's counts as failed);
// more: 202 { id }, a job followed at GET /api/clients/bulk/{id} (functions/services/bulk-actions.ts).
import * as yup from 'yup';
import { BULK_ACTIONS, type BulkAction } from '@shared/api-types';
import { tagSchema } from '@shared/tags';
import type { InvalidInput } from '../../domain/refusals';
import { refusalAnswers } from '../../http/errors';
import { defineHandler, validate } from '../../http/handler';
import { invalidInputAnswer } from '../../http/request-refusals';
import { startBulkAction } from '../../services/bulk-actions';
import { clientFilterSchema, compactFilter } from '../../services/client-filter';

export const BULK_IDS_MAX = 5000;
export const CADENCE_DAYS = { min: 7, max: 365 } as const;

export const BULK_MESSAGES = {
  action: `action must be one of ${BULK_ACTIONS.join(', ')}`,
  audience: 'Send either ids or filter',
  ids: `ids must be a list of 1 to ${BULK_IDS_MAX} client ids`,
  tag: 'tag is required for add-tag and remove-tag',
  cadenceDays: `cadenceDays must be null or a whole number of days from ${CADENCE_DAYS.min} to ${CADENCE_DAYS.max}`,
} as const;

const body = yup.object({
  action: yup.string<BulkAction>().required(BULK_MESSAGES.action).oneOf(BULK_ACTIONS, BULK_MESSAGES.action),
  ids: yup
    .array()
    .typeError(BULK_MESSAGES.ids)
    .of(yup.string().strict(true).typeError(BULK_MESSAGES.ids).required(BULK_MESSAGES.ids).max(64, BULK_MESSAGES.ids))
    .min(1, BULK_MESSAGES.ids)
    .max(BULK_IDS_MAX, BULK_MESSAGES.ids),
  tag: tagSchema.when('action', {
    is: (action: string) => action === 'add-tag' || action === 'remove-tag',
    then: (schema) => schema.required(BULK_MESSAGES.tag),
  }),
  cadenceDays: yup
    .number()
    .strict(true)
    .nullable()
    .typeError(BULK_MESSAGES.cadenceDays)
    .integer(BULK_MESSAGES.cadenceDays)
    .min(CADENCE_DAYS.min, BULK_MESSAGES.cadenceDays)
    .max(CADENCE_DAYS.max, BULK_MESSAGES.cadenceDays),
});

const REFUSALS = refusalAnswers<InvalidInput>({ 'invalid-input': invalidInputAnswer() });

export const handler = defineHandler(
  'clients/post-clients-bulk',
  { refusals: REFUSALS },
  async ({ user, body: sent, log }) => {
    const raw = (sent ?? {}) as Record<string, unknown>;
    const valid = await validate(body, raw);
    const hasFilter = raw.filter !== undefined;
    if ((valid.ids === undefined) === !hasFilter)
      return { kind: 'invalid-input', problem: BULK_MESSAGES.audience, field: 'ids' };
    if (valid.action === 'set-cadence' && !('cadenceDays' in raw))
      return { kind: 'invalid-input', problem: BULK_MESSAGES.cadenceDays, field: 'cadenceDays' };
    const filter = hasFilter ? compactFilter(await validate(clientFilterSchema, raw.filter)) : undefined;
    const started = await startBulkAction(
      { id: user.id, timeZone: user.timeZone },
      { action: valid.action, ids: valid.ids, filter, tag: valid.tag, cadenceDays: valid.cadenceDays },
      log,
    );
    if (started.kind === 'queued') return { status: 202, body: { id: started.id } };
    const { kind: _kind, ...result } = started;
    return { body: { ...result, action: valid.action } };
  },
);
