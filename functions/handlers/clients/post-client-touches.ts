// POST /api/clients/{id}/touches: logs a call, meeting or note made outside the product; the
// client's lastContactDate moves to it when it is the latest contact (functions/services/clients.ts).
import { touchInstant, touchSchema } from '@shared/messages';
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { notFound, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { idempotent } from '../../http/idempotency';
import { logTouch } from '../../services/clients';

const REFUSALS = refusalAnswers<RefusalOf<typeof logTouch>>({ 'not-found': () => notFound('Client not found') });

export const handler = defineHandler(
  'clients/post-client-touches',
  { body: touchSchema, refusals: REFUSALS },
  idempotent(async ({ user, params, body }) => {
    const date = touchInstant(body.date)!; // the schema accepted only readable dates
    const logged = await logTouch(user, params.id ?? '', { kind: body.kind, note: body.note, date });
    return isRefusal(logged) ? logged : { status: 201, body: logged };
  }),
);
