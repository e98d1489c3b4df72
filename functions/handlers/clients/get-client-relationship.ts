// GET /api/clients/{id}/relationship: the client page's strength (the decayed sum of touches), tier, referrals, the
// client who referred them and their personal referral link. Another agent's client: 404.
import type { RefusalOf } from '../../domain/refusals';
import { notFound, refusalAnswers } from '../../http/errors';
import { defineRecordHandler } from '../../http/record-handler';
import { clientRelationship } from '../../services/next-best';

const REFUSALS = refusalAnswers<RefusalOf<typeof clientRelationship>>({
  'not-found': () => notFound('Client not found'),
});

export const handler = defineRecordHandler('clients/get-client-relationship', { refusals: REFUSALS }, (user, id) =>
  clientRelationship(user, id),
);
