// POST /api/clients/{id}/messages: sends now (201) or schedules a text for 8:00 in the client's
// zone (202); then the client (Last Contact) and their activity are read again.
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { SendMessageResult } from '../../../../../shared/api-types';
import type { MessageInput } from '../../../../../shared/messages';
import { api } from '../../../lib/api-client';
import { CLIENTS_KEY } from '../../../lib/clients';
import { revalidateClientReads } from '../../../lib/revalidate-clients';

export type SendArgs = { clientId: string; message: MessageInput };

export function useSendMessage() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<SendMessageResult, Error, string, SendArgs>(`POST ${CLIENTS_KEY}/messages`, async (_key, { arg: { clientId, message } }) => {
    const result = await api.post<SendMessageResult>(`${CLIENTS_KEY}/${encodeURIComponent(clientId)}/messages`, message);
    await revalidateClientReads(mutate);
    return result;
  });
}
