// "Sync now" for Google Contacts and for Google Calendar in Settings' Google card: the sync runs while the agent waits
// (a few seconds), then a toast says what it did, or why it could not.
import SyncRounded from '@mui/icons-material/SyncRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode, Ref } from 'react';
import { useToastedAction } from '@/components/ui/toast/use-toasted-action';
import { useSyncGoogleCalendar, useSyncGoogleContacts } from '../api/sync-google';
import { calendarSyncText, contactsSyncText } from '../utils/sync-text';

/** A feature's buttons, side by side, wrapping on a phone. */
export function SyncActions({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{children}</Box>;
}

type SyncNowButtonProps = {
  /** The feature's name on its row: the button says which it syncs. */
  name: string;
  busy: boolean;
  onSync: () => void;
  ref?: Ref<HTMLButtonElement>;
};

/** Its words stay while it runs (a spinner shows it is under way), so its name always holds what it says. */
function SyncNowButton({ name, busy, onSync, ref }: SyncNowButtonProps) {
  return (
    <Button
      ref={ref}
      variant="outlined"
      loading={busy}
      loadingPosition="start"
      startIcon={<SyncRounded />}
      onClick={onSync}
      aria-label={`Sync now: ${name}`}
    >
      Sync now
    </Button>
  );
}

export function ContactsSyncButton({ name, ref }: { name: string; ref?: Ref<HTMLButtonElement> }) {
  const { trigger, isMutating } = useSyncGoogleContacts();
  const act = useToastedAction();
  const handleSync = () =>
    void act(() => trigger(), {
      done: (result) => ({ title: 'Google Contacts synced', description: contactsSyncText(result) }),
      failureTitle: 'Google Contacts could not sync',
    });
  return <SyncNowButton ref={ref} name={name} busy={isMutating} onSync={handleSync} />;
}

export function CalendarSyncButton({ name }: { name: string }) {
  const { trigger, isMutating } = useSyncGoogleCalendar();
  const act = useToastedAction();
  const handleSync = () =>
    void act(() => trigger(), {
      done: (result) => ({ title: 'Google Calendar synced', description: calendarSyncText(result) }),
      failureTitle: 'Google Calendar could not sync',
    });
  return <SyncNowButton name={name} busy={isMutating} onSync={handleSync} />;
}
