// GET /api/clients?due=check-in&limit=: the clients whose keep-in-touch rhythm says they are due today, longest due
// first. Under the clients' key family, so a touch or an edit of a client reads it again.
import useSWR from 'swr';
import type { ClientPage } from '@shared/api-types';
import { CLIENTS_KEY, getClientPage } from '@/lib/clients';

/** How many due clients Today shows at once. */
export const DUE_CHECK_INS_SHOWN = 20;

export const dueCheckInsKey = (limit = DUE_CHECK_INS_SHOWN) =>
  `${CLIENTS_KEY}?${new URLSearchParams({ due: 'check-in', limit: String(limit) }).toString()}`;

/** Read again each time Today opens (its first screen may show the device's last copy until then). */
export function useDueCheckIns() {
  const { data, error, isLoading } = useSWR<ClientPage, Error>(dueCheckInsKey(), getClientPage, {
    revalidateOnMount: true,
  });
  return { page: data, error, isLoading };
}
