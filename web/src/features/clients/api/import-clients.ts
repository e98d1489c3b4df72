// POST /api/clients/import: uploads a CSV file (multipart field `file`) and answers what happened
// to every row.
import type { ImportResult } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { CLIENTS_KEY } from '@/lib/clients';
import { revalidateClientReads } from '@/lib/revalidate-clients';

export const IMPORT_CLIENTS_URL = `${CLIENTS_KEY}/import`;

export function importClients(file: File): Promise<ImportResult> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.post<ImportResult>(IMPORT_CLIENTS_URL, body);
}

export function useImportClients() {
  return useApiMutation(IMPORT_CLIENTS_URL, importClients, revalidateClientReads);
}
