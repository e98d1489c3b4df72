// GET /api/clients/export: the server writes a CSV of every client of the agent and answers a
// short-lived link, which the browser then downloads (hearthside-clients-YYYY-MM-DD.csv).
import useSWRMutation from 'swr/mutation';
import type { ClientsExport } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { CLIENTS_KEY } from '@/lib/clients';
import { openDownload } from '@/lib/save-file';

export const EXPORT_CLIENTS_URL = `${CLIENTS_KEY}/export`;

export async function exportClients(): Promise<ClientsExport> {
  const link = await api.get<ClientsExport>(EXPORT_CLIENTS_URL);
  openDownload(link.url, link.fileName);
  return link;
}

/** A request, not a cached read: every click makes a new file (the key only names the mutation). */
export function useExportClients() {
  return useSWRMutation<ClientsExport, Error, string>(`GET ${EXPORT_CLIENTS_URL}`, () => exportClients());
}
