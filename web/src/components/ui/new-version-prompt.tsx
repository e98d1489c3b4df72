// "A new version is available — Reload": shown when a new service worker has installed and waits
// (web/src/lib/service-worker.ts). Every page has it, and few visits see it: its snackbar (MUI's Snackbar and Alert,
// about 5 KB gzip) loads when a version waits, not with the app's first code.
import { lazy, Suspense, useEffect, useState } from 'react';
import { onWaiting } from '@/lib/service-worker';

const NewVersionSnackbar = lazy(() =>
  import('./new-version-snackbar').then((m) => ({ default: m.NewVersionSnackbar })),
);

export function NewVersionPrompt() {
  const [waiting, setWaiting] = useState(false);

  useEffect(() => onWaiting(() => setWaiting(true)), []);

  return waiting ? (
    <Suspense fallback={null}>
      <NewVersionSnackbar />
    </Suspense>
  ) : null;
}
