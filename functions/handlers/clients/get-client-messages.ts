// GET /api/clients/{id}/messages: the client's activity, newest first: messages sent or scheduled
// through Hearthside, messages the client sent (direction `inbound`), touches the agent logged and changes of the
// client's consent to texts.
import type { RefusalOf } from '../../domain/refusals';
import { notFound, refusalAnswers } from '../../http/errors';
import { defineRecordHandler } from '../../http/record-handler';
import { readClientActivity } from '../../services/client-activity';

const REFUSALS = refusalAnswers<RefusalOf<typeof readClientActivity>>({
  'not-found': () => notFound('Client not found'),
});

export const handler = defineRecordHandler('clients/get-client-messages', { refusals: REFUSALS }, readClientActivity);
