// The Business Profile connection: GET /api/google/connection, and its writes: POST /api/google/connect (Google's
// consent page to go to), PUT (the location), DELETE (disconnect); POST /api/reviews/sync reads Google again.
import useSWR from 'swr';
import type { GoogleAuthorization, GoogleConnection, ReviewSyncResult } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { revalidateReviews } from './get-reviews';

export const GOOGLE_CONNECTION_KEY = '/api/google/connection';

export function useGoogleConnection() {
  const { data, error, mutate } = useSWR<GoogleConnection, Error>(GOOGLE_CONNECTION_KEY, (key: string) =>
    api.get<GoogleConnection>(key),
  );
  return { connection: data, error, retry: () => void mutate() };
}

export function useConnectGoogle() {
  return useApiMutation(
    'POST /api/google/connect',
    () => api.post<GoogleAuthorization>('/api/google/connect'),
    async () => undefined,
  );
}

export function useChooseLocation() {
  return useApiMutation(
    `PUT ${GOOGLE_CONNECTION_KEY}`,
    (locationName: string) => api.put<GoogleConnection>(GOOGLE_CONNECTION_KEY, { locationName }),
    (mutate, connection) => Promise.all([mutate(GOOGLE_CONNECTION_KEY, connection, false), revalidateReviews(mutate)]),
  );
}

export function useDisconnectGoogle() {
  return useApiMutation(
    `DELETE ${GOOGLE_CONNECTION_KEY}`,
    () => api.delete<GoogleConnection>(GOOGLE_CONNECTION_KEY),
    (mutate, connection) => Promise.all([mutate(GOOGLE_CONNECTION_KEY, connection, false), revalidateReviews(mutate)]),
  );
}

export function useSyncReviews() {
  return useApiMutation(
    'POST /api/reviews/sync',
    () => api.post<ReviewSyncResult>('/api/reviews/sync'),
    (mutate) => revalidateReviews(mutate),
  );
}
