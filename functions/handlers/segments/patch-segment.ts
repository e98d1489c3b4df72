// PATCH /api/segments/{id} { name }: renames one of the agent's segments (1–60 characters), answered as GET lists it;
// its filter stays. Another agent's segment, or none by that id: 404.
import { segmentRenameSchema } from '@shared/segments';
import type { RefusalOf } from '../../domain/refusals';
import { notFound, refusalAnswers } from '../../http/errors';
import { defineRecordHandler } from '../../http/record-handler';
import { renameSegment } from '../../services/segments';

const REFUSALS = refusalAnswers<RefusalOf<typeof renameSegment>>({
  'not-found': () => notFound('Segment not found'),
});

export const handler = defineRecordHandler(
  'segments/patch-segment',
  { body: segmentRenameSchema, refusals: REFUSALS },
  renameSegment,
);
