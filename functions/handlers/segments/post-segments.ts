// POST /api/segments { name, filter }: saves a client filter under a name (1–60 characters; at most 50 segments per
// agent: 409 SEGMENT_LIMIT), answered with how many clients it holds now.
import * as yup from 'yup';
import { SEGMENTS_PER_AGENT_MAX } from '@shared/api-types';
import { SEGMENT_MESSAGES, segmentNameSchema } from '@shared/segments';
import { createSegment } from '../../data/segments';
import type { SegmentsFull } from '../../domain/refusals';
import { HttpError, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { clientFilterSchema, compactFilter, countFilteredClients } from '../../services/client-filter';
import { toSegment } from '../../services/segments';

const body = yup.object({ name: segmentNameSchema, filter: clientFilterSchema });

const REFUSALS = refusalAnswers<SegmentsFull>({
  'segments-full': () => new HttpError(409, SEGMENT_MESSAGES.limit, { code: 'SEGMENT_LIMIT' }),
});

export const handler = defineHandler('segments/post-segments', { body, refusals: REFUSALS }, async ({ user, body }) => {
  const filter = compactFilter(body.filter);
  // Counted first: a filter that cannot be served yet is refused before anything is saved.
  const count = await countFilteredClients(user.id, filter, { timeZone: user.timeZone });
  const segment = await createSegment(user.id, body.name.trim(), filter);
  if (!segment) return { kind: 'segments-full', max: SEGMENTS_PER_AGENT_MAX };
  return { status: 201, body: toSegment(segment, count) };
});
