// POST /api/clients/{id}/drafts: a draft for the composer (AI for Pro agents, the local composer
// otherwise). Nothing is cached: each draft is a fresh suggestion.
import useSWRMutation from 'swr/mutation';
import type { Draft } from '@shared/api-types';
import type { DraftChannel, DraftOccasion, DraftTone } from '@shared/drafts';
import { api } from '@/lib/api-client';
import { CLIENTS_KEY } from '@/lib/clients';

export type DraftArgs = {
  clientId: string;
  occasion: DraftOccasion;
  channel: DraftChannel;
  tone: DraftTone;
  instructions?: string;
  /** With occasion 'custom': the custom date's label, the occasion the draft is for. */
  label?: string;
  variant: number;
};

export function useDraftMessage() {
  return useSWRMutation<Draft, Error, string, DraftArgs>(
    `POST ${CLIENTS_KEY}/drafts`,
    (_key, { arg: { clientId, ...input } }) =>
      api.post<Draft>(`${CLIENTS_KEY}/${encodeURIComponent(clientId)}/drafts`, input),
  );
}
