// POST /api/clients/{id}/messages: sends now (201) or schedules a text for 8:00 in the client's
// zone (202); then the client (Last Contact) and their activity are read again.
import type { SendMessageResult } from '@shared/api-types';
import type { MessageInput } from '@shared/messages';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { CLIENTS_KEY } from '@/lib/clients';
import { revalidateClientReads } from '@/lib/revalidate-clients';

export type SendArgs = { clientId: string; message: MessageInput };

export function sendMessage({ clientId, message }: SendArgs): Promise<SendMessageResult> {
  return api.post<SendMessageResult>(`${CLIENTS_KEY}/${encodeURIComponent(clientId)}/messages`, message);
}

export function useSendMessage() {
  return useApiMutation(`POST ${CLIENTS_KEY}/messages`, sendMessage, revalidateClientReads);
}
