// "Done" on Today's keep-in-touch list: POST /api/clients/{id}/touches with a note dated today. A touch is contact, so
// the client's Last Contact moves, their next due day with it, and the client reads (the due list too) are read again.
import type { LogTouchResult } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { CLIENTS_KEY } from '@/lib/clients';
import { browserToday } from '@/lib/dates';
import { revalidateClientReads } from '@/lib/revalidate-clients';

export const CHECK_IN_NOTE = 'Keep-in-touch check-in';

export function markCheckedIn(clientId: string): Promise<LogTouchResult> {
  return api.post<LogTouchResult>(`${CLIENTS_KEY}/${encodeURIComponent(clientId)}/touches`, {
    kind: 'note',
    note: CHECK_IN_NOTE,
    date: browserToday(),
  });
}

export function useMarkCheckedIn() {
  return useApiMutation(`POST ${CLIENTS_KEY}/check-in`, markCheckedIn, revalidateClientReads);
}
