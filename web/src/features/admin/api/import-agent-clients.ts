// POST /api/clients/import in admin mode: the CSV file and the agentId it is imported for.
import type { ImportResult } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { revalidateAdminReads } from './revalidate-admin';

export type AgentImport = { agentId: string; file: File };

export function importAgentClients({ agentId, file }: AgentImport): Promise<ImportResult> {
  const body = new FormData();
  body.append('agentId', agentId);
  body.append('file', file, file.name);
  return api.post<ImportResult>('/api/clients/import', body);
}

export function useImportAgentClients() {
  return useApiMutation('POST /api/clients/import (admin)', importAgentClients, revalidateAdminReads);
}
