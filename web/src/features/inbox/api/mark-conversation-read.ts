// POST /api/conversations/{clientId}/read: the agent opened the conversation; the list and the badge are read again.
import type { ScopedMutator } from 'swr';
import type { ConversationRead } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { CONVERSATIONS_KEY } from './get-conversations';

export function markConversationRead(clientId: string): Promise<ConversationRead> {
  return api.post<ConversationRead>(`${CONVERSATIONS_KEY}/${encodeURIComponent(clientId)}/read`);
}

/** Every page of the conversations (the first one is the badge's). */
export function revalidateConversations(mutate: ScopedMutator): Promise<unknown> {
  return mutate((key) => typeof key === 'string' && key.startsWith(CONVERSATIONS_KEY));
}

export function useMarkConversationRead() {
  return useApiMutation(`POST ${CONVERSATIONS_KEY}/read`, markConversationRead, revalidateConversations);
}
