// The Calendar feed card of /settings: a private link that puts every client's key dates into
// Google Calendar, Apple Calendar or Outlook, with copy and rotate, and how to subscribe.
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog, type ConfirmDialogProps } from '@/components/ui/confirm-dialog';
import { SectionCard } from '@/components/ui/section-card';
import { ProgressLine } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast/use-toast';
import { useRetained } from '@/lib/use-retained';
import { useToastedAction } from '@/components/ui/toast/use-toasted-action';
import { useCalendarFeed } from '../api/get-calendar-feed';
import { useRemoveCalendarFeed } from '../api/remove-calendar-feed';
import { useRotateCalendarFeed } from '../api/rotate-calendar-feed';

export const LINK_COPIED = 'Calendar link copied';
export const LINK_CREATED = 'Calendar link ready';
export const LINK_ROTATED = 'New calendar link ready';
export const LINK_REMOVED = 'Calendar link turned off';

type Confirming = 'rotate' | 'remove' | null;

/** What each confirmation says and does. */
type ConfirmChange = Pick<ConfirmDialogProps, 'title' | 'message' | 'confirmLabel' | 'busyLabel' | 'onConfirm'>;

export function CalendarFeedCard() {
  const { feed, error, isLoading, retry } = useCalendarFeed();
  const rotate = useRotateCalendarFeed();
  const remove = useRemoveCalendarFeed();
  const act = useToastedAction();
  const [confirming, setConfirming] = useState<Confirming>(null);

  /** Runs a change of the link and says it is done, or why it failed (the dialog stays open then). */
  const change = (run: () => Promise<unknown>, done: { title: string; description?: string }) =>
    act(
      async () => {
        await run();
        setConfirming(null);
      },
      { done: () => done },
    );
  const handleRotate = (created: boolean) =>
    change(
      () => rotate.trigger(),
      created ? { title: LINK_CREATED } : { title: LINK_ROTATED, description: 'The old link no longer works.' },
    );
  const confirmations: Record<Exclude<Confirming, null>, ConfirmChange> = {
    rotate: {
      title: 'Get a new calendar link?',
      message:
        'The current link stops working right away: calendars subscribed to it stop updating until you subscribe again with the new link.',
      confirmLabel: 'Get new link',
      busyLabel: 'Creating...',
      onConfirm: () => handleRotate(false),
    },
    remove: {
      title: 'Turn off the calendar feed?',
      message:
        'The link stops working right away and calendars subscribed to it stop updating. You can create a new link at any time.',
      confirmLabel: 'Turn off',
      busyLabel: 'Turning off...',
      onConfirm: () => change(() => remove.trigger(), { title: LINK_REMOVED }),
    },
  };
  const busy = rotate.isMutating || remove.isMutating;
  const shownConfirming = useRetained(confirming);

  // The dialog renders in a portal: inside the card's content it adds nothing to its grid.
  return (
    <SectionCard
      icon={<CalendarMonthOutlined />}
      title="Calendar feed"
      subtitle="Every client's birthday and anniversaries, in the calendar you already use."
    >
      {isLoading ? (
        <ProgressLine>Loading your calendar link…</ProgressLine>
      ) : error || !feed ? (
        <Alert severity="error" action={<Button onClick={() => retry()}>Try again</Button>}>
          Your calendar link could not be loaded.
        </Alert>
      ) : !feed.exists ? (
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Typography>
            Create a private link, then subscribe to it once: new clients and changed dates show up on their own, each
            date as a yearly all-day event.
          </Typography>
          <Button variant="contained" onClick={() => handleRotate(true)} disabled={busy}>
            {rotate.isMutating ? 'Creating...' : 'Create calendar link'}
          </Button>
        </Stack>
      ) : (
        <Stack spacing={2}>
          {feed.url ? (
            <FeedUrl url={feed.url} />
          ) : (
            <Alert severity="info">
              Your calendar link is still working, but it can't be shown again here. Get a new link to see and copy it.
            </Alert>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button variant="outlined" onClick={() => setConfirming('rotate')} disabled={busy}>
              Get a new link
            </Button>
            <Button color="error" onClick={() => setConfirming('remove')} disabled={busy}>
              Turn off
            </Button>
          </Box>
          <Typography variant="muted">
            Anyone with this link can see your clients' names and key dates. Keep it private, and get a new link if it
            was shared by mistake.
          </Typography>
          {feed.url ? <SubscribeHelp url={feed.url} /> : null}
        </Stack>
      )}
      {shownConfirming ? (
        <ConfirmDialog
          {...confirmations[shownConfirming]}
          open={confirming !== null}
          destructive
          busy={busy}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </SectionCard>
  );
}

function FeedUrl({ url }: { url: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { toast } = useToast();

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: LINK_COPIED, description: 'Paste it into your calendar app.', variant: 'success' });
    } catch {
      input.current?.select();
      toast({ title: 'Copy the selected link', description: 'Press Ctrl+C (or ⌘C) to copy it.' });
    }
  };

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        gap: 1,
        alignItems: { xs: 'stretch', sm: 'center' },
      }}
    >
      <FormControl fullWidth>
        <InputLabel htmlFor={id} shrink>
          Calendar link
        </InputLabel>
        <OutlinedInput
          id={id}
          label="Calendar link"
          notched
          value={url}
          inputRef={input}
          readOnly
          onFocus={(event) => event.target.select()}
          inputProps={{ spellCheck: false }}
          sx={{ fontFamily: 'monospace', fontSize: '0.85rem' }}
        />
      </FormControl>
      <Button
        variant="contained"
        startIcon={<ContentCopyRounded />}
        onClick={handleCopy}
        sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
      >
        Copy link
      </Button>
    </Box>
  );
}

function SubscribeHelp({ url }: { url: string }) {
  const webcal = url.replace(/^https?:/, 'webcal:');
  const steps: Array<{ app: string; how: ReactNode }> = [
    {
      app: 'Google Calendar',
      how: (
        <>
          On a computer, next to <em>Other calendars</em> choose <strong>+</strong> then <strong>From URL</strong>,
          paste the link and choose <strong>Add calendar</strong>. Or{' '}
          <Link
            href={`https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            open it in Google Calendar
          </Link>
          .
        </>
      ),
    },
    {
      app: 'Apple Calendar',
      how: (
        <>
          <Link href={webcal}>Subscribe on this device</Link>, or on a Mac choose{' '}
          <strong>File › New Calendar Subscription</strong>; on an iPhone,{' '}
          <strong>Settings › Calendar › Accounts › Add Account › Other › Add Subscribed Calendar</strong>, and paste the
          link.
        </>
      ),
    },
    {
      app: 'Outlook',
      how: (
        <>
          Choose <strong>Add calendar</strong>, then <strong>Subscribe from web</strong>, paste the link and choose{' '}
          <strong>Import</strong>.
        </>
      ),
    },
  ];
  return (
    <Box component="section" aria-label="How to subscribe">
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        How to subscribe
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }}>
        {steps.map(({ app, how }) => (
          <Typography component="li" variant="body2" key={app}>
            <strong>{app}:</strong> {how}
          </Typography>
        ))}
      </Box>
      <Typography variant="muted" sx={{ mt: 1 }}>
        Calendar apps refresh subscriptions on their own schedule, from every few hours to once a day.
      </Typography>
    </Box>
  );
}
