// GET /api/clients/{id}/home-value (Pro): the client's home value as a range from the public price index, or why
// there is none (422 with a code, 403 PRO_REQUIRED). Under the client's key, so an edit of the ZIP code or price reads
// it again.
import useSWR from 'swr';
import type { HomeValue } from '@shared/home-value';
import { api } from '@/lib/api-client';
import { clientKey } from './get-client';

export const clientHomeValueKey = (clientId: string) => `${clientKey(clientId)}/home-value`;

export function useClientHomeValue(clientId: string) {
  const { data, error, mutate } = useSWR<HomeValue, Error>(
    clientHomeValueKey(clientId),
    () => api.get<HomeValue>(clientHomeValueKey(clientId)),
    // A refusal (no ZIP code, not Pro) is an answer, not a failure to retry.
    { shouldRetryOnError: false },
  );
  return { homeValue: data, error, retry: () => void mutate() };
}
