// POST /api/admin/export: the server stores admin-export.zip and answers a short-lived link, which
// the browser then downloads.
import useSWRMutation from 'swr/mutation';
import type { AdminExport } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { openDownload } from '@/lib/save-file';

export const ADMIN_EXPORT_URL = '/api/admin/export';

export async function exportAllData(): Promise<AdminExport> {
  const link = await api.post<AdminExport>(ADMIN_EXPORT_URL);
  openDownload(link.url, link.fileName);
  return link;
}

export function useExportAllData() {
  return useSWRMutation<AdminExport, Error, string>(ADMIN_EXPORT_URL, () => exportAllData());
}
