// POST /api/clients/{id}/touches: a call, meeting or note made outside the product; it counts as
// contact, so the client (Last Contact) and their activity are read again.
import type { LogTouchResult } from '@shared/api-types';
import type { TouchInput } from '@shared/messages';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { CLIENTS_KEY } from '@/lib/clients';
import { revalidateClientReads } from '@/lib/revalidate-clients';

export type LogTouchArgs = { clientId: string; touch: TouchInput };

export function logTouch({ clientId, touch }: LogTouchArgs): Promise<LogTouchResult> {
  return api.post<LogTouchResult>(`${CLIENTS_KEY}/${encodeURIComponent(clientId)}/touches`, touch);
}

export function useLogTouch() {
  return useApiMutation(`POST ${CLIENTS_KEY}/touches`, logTouch, revalidateClientReads);
}
