// GET /api/clients/duplicates: the agent's likely duplicates and those clients. A scan of the whole book on the
// server, so it is read when the duplicates screen or the clients page opens, not on every focus.
import useSWR from 'swr';
import type { DuplicateGroups } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { CLIENTS_KEY } from '@/lib/clients';

export const DUPLICATES_KEY = `${CLIENTS_KEY}/duplicates`;

export function getDuplicates(): Promise<DuplicateGroups> {
  return api.get<DuplicateGroups>(DUPLICATES_KEY);
}

export function useDuplicates() {
  const { data, error, isLoading, mutate } = useSWR<DuplicateGroups, Error>(DUPLICATES_KEY, getDuplicates, {
    revalidateOnFocus: false,
  });
  return { duplicates: data, error, isLoading, retry: () => void mutate() };
}
