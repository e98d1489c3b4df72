// The composer for a client known only by id, opened from a list (Today's E-mail, and "Write it for me", which asks
// for a draft at once): `open` it with the client, the occasion and any draft to ask for, and render `dialog`. Its code
// loads when it first opens.
import { lazy, Suspense, useState } from 'react';
import type { DraftOccasion } from '@shared/drafts';
import type { ComposerDraftRequest } from './composer-dialog';

const ClientComposer = lazy(() => import('./client-composer').then((m) => ({ default: m.ClientComposer })));

type Target = { clientId: string; occasion: DraftOccasion; draft?: ComposerDraftRequest };

export function useClientComposer() {
  const [target, setTarget] = useState<Target | null>(null);
  return {
    open: (clientId: string, occasion: DraftOccasion, draft?: ComposerDraftRequest) =>
      setTarget({ clientId, occasion, ...(draft ? { draft } : {}) }),
    dialog: target ? (
      <Suspense fallback={null}>
        <ClientComposer
          clientId={target.clientId}
          occasion={target.occasion}
          draft={target.draft}
          onClose={() => setTarget(null)}
        />
      </Suspense>
    ) : null,
  };
}
