// GET /api/clients/{id}/messages: the client's activity, newest first: messages sent or scheduled
// through Hearthside, messages the client sent (direction `inbound`), touches the agent logged and changes of the
// client's consent to texts.
import { actorOf, clientFor } from '../../data/client-access';
import type { Activity, ClientActivity } from '@shared/api-types';
import { toClient } from '../../data/clients';
import { listActivity, toMessageActivity, toTouchActivity } from '../../data/messages';
import { toConsentActivity } from '../../data/sms-consent';
import { notFound } from '../../http/errors';
import { defineHandler } from '../../http/handler';

const when = (entry: Activity): string => (entry.type === 'touch' ? entry.date : entry.at);

export const handler = defineHandler('clients/get-client-messages', {}, async ({ user, params }) => {
  const client = await clientFor(actorOf(user), params.id ?? '');
  if (!client) throw notFound('Client not found');
  const activity = (await listActivity(client.id))
    .map((item): Activity => {
      if (item.type === 'touch') return toTouchActivity(item);
      if (item.type === 'consent') return toConsentActivity(item);
      return toMessageActivity(item);
    })
    .sort((a, b) => when(b).localeCompare(when(a)) || b.createdAt.localeCompare(a.createdAt));
  return {
    body: {
      activity,
      lastContactDate: client.lastContactDate ?? null,
      client: toClient(client),
    } satisfies ClientActivity,
  };
});
