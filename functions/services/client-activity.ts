// A client's activity as the agent reads it: the timeline (messages sent, scheduled or received, touches logged,
// changes of consent to texts), newest first, and the original of an e-mail reply as it arrived. Each reads the client
// through the access rule (functions/data/client-access.ts): another agent's client is not found.
import type { Activity, ClientActivity, MessageOriginal } from '@shared/api-types';
import { actorOf, clientFor } from '../data/client-access';
import { toClient } from '../data/clients';
import { getMessage, listActivity, toMessageActivity, toTouchActivity } from '../data/messages';
import { toConsentActivity } from '../data/sms-consent';
import type { UserItem } from '../data/users';
import type { NotFound } from '../domain/refusals';
import { inboundEmailLink } from '../integrations/inbound-mail';

/** Our message ids (random, base64url); anything else names no message. */
const MESSAGE_ID = /^[A-Za-z0-9_-]{1,64}$/;

const when = (entry: Activity): string => (entry.type === 'touch' ? entry.date : entry.at);

/** The client's activity, newest first (by its day or moment, then by when it was written), and the client. */
export async function readClientActivity(
  user: UserItem,
  clientId: string,
): Promise<ClientActivity | NotFound<'client'>> {
  const client = await clientFor(actorOf(user), clientId);
  if (!client) return { kind: 'not-found', what: 'client' };
  const activity = (await listActivity(client.id))
    .map((item): Activity => {
      if (item.type === 'touch') return toTouchActivity(item);
      if (item.type === 'consent') return toConsentActivity(item);
      return toMessageActivity(item);
    })
    .sort((a, b) => when(b).localeCompare(when(a)) || b.createdAt.localeCompare(a.createdAt));
  return { activity, lastContactDate: client.lastContactDate ?? null, client: toClient(client) };
}

/** A link valid a few minutes to the raw e-mail (RFC 5322) a client's reply arrived as. */
export async function originalEmailLink(
  user: UserItem,
  clientId: string,
  messageId: string,
  now = new Date(),
): Promise<MessageOriginal | NotFound<'client' | 'message' | 'original-email'>> {
  const client = await clientFor(actorOf(user), clientId);
  if (!client) return { kind: 'not-found', what: 'client' };
  const message = MESSAGE_ID.test(messageId) ? await getMessage(client.id, messageId) : undefined;
  if (!message || message.agentId !== user.id) return { kind: 'not-found', what: 'message' };
  // Only a kept reply's original is linked to (inbound-email/<id>): a key anywhere else is refused unsigned.
  const link = message.rawKey ? await inboundEmailLink(message.rawKey, now) : undefined;
  return link ?? { kind: 'not-found', what: 'original-email' };
}
