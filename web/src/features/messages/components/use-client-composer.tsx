// The composer for a client known only by id, opened from a list (Today's E-mail): `open` it with the
// client and occasion, and render `dialog`. Its code loads when it first opens.
import { lazy, Suspense, useState } from 'react';
import type { DraftOccasion } from '@shared/drafts';

const ClientComposer = lazy(() => import('./client-composer').then((m) => ({ default: m.ClientComposer })));

export function useClientComposer() {
  const [target, setTarget] = useState<{ clientId: string; occasion: DraftOccasion } | null>(null);
  return {
    open: (clientId: string, occasion: DraftOccasion) => setTarget({ clientId, occasion }),
    dialog: target ? (
      <Suspense fallback={null}>
        <ClientComposer clientId={target.clientId} occasion={target.occasion} onClose={() => setTarget(null)} />
      </Suspense>
    ) : null,
  };
}
