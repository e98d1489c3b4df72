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

type SyncNowButtonProps<R> = {
  /** The feature's name on its row: the button says which it syncs. */
  name: string;
  /** The feature as the toast names it ("Google Contacts synced"). */
  feature: string;
  /** The feature's sync (its hook's answer) and what a sync that ran did, in words. */
  sync: { trigger: () => Promise<R>; isMutating: boolean };
  describe: (result: R) => string;
  ref?: Ref<HTMLButtonElement>;
};

/**
 * Runs the sync and toasts what it did, or why it could not. Its words stay while it runs (a spinner shows it is under
 * way), so its name always holds what it says.
 */
function SyncNowButton<R>({ name, feature, sync, describe, ref }: SyncNowButtonProps<R>) {
  const act = useToastedAction();
  const handleSync = () =>
    void act(() => sync.trigger(), {
      done: (result) => ({ title: `${feature} synced`, description: describe(result) }),
      failureTitle: `${feature} could not sync`,
    });
  return (
    <Button
      ref={ref}
      variant="outlined"
      loading={sync.isMutating}
      loadingPosition="start"
      startIcon={<SyncRounded />}
      onClick={handleSync}
      aria-label={`Sync now: ${name}`}
    >
      Sync now
    </Button>
  );
}

export function ContactsSyncButton({ name, ref }: { name: string; ref?: Ref<HTMLButtonElement> }) {
  const sync = useSyncGoogleContacts();
  return <SyncNowButton ref={ref} name={name} feature="Google Contacts" sync={sync} describe={contactsSyncText} />;
}

export function CalendarSyncButton({ name }: { name: string }) {
  const sync = useSyncGoogleCalendar();
  return <SyncNowButton name={name} feature="Google Calendar" sync={sync} describe={calendarSyncText} />;
}
