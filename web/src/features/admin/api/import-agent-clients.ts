// POST /api/clients/import in admin mode: the CSV file and the agentId it is imported for.
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { ImportResult } from '../../../../../shared/api-types';
import { api } from '../../../lib/api-client';
import { revalidateAdminReads } from './revalidate-admin';

export type AgentImport = { agentId: string; file: File };

export function importAgentClients({ agentId, file }: AgentImport): Promise<ImportResult> {
  const body = new FormData();
  body.append('agentId', agentId);
  body.append('file', file, file.name);
  return api.post<ImportResult>('/api/clients/import', body);
}

export function useImportAgentClients() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<ImportResult, Error, string, AgentImport>('POST /api/clients/import (admin)', async (_key, { arg }) => {
    const result = await importAgentClients(arg);
    await revalidateAdminReads(mutate);
    return result;
  });
}
