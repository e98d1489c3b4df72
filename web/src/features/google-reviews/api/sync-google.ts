// "Sync now": POST /api/google/contacts/sync and POST /api/google/calendar/sync, each answered 202 with what it did.
// A sync changes its feature's status (GET /api/integrations) whether it worked or not (a failure is kept as its last
// error), so that is read again either way; the contacts' sync also changes clients and may leave conflicts.
import { useSWRConfig, type ScopedMutator } from 'swr';
import type { CalendarSyncResult, ContactsSyncResult } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { revalidateClientReads } from '@/lib/revalidate-clients';
import { revalidateConflicts } from './contact-conflicts';
import { revalidateIntegrations } from './get-integrations';

const CONTACTS_SYNC_URL = '/api/google/contacts/sync';
const CALENDAR_SYNC_URL = '/api/google/calendar/sync';

/** The request, then the features' status read again, whatever the answer. */
const thenStatus = <T>(mutate: ScopedMutator, request: Promise<T>) =>
  request.finally(() => revalidateIntegrations(mutate));

export function useSyncGoogleContacts() {
  const { mutate } = useSWRConfig();
  return useApiMutation(
    `POST ${CONTACTS_SYNC_URL}`,
    () => thenStatus(mutate, api.post<ContactsSyncResult>(CONTACTS_SYNC_URL)),
    (mutate) => Promise.all([revalidateClientReads(mutate), revalidateConflicts(mutate)]),
  );
}

export function useSyncGoogleCalendar() {
  const { mutate } = useSWRConfig();
  return useApiMutation(
    `POST ${CALENDAR_SYNC_URL}`,
    () => thenStatus(mutate, api.post<CalendarSyncResult>(CALENDAR_SYNC_URL)),
    // Meetings found become touches on their clients' timelines.
    (mutate) => revalidateClientReads(mutate),
  );
}
