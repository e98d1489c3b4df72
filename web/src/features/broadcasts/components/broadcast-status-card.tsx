// Where a broadcast stands: its drafting (a progress bar while the job runs), what became of the messages, the
// recipients skipped by reason, and when the last of the ones the daily caps held back goes.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Broadcast } from '@shared/api-types';
import { LoadError } from '@/components/ui/load-error';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { approvalReport } from '@/lib/approve-all';
import { countText } from '@/lib/count-text';
import { useToast } from '@/components/ui/toast/use-toast';
import { LinkButton } from '@/components/ui/link-button';
import { useApproveBroadcast, useBroadcast } from '../api/broadcasts';
import { sendDayText, skipLines } from '../utils/broadcast-text';

export function BroadcastStatusCard({ id }: { id: string }) {
  const { data: broadcast, error, mutate } = useBroadcast(id);
  if (!broadcast) {
    return error ? (
      <LoadError onRetry={() => void mutate()}>We couldn&apos;t load the broadcast. {errorMessage(error)}</LoadError>
    ) : (
      <Box role="status" aria-busy="true" aria-label="Loading the broadcast">
        <LinearProgress />
      </Box>
    );
  }
  return <BroadcastStatus broadcast={broadcast} />;
}

export function BroadcastStatus({ broadcast }: { broadcast: Broadcast }) {
  const drafting = broadcast.status !== 'done';
  const share = broadcast.total ? Math.round((100 * broadcast.handled) / broadcast.total) : 0;
  const skips = skipLines(broadcast.skipped);
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Stack spacing={2} aria-label="Broadcast status" component="section">
      <Box role="status" aria-live="polite">
        <Typography variant="subtitle1" component="h3">
          {drafting
            ? `Writing messages: ${broadcast.handled} of ${broadcast.total}`
            : `${countText(broadcast.drafted, 'message', 'messages')} written for ${countText(broadcast.total, 'client', 'clients')}`}
        </Typography>
      </Box>
      {drafting ? <LinearProgress variant="determinate" value={share} aria-label="Drafting progress" /> : null}
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        <li>{broadcast.awaiting} waiting for your approval on Today</li>
        <li>{broadcast.scheduled} scheduled</li>
        <li>{broadcast.sent} sent</li>
      </Box>
      {skips.length ? (
        <Box>
          <Typography variant="subtitle2" component="h4">
            Skipped
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {skips.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </Box>
        </Box>
      ) : null}
      {broadcast.lastSendDate && broadcast.lastSendDate > today ? (
        <Alert severity="info">
          Your daily sending limit holds some messages back: they go out on the next days, the last on{' '}
          {sendDayText(broadcast.lastSendDate)}.
        </Alert>
      ) : null}
      {!drafting && broadcast.awaiting > 0 ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <LinkButton to={paths.today.getHref()} variant="contained">
            Review on Today
          </LinkButton>
          <ApproveBroadcastButton broadcast={broadcast} />
        </Stack>
      ) : null}
    </Stack>
  );
}

/** Approves all of the broadcast's waiting messages at once (the server schedules what the daily caps hold back). */
function ApproveBroadcastButton({ broadcast }: { broadcast: Broadcast }) {
  const { trigger, isMutating } = useApproveBroadcast(broadcast.id);
  const { toast } = useToast();
  const approve = async () => {
    try {
      const report = approvalReport(await trigger());
      toast({
        title: report.title,
        description: report.reasons.join(' ') || undefined,
        variant: report.tone === 'warning' ? 'default' : 'success',
      });
    } catch (error) {
      toast({ title: 'Nothing was approved', description: errorMessage(error), variant: 'destructive' });
    }
  };
  return (
    <Button variant="outlined" onClick={() => void approve()} disabled={isMutating}>
      {isMutating ? 'Approving...' : `Approve all ${broadcast.awaiting}`}
    </Button>
  );
}
