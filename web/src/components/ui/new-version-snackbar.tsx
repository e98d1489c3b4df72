// "A new version is available — Reload", once a new service worker has installed and waits (new-version-prompt.tsx
// loads this when it does); Reload lets it take over and reloads the page under it.
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import { activateWaiting } from '@/lib/service-worker';

export const NEW_VERSION_TEXT = 'A new version is available';

export function NewVersionSnackbar() {
  const [reloading, setReloading] = useState(false);

  const handleReload = () => {
    setReloading(true);
    void activateWaiting();
  };

  return (
    <Snackbar open anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} sx={{ mb: { xs: 8, sm: 0 } }}>
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
