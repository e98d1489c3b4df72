// POST /api/clients/import: uploads a CSV file (multipart field `file`) and answers what happened
// to every row.
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { ImportResult } from '../../../../../shared/api-types';
import { api } from '../../../lib/api-client';
import { CLIENTS_KEY } from '../../../lib/clients';
import { revalidateClientReads } from '../../../lib/revalidate-clients';

export const IMPORT_CLIENTS_URL = `${CLIENTS_KEY}/import`;

export function importClients(file: File): Promise<ImportResult> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.post<ImportResult>(IMPORT_CLIENTS_URL, body);
}

export function useImportClients() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<ImportResult, Error, string, File>(IMPORT_CLIENTS_URL, async (_key, { arg: file }) => {
    const result = await importClients(file);
    await revalidateClientReads(mutate);
    return result;
  });
}
