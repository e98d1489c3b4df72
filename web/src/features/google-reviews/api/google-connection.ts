// The Google connection: GET /api/google/connection (the Business Profile and the features), and its writes: POST
// /api/google/connect (Google's consent page to go to, for a feature too), PUT (the location, or a feature on or off),
// DELETE (disconnect); POST /api/reviews/sync reads Google again. Each write changes what GET /api/integrations says.
import useSWR from 'swr';
import type { GoogleAuthorization, GoogleConnectionStatus, ReviewSyncResult } from '@shared/api-types';
import type { GoogleFeature } from '@shared/google';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { revalidateIntegrations } from './get-integrations';
import { revalidateReviews } from './get-reviews';

export const GOOGLE_CONNECTION_KEY = '/api/google/connection';

export function useGoogleConnection() {
  const { data, error, mutate } = useSWR<GoogleConnectionStatus, Error>(GOOGLE_CONNECTION_KEY, (key: string) =>
    api.get<GoogleConnectionStatus>(key),
  );
  return { connection: data, error, retry: () => void mutate() };
}

/** The consent page for the Business Profile, or (`feature`) for one feature added to the connection. */
export function useConnectGoogle() {
  return useApiMutation(
    'POST /api/google/connect',
    (feature?: GoogleFeature) =>
      api.post<GoogleAuthorization>('/api/google/connect', feature ? { features: [feature] } : undefined),
    async () => undefined,
  );
}

/** Turns a feature Google granted on, or a feature off (what it kept is forgotten). */
export function useSetGoogleFeature() {
  return useApiMutation(
    `PUT ${GOOGLE_CONNECTION_KEY} feature`,
    ({ feature, enabled }: { feature: GoogleFeature; enabled: boolean }) =>
      api.put<GoogleConnectionStatus>(GOOGLE_CONNECTION_KEY, { [feature]: enabled }),
    (mutate, connection) =>
      Promise.all([mutate(GOOGLE_CONNECTION_KEY, connection, false), revalidateIntegrations(mutate)]),
  );
}

export function useChooseLocation() {
  return useApiMutation(
    `PUT ${GOOGLE_CONNECTION_KEY}`,
    (locationName: string) => api.put<GoogleConnectionStatus>(GOOGLE_CONNECTION_KEY, { locationName }),
    (mutate, connection) =>
      Promise.all([
        mutate(GOOGLE_CONNECTION_KEY, connection, false),
        revalidateReviews(mutate),
        revalidateIntegrations(mutate),
      ]),
  );
}

export function useDisconnectGoogle() {
  return useApiMutation(
    `DELETE ${GOOGLE_CONNECTION_KEY}`,
    () => api.delete<GoogleConnectionStatus>(GOOGLE_CONNECTION_KEY),
    (mutate, connection) =>
      Promise.all([
        mutate(GOOGLE_CONNECTION_KEY, connection, false),
        revalidateReviews(mutate),
        revalidateIntegrations(mutate),
      ]),
  );
}

export function useSyncReviews() {
  return useApiMutation(
    'POST /api/reviews/sync',
    () => api.post<ReviewSyncResult>('/api/reviews/sync'),
    (mutate) => Promise.all([revalidateReviews(mutate), revalidateIntegrations(mutate)]),
  );
}
