// The signed-in shell's offline line: a banner while the network is down (with the time of the oldest answer shown
// from this browser's copy), a "Waiting to send (n)" chip while actions taken offline wait, and the sending of those
// actions when the network returns and when the app starts.
import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useEffect, useSyncExternalStore } from 'react';
import { useSWRConfig } from 'swr';
import { useToast } from '@/components/ui/toast/use-toast';
import { replayQueuedActions } from '@/lib/api-client';
import { USER_KEY } from '@/lib/auth';
import { refreshWaiting } from '@/lib/offline/offline-queue';
import { markOffline, markBackOnline, offlineSnapshot, subscribeOffline } from '@/lib/offline/offline-state';
import { offlineBannerText, waitingText } from '../offline-text';

export function useOfflineSnapshot() {
  return useSyncExternalStore(subscribeOffline, offlineSnapshot, offlineSnapshot);
}

/** A round that stopped on a busy server or an ended session is tried again this often while actions wait. */
const RETRY_MS = 30_000;

/**
 * Sends the waiting actions now, whenever the browser is back online, and every RETRY_MS while some still wait; then
 * the reads are fetched again.
 */
function useOfflineSync(): void {
  const { mutate } = useSWRConfig();
  const { toast } = useToast();

  useEffect(() => {
    const refetchReads = () => mutate((key) => key !== USER_KEY);
    const replay = async () => {
      const report = await replayQueuedActions();
      for (const message of report.refused) {
        toast({ title: 'An action taken offline was not sent', description: message, variant: 'destructive' });
      }
      if (report.sent > 0) await refetchReads();
    };
    const handleOnline = () => {
      markBackOnline();
      void replay().then(refetchReads);
    };
    const handleOffline = () => markOffline();
    window.addEventListener('online', handleOnline);
    window.addEventListener('offline', handleOffline);
    if (!navigator.onLine) markOffline();
    void refreshWaiting().then(replay);
    const retry = window.setInterval(() => {
      if (navigator.onLine && offlineSnapshot().waiting > 0) void replay();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', handleOnline);
      window.removeEventListener('offline', handleOffline);
      window.clearInterval(retry);
    };
  }, [mutate, toast]);
}

export function OfflineStatus() {
  useOfflineSync();
  const { offline, shownFrom, waiting } = useOfflineSnapshot();
  if (!offline && waiting === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2, alignItems: 'flex-start' }}>
      {offline ? (
        <Alert severity="warning" role="status" sx={{ width: '100%' }}>
          {offlineBannerText(shownFrom)}
        </Alert>
      ) : null}
      {waiting > 0 ? (
        <Chip
          icon={<ScheduleRounded />}
          label={waitingText(waiting)}
          color="warning"
          variant="outlined"
          role="status"
        />
      ) : null}
    </Stack>
  );
}
