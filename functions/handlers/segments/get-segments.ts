// GET /api/segments: the agent's saved segments, oldest first, each with how many clients it holds now.
import { defineHandler } from '../../http/handler';
import { CLIENT_FILTER_ERRORS } from '../../http/client-filter-errors';
import { listSegmentsWithCounts } from '../../services/segments';

export const handler = defineHandler('segments/get-segments', { errors: CLIENT_FILTER_ERRORS }, async ({ user }) => ({
  body: { segments: await listSegmentsWithCounts(user.id, user.timeZone) },
}));
