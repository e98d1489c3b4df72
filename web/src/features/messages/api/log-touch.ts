// POST /api/clients/{id}/touches: a call, meeting or note made outside the product; it counts as
// contact, so the client (Last Contact) and their activity are read again.
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { LogTouchResult } from '../../../../../shared/api-types';
import type { TouchInput } from '../../../../../shared/messages';
import { api } from '../../../lib/api-client';
import { CLIENTS_KEY } from '../../../lib/clients';
import { revalidateClientReads } from '../../../lib/revalidate-clients';

export type LogTouchArgs = { clientId: string; touch: TouchInput };

export function useLogTouch() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<LogTouchResult, Error, string, LogTouchArgs>(`POST ${CLIENTS_KEY}/touches`, async (_key, { arg: { clientId, touch } }) => {
    const result = await api.post<LogTouchResult>(`${CLIENTS_KEY}/${encodeURIComponent(clientId)}/touches`, touch);
    await revalidateClientReads(mutate);
    return result;
  });
}
