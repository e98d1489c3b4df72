// "A new version is available — Reload": shown when a new service worker has installed and waits
// (web/src/lib/service-worker.ts); Reload lets it take over and reloads the page under it.
import RefreshRounded from '@/components/icons/RefreshRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useEffect, useState } from 'react';
import { activateWaiting, onWaiting } from '@/lib/service-worker';

export const NEW_VERSION_TEXT = 'A new version is available';

export function NewVersionPrompt() {
  const [waiting, setWaiting] = useState(false);
  const [reloading, setReloading] = useState(false);

  useEffect(() => onWaiting(() => setWaiting(true)), []);

  const handleReload = () => {
    setReloading(true);
    void activateWaiting();
  };

  return (
    <Snackbar open={waiting} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} sx={{ mb: { xs: 8, sm: 0 } }}>
      <Alert
        severity="info"
        variant="filled"
        role="status"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={handleReload}
            disabled={reloading}
            startIcon={<RefreshRounded />}
          >
            Reload
          </Button>
        }
      >
        {NEW_VERSION_TEXT}
      </Alert>
    </Snackbar>
  );
}
