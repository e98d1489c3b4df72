// The fields both the agent and Google changed since the last contacts sync: GET /api/google/contacts/conflicts lists
// them with both values (the client kept the agent's), POST /api/google/contacts/conflicts/resolve keeps one side's
// and answers the conflicts left. Resolving changes the client (Google's kept) and the contacts' status.
import useSWR, { useSWRConfig, type ScopedMutator } from 'swr';
import type { ContactConflicts } from '@shared/api-types';
import type { contactConflictResolutionSchema } from '@shared/google';
import type { InferType } from 'yup';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { revalidateClientReads } from '@/lib/revalidate-clients';
import { revalidateIntegrations } from './get-integrations';

export const CONTACT_CONFLICTS_KEY = '/api/google/contacts/conflicts';
const RESOLVE_URL = `${CONTACT_CONFLICTS_KEY}/resolve`;

export type ConflictChoice = InferType<typeof contactConflictResolutionSchema>;

/** The conflicts, read only when there are some to read (`wanted`): Google Contacts on, and conflicts counted. */
export function useContactConflicts(wanted: boolean) {
  const { data, error, mutate } = useSWR<ContactConflicts, Error>(
    wanted ? CONTACT_CONFLICTS_KEY : null,
    (key: string) => api.get<ContactConflicts>(key),
  );
  return { conflicts: data?.conflicts, error, retry: () => void mutate() };
}

export function revalidateConflicts(mutate: ScopedMutator): Promise<unknown> {
  return mutate(CONTACT_CONFLICTS_KEY);
}

/** Keeps one side's value. A conflict gone meanwhile (404) or changed again (409): refused, the list read again. */
export function useResolveConflict() {
  const { mutate } = useSWRConfig();
  return useApiMutation(
    `POST ${RESOLVE_URL}`,
    (choice: ConflictChoice) =>
      api.post<ContactConflicts>(RESOLVE_URL, choice).catch(async (error: unknown) => {
        await revalidateConflicts(mutate);
        throw error;
      }),
    (mutate, left) =>
      Promise.all([
        mutate(CONTACT_CONFLICTS_KEY, left, false),
        revalidateIntegrations(mutate),
        revalidateClientReads(mutate),
      ]),
  );
}
