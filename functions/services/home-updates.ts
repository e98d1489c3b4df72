// The monthly home update's use cases: the e-mail of a due past client (the estimate, with its tracked "free home
// valuation" link: functions/domain/home-update.ts), and what a click on that link does: the client's record takes it
// (the update count starts again; strong interest for the next best touch), it goes on the client's timeline and in
// the agent's inbox as a message from the client, the agent's devices hear of it, and the browser goes on to a page
// that says the agent will be in touch.
import { config } from '../config';
import { changeClient } from '../client-record/record';
import type { ClientItem } from '../data/clients';
import { excerptOf, noteConversationMessage } from '../data/conversations';
import { getHomeLink, putHomeLink } from '../data/home-update-links';
import { putMessageOnce } from '../data/messages';
import { getUserById, pushPrefsOf, type UserItem } from '../data/users';
import { homeUpdateEmail } from '../domain/home-update';
import { homeValuationNotification } from '../domain/push-notifications';
import { isRefusal } from '../domain/refusals';
import { randomId } from '../domain/signed-tokens';
import { pushToAgent } from '../integrations/push';
import { homeValueOf } from './home-values';

/** What the timeline and the inbox say of a click. */
export const VALUATION_ASKED = 'Asked for a free home valuation (from your monthly home update).';

/** The update e-mail for the client, with a new tracked link; null when there is no estimate for them. */
export async function homeUpdateContent(
  agent: Pick<UserItem, 'id' | 'fullName'>,
  client: ClientItem,
  now: Date,
): Promise<{ subject: string; body: string } | null> {
  const value = await homeValueOf(client);
  if (isRefusal(value)) return null;
  const token = randomId(16);
  await putHomeLink(token, agent.id, client.id, now);
  return homeUpdateEmail({
    clientFirstName: client.name.split(/\s+/)[0] || client.name,
    agentName: agent.fullName,
    value,
    link: `${config().appUrl}/api/home-valuation/${token}`,
  });
}

/** Where the browser goes after a click: the page thanking the client, naming the agent. */
export function valuationPage(agentName: string): string {
  return `${config().appUrl}/home-valuation?${new URLSearchParams({ agent: agentName })}`;
}

/**
 * A client clicked the link of a home update: null when the link or the client is gone. Each click counts (a second
 * one is more interest); the timeline entry and the notice are one per click.
 */
export async function openHomeValuationLink(token: string, now = new Date()): Promise<string | null> {
  const link = await getHomeLink(token);
  if (!link) return null;
  const at = now.toISOString();
  const clicked = await changeClient(link.agentId, link.clientId, { kind: 'home-update-clicked', at }, { now });
  if (clicked.kind !== 'changed') return null;
  const client = clicked.after;
  await putMessageOnce({
    id: randomId(),
    agentId: link.agentId,
    clientId: client.id,
    channel: 'email',
    direction: 'inbound',
    status: 'received',
    occasion: 'home-update',
    body: VALUATION_ASKED,
    from: client.email,
    to: '',
    receivedAt: at,
    slotDay: at.slice(0, 10),
    createdAt: at,
  });
  const excerpt = excerptOf(VALUATION_ASKED);
  await noteConversationMessage(link.agentId, client.id, { direction: 'inbound', channel: 'email', excerpt, at });
  const agent = await getUserById(link.agentId);
  // Never throws: the click is taken in whatever the push services do.
  if (agent && pushPrefsOf(agent).replies)
    await pushToAgent(agent.id, homeValuationNotification({ clientId: client.id, clientName: client.name }));
  return valuationPage(agent?.fullName ?? '');
}
