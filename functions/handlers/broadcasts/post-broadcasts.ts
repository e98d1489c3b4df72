// POST /api/broadcasts { segmentId | filter, channel, occasion, instructions?, mode }: a personal draft for each client
// of the audience, drafted by a job (202 { id }, followed at GET /api/broadcasts/{id}): waiting for approval on Today,
// or (`auto`, Pro only: 403 PRO_REQUIRED) scheduled under the daily caps. Another agent's segment: 404.
import * as yup from 'yup';
import {
  BROADCAST_CHANNELS,
  BROADCAST_INSTRUCTIONS_MAX,
  BROADCAST_MODES,
  BROADCAST_OCCASIONS,
  type BroadcastChannel,
  type BroadcastMode,
  type BroadcastOccasion,
} from '@shared/api-types';
import type { InvalidInput, NotFound, ProRequired } from '../../domain/refusals';
import { forbidden, notFound, refusalAnswers } from '../../http/errors';
import { defineHandler, validate } from '../../http/handler';
import { invalidInputAnswer } from '../../http/request-refusals';
import { startBroadcast } from '../../services/broadcasts';
import { clientFilterSchema, compactFilter } from '../../services/client-filter';

export const BROADCAST_MESSAGES = {
  audience: 'Send either segmentId or filter',
  segmentId: 'segmentId must be a segment id',
  channel: `channel must be one of ${BROADCAST_CHANNELS.join(', ')}`,
  occasion: `occasion must be one of ${BROADCAST_OCCASIONS.join(', ')}`,
  mode: `mode must be one of ${BROADCAST_MODES.join(', ')}`,
  instructions: `instructions must be text of at most ${BROADCAST_INSTRUCTIONS_MAX} characters`,
  instructionsRequired: 'instructions are required for a custom broadcast: say what it is about',
  proRequired: 'Sending a broadcast without approval is a Pro feature: choose approval, or upgrade.',
  segment: 'Segment not found',
} as const;

const body = yup.object({
  segmentId: yup
    .string()
    .strict(true)
    .typeError(BROADCAST_MESSAGES.segmentId)
    .matches(/^[A-Za-z0-9_-]{1,64}$/, BROADCAST_MESSAGES.segmentId),
  channel: yup
    .string<BroadcastChannel>()
    .required(BROADCAST_MESSAGES.channel)
    .oneOf(BROADCAST_CHANNELS, BROADCAST_MESSAGES.channel),
  occasion: yup
    .string<BroadcastOccasion>()
    .required(BROADCAST_MESSAGES.occasion)
    .oneOf(BROADCAST_OCCASIONS, BROADCAST_MESSAGES.occasion),
  mode: yup.string<BroadcastMode>().required(BROADCAST_MESSAGES.mode).oneOf(BROADCAST_MODES, BROADCAST_MESSAGES.mode),
  instructions: yup
    .string()
    .strict(true)
    .typeError(BROADCAST_MESSAGES.instructions)
    .trim()
    .max(BROADCAST_INSTRUCTIONS_MAX, BROADCAST_MESSAGES.instructions)
    .when('occasion', {
      is: 'custom',
      then: (schema) => schema.required(BROADCAST_MESSAGES.instructionsRequired),
    }),
});

const REFUSALS = refusalAnswers<InvalidInput | ProRequired | NotFound<'segment'>>({
  'invalid-input': invalidInputAnswer('VALIDATION_FAILED'),
  'pro-required': () => forbidden(BROADCAST_MESSAGES.proRequired, 'PRO_REQUIRED'),
  'not-found': () => notFound(BROADCAST_MESSAGES.segment),
});

export const handler = defineHandler(
  'broadcasts/post-broadcasts',
  { refusals: REFUSALS },
  async ({ user, body: sent }) => {
    const raw = (sent ?? {}) as Record<string, unknown>;
    const valid = await validate(body, raw);
    const hasFilter = raw.filter !== undefined;
    if ((valid.segmentId === undefined) === !hasFilter)
      return { kind: 'invalid-input', problem: BROADCAST_MESSAGES.audience, field: 'segmentId' };
    const filter = hasFilter ? compactFilter(await validate(clientFilterSchema, raw.filter)) : undefined;
    const started = await startBroadcast(user, {
      ...(valid.segmentId !== undefined ? { segmentId: valid.segmentId } : { filter }),
      channel: valid.channel,
      occasion: valid.occasion,
      ...(valid.instructions ? { instructions: valid.instructions.trim() } : {}),
      mode: valid.mode,
    });
    if (started.outcome === 'pro-required') return { kind: 'pro-required' };
    if (started.outcome === 'no-such-segment') return { kind: 'not-found', what: 'segment' };
    return { status: 202, body: { id: started.id } };
  },
);
