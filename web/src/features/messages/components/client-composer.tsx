// The composer for a client known by id (an item of Today): reads the client, then opens the
// composer dialog for them.
import type { DraftOccasion } from '@shared/drafts';
import { useClientActivity } from '../api/get-client-activity';
import { ComposerDialog } from './composer-dialog';

type ClientComposerProps = { clientId: string; occasion: DraftOccasion; onClose: () => void };

export function ClientComposer({ clientId, occasion, onClose }: ClientComposerProps) {
  const { client } = useClientActivity(clientId);
  return <ComposerDialog target={client ? { client, occasion } : null} onClose={onClose} />;
}
