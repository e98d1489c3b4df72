// Under a Google feature that is on, in Settings' Google card: how its sync stands in words (GET /api/integrations),
// the way to connect again when Google asks, and the feature's own sync: the contacts' import, "Sync now" and the
// conflicts to resolve; the calendar's "Sync now". The Business Profile reviews sync on the reviews page.
import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { IntegrationStatus } from '@shared/api-types';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { ProgressLine } from '@/components/ui/spinner';
import type { useIntegrations } from '../api/get-integrations';
import { syncStatusText, type SyncedFeature } from '../utils/sync-text';
import { ContactConflictsList } from './contact-conflicts-list';
import { ContactsSync } from './contacts-sync';
import { CalendarSyncButton, SyncActions } from './sync-now-buttons';

type FeatureSyncProps = {
  feature: SyncedFeature;
  /** Its name on its row ("Contacts"): the buttons of several rows say which they are for. */
  name: string;
  sync: ReturnType<typeof useIntegrations>;
  /** Google's consent page for this feature again (a refused grant). */
  onReconnect: () => void;
  reconnecting: boolean;
};

export function FeatureSync({ feature, name, sync, onReconnect, reconnecting }: FeatureSyncProps) {
  if (sync.error) return <LoadError onRetry={sync.retry}>How your Google sync stands could not be loaded.</LoadError>;
  if (!sync.integrations) return <ProgressLine>Checking how the sync stands…</ProgressLine>;
  const status = sync.integrations.google.features[feature];
  const text = syncStatusText(status);
  if (!text) return null;

  const reconnect =
    status.state === 'reauth_needed' ? (
      <Button variant="contained" onClick={onReconnect} disabled={reconnecting} aria-label={`Connect again: ${name}`}>
        Connect again
      </Button>
    ) : null;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <SyncStatusLine state={status.state}>{text}</SyncStatusLine>
      {feature === 'contacts' ? (
        <>
          <ContactsSync
            status={status}
            name={name}
            reconnect={reconnect}
            clientsGroup={sync.integrations.google.clientsGroup}
          />
          {status.conflicts > 0 ? <ContactConflictsList /> : null}
        </>
      ) : feature === 'calendar' ? (
        <SyncActions>
          {reconnect}
          <CalendarSyncButton name={name} />
        </SyncActions>
      ) : null}
    </Box>
  );
}

const STATE_ICONS: Record<IntegrationStatus['state'], ReactNode> = {
  ok: <CheckCircleOutlineRounded color="success" fontSize="small" />,
  degraded: <WarningAmberRounded color="warning" fontSize="small" />,
  reauth_needed: <ErrorOutlineRounded color="error" fontSize="small" />,
  off: null,
};

function SyncStatusLine({ state, children }: { state: IntegrationStatus['state']; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box component="span" aria-hidden="true" sx={{ display: 'inline-flex', flexShrink: 0 }}>
        {STATE_ICONS[state]}
      </Box>
      <Typography variant="body2" sx={{ fontWeight: state === 'ok' ? undefined : 600 }}>
        {children}
      </Typography>
    </Box>
  );
}
