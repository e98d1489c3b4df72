// GET /api/clients/{id}/messages/{messageId}/original: a short-lived link to an e-mail reply as it arrived (.eml).
import type { MessageOriginal } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { CLIENTS_KEY } from '@/lib/clients';

export function getMessageOriginal(clientId: string, messageId: string): Promise<MessageOriginal> {
  return api.get<MessageOriginal>(
    `${CLIENTS_KEY}/${encodeURIComponent(clientId)}/messages/${encodeURIComponent(messageId)}/original`,
  );
}
