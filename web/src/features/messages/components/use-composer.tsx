// The page's one composer: `openComposer(client, occasion)` from any row or button, `composer`
// rendered once. The dialog's code loads on the first open, so pages that offer "Send a message"
// do not carry it until the agent writes one.
import { lazy, Suspense, useCallback, useState } from 'react';
import type { Client } from '@shared/api-types';
import type { DraftOccasion } from '@shared/drafts';
import type { ComposerTarget } from './composer-dialog';

const ComposerDialog = lazy(() => import('./composer-dialog').then((m) => ({ default: m.ComposerDialog })));

export function useComposer() {
  const [target, setTarget] = useState<ComposerTarget | null>(null);
  // Stays mounted once opened, so the dialog can play its closing transition.
  const [opened, setOpened] = useState(false);
  const openComposer = useCallback((client: Client, occasion: DraftOccasion = 'check-in', label?: string) => {
    setOpened(true);
    setTarget({ client, occasion, ...(label ? { label } : {}) });
  }, []);
  const close = useCallback(() => setTarget(null), []);
  const composer = opened ? (
    <Suspense fallback={null}>
      <ComposerDialog target={target} onClose={close} />
    </Suspense>
  ) : null;
  return { openComposer, composer };
}
