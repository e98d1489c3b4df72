// GET /api/segments: the agent's saved segments, oldest first, each with how many clients it holds now.
import { defineHandler } from '../../http/handler';
import { listSegmentsWithCounts } from '../../services/segments';

export const handler = defineHandler('segments/get-segments', {}, async ({ user }) => ({
  body: { segments: await listSegmentsWithCounts(user.id, user.timeZone) },
}));
