// POST /api/admin/clients/export: the filtered list's ids (with their agents) in, a CSV file out,
// saved by the browser as clients-export-YYYY-MM-DD.csv.
import useSWRMutation from 'swr/mutation';
import type { AdminClient, AdminClientsExportRequest } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { browserToday } from '@/lib/dates';
import { saveFile } from '@/lib/save-file';

export const EXPORT_CLIENTS_URL = '/api/admin/clients/export';

export function exportFileName(today: string = browserToday()): string {
  return `clients-export-${today}.csv`;
}

export async function exportClientsCsv(clients: readonly Pick<AdminClient, 'id' | 'agentId'>[]): Promise<string> {
  const body: AdminClientsExportRequest = { clients: clients.map((c) => ({ id: c.id, agentId: c.agentId })) };
  const csv = await api.post<string>(EXPORT_CLIENTS_URL, body);
  const fileName = exportFileName();
  saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName);
  return fileName;
}

export function useExportClientsCsv() {
  return useSWRMutation<string, Error, string, readonly Pick<AdminClient, 'id' | 'agentId'>[]>(
    EXPORT_CLIENTS_URL,
    (_key, { arg }) => exportClientsCsv(arg),
  );
}
