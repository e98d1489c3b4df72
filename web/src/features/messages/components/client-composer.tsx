// The composer for a client known by id (an item of Today): reads the client, then opens the
// composer dialog for them (asking for a draft at once when `draft` says so).
import type { DraftOccasion } from '@shared/drafts';
import { useClientActivity } from '../api/get-client-activity';
import { ComposerDialog, type ComposerDraftRequest } from './composer-dialog';

type ClientComposerProps = {
  clientId: string;
  occasion: DraftOccasion;
  draft?: ComposerDraftRequest;
  onClose: () => void;
};

export function ClientComposer({ clientId, occasion, draft, onClose }: ClientComposerProps) {
  const { client } = useClientActivity(clientId);
  return (
    <ComposerDialog target={client ? { client, occasion, ...(draft ? { draft } : {}) } : null} onClose={onClose} />
  );
}
