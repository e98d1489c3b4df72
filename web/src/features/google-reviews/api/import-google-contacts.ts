// The import of the agent's Google contacts: POST /api/google/contacts/import reads them into an import `ready` to
// start, with its preview (nothing is written yet); POST /api/imports/{id}/start runs it as any big import, followed
// with useImportJob (lib/import-jobs.ts). Its end is the clients' and the contacts sync's concern (see the card).
import type { ImportJob } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { importJobKey, startImportJob } from '@/lib/import-jobs';
import { revalidateIntegrations } from './get-integrations';

const GOOGLE_CONTACTS_IMPORT_URL = '/api/google/contacts/import';

/** Reads every Google contact into an import ready to start, with what starting it will do. */
export function useReadGoogleContacts() {
  return useApiMutation(
    `POST ${GOOGLE_CONTACTS_IMPORT_URL}`,
    () => api.post<ImportJob>(GOOGLE_CONTACTS_IMPORT_URL, {}),
    async () => undefined,
  );
}

/** Starts the import read; its progress is the import's own read, seeded with the answer. */
export function useStartGoogleImport() {
  return useApiMutation(
    'POST /api/imports/{id}/start (Google contacts)',
    (id: string) => startImportJob(id),
    (mutate, job) => Promise.all([mutate(importJobKey(job.id), job, false), revalidateIntegrations(mutate)]),
  );
}
