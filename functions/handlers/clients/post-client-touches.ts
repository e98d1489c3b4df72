// POST /api/clients/{id}/touches: logs a call, meeting or note made outside the product; the
// client's lastContactDate moves to it when it is the latest contact.
import { actorOf, clientFor } from '../../data/client-access';
import type { LogTouchResult } from '@shared/api-types';
import { touchInstant, touchSchema } from '@shared/messages';
import { toClient } from '../../data/clients';
import { countInsights } from '../../data/insights';
import { changeClient } from '../../data/client-record';
import { putTouch, toTouchActivity } from '../../data/messages';
import { randomId } from '../../domain/signed-tokens';
import { notFound } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { idempotent } from '../../http/idempotency';

export const handler = defineHandler(
  'clients/post-client-touches',
  { body: touchSchema },
  idempotent(async ({ user, params, body }) => {
    const client = await clientFor(actorOf(user), params.id ?? '');
    if (!client) throw notFound('Client not found');
    const date = touchInstant(body.date)!; // the schema accepted only readable dates
    const touch = await putTouch({
      id: randomId(),
      agentId: user.id,
      clientId: client.id,
      kind: body.kind,
      ...(body.note ? { note: body.note } : {}),
      date,
      createdAt: new Date().toISOString(),
    });
    const contact = await changeClient(user.id, client.id, { kind: 'contacted', on: date }, { known: client });
    await countInsights(user.id, { [body.kind]: 1 }, new Date(date), user.timeZone);
    const after = contact.kind === 'changed' ? contact.after : contact.kind === 'unchanged' ? contact.client : client;
    return { status: 201, body: { touch: toTouchActivity(touch), client: toClient(after) } satisfies LogTouchResult };
  }),
);
