// The agent's inbox: a page of conversations with the clients' names, and marking one read. Each page is one Query
// of the conversation index, one BatchGet of the names and one read of the unread counter, whatever the book's size.
import type { ConversationPage, ConversationRead } from '@shared/api-types';
import { actorOf, clientFor } from '../data/client-access';
import { getClientsByIds } from '../data/clients';
import { listConversations, markConversationRead, unreadConversations } from '../data/conversations';
import type { UserItem } from '../data/users';
import type { NotFound } from '../domain/refusals';

export async function conversationPage(
  agent: UserItem,
  options: { unreadOnly: boolean; cursor?: string; limit: number },
): Promise<ConversationPage> {
  const [page, unreadTotal] = await Promise.all([listConversations(agent.id, options), unreadConversations(agent.id)]);
  const clients = await getClientsByIds(
    agent.id,
    page.items.map((item) => item.clientId),
  );
  return {
    conversations: page.items
      .filter((item) => clients.has(item.clientId))
      .map((item) => ({
        clientId: item.clientId,
        clientName: clients.get(item.clientId)!.name,
        lastMessage: item.lastMessage,
        unread: item.unread === true,
      })),
    nextCursor: page.nextCursor,
    unreadTotal,
  };
}

/** POST /api/conversations/{clientId}/read: idempotent; another agent's client (or none) is not found. */
export async function readConversation(
  agent: UserItem,
  clientId: string,
): Promise<ConversationRead | NotFound<'client'>> {
  const client = await clientFor(actorOf(agent), clientId);
  if (!client) return { kind: 'not-found', what: 'client' };
  await markConversationRead(agent.id, client.id);
  return { clientId: client.id, unread: false, unreadTotal: await unreadConversations(agent.id) };
}
