// A client's timeline on their page: everything that happened, newest first (../timeline.ts): the messages both
// ways (review requests among them), the calls, meetings and notes the agent logged, consent changes, milestones,
// the review link opened and the review in, and how the client came in; and "Log a call" to add a touch.
import AddCommentOutlined from '@mui/icons-material/AddCommentOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import PhoneInTalkOutlined from '@mui/icons-material/PhoneInTalkOutlined';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import StarRounded from '@mui/icons-material/StarRounded';
import StickyNote2Outlined from '@mui/icons-material/StickyNote2Outlined';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ComponentType, type ReactNode } from 'react';
import type { Activity, Client, ClientMilestone, ClientOrigin, MessageStatus } from '@shared/api-types';
import { TOUCH_KINDS, TOUCH_NOTE_MAX, touchSchema, type TouchKind } from '@shared/messages';
import { smsConsentText } from '@shared/sms-consent';
import { FieldGrid } from '@/components/ui/field-grid';
import { PlainList } from '@/components/ui/plain-list';
import { SelectField } from '@/components/ui/select-field';
import { useToast } from '@/components/ui/toast/use-toast';
import { NamedForm } from '@/components/ui/named-form';
import { errorMessage, QueuedOfflineError } from '@/lib/api-client';
import { browserToday, formatTimestamp } from '@/lib/dates';
import { serverFieldErrors, validOrShowErrors } from '@/lib/form-errors';
import { useClientActivity } from '../api/get-client-activity';
import { useLogTouch } from '../api/log-touch';
import { CHANNEL_LABELS, OCCASION_LABELS, STATUS_LABELS, TOUCH_LABELS, engineText } from '../message-text';
import { timelineOf, type TimelineEntry } from '../timeline';

type IconType = ComponentType<{ fontSize?: 'small' }>;
const CHANNEL_ICONS: Record<'email' | 'sms', IconType> = { email: EmailOutlined, sms: SmsOutlined };
const TOUCH_ICONS: Record<TouchKind, IconType> = {
  call: PhoneInTalkOutlined,
  meeting: GroupsOutlined,
  note: StickyNote2Outlined,
};
const EXCERPT_CHARS = 140;
/** Green when it reached the client, red when it could not, neutral while it waits or when the agent let it go. */
const STATUS_COLORS: Record<MessageStatus, 'success' | 'default' | 'warning' | 'error'> = {
  sent: 'success',
  scheduled: 'default',
  sending: 'default',
  'awaiting-approval': 'warning',
  skipped: 'default',
  failed: 'error',
  bounced: 'error',
  complained: 'error',
  received: 'default',
};

type ClientActivitySectionProps = {
  client: Client;
  /** The client's milestones, when the page has read them. */
  milestones?: readonly ClientMilestone[];
};

export function ClientActivitySection({ client, milestones = [] }: ClientActivitySectionProps) {
  const { activity, isLoading, error, retry } = useClientActivity(client.id);
  const [logging, setLogging] = useState(false);

  return (
    <Stack spacing={1.5}>
      {logging ? (
        <LogTouchForm clientId={client.id} onDone={() => setLogging(false)} />
      ) : (
        <Box>
          <Button size="small" variant="outlined" startIcon={<AddCommentOutlined />} onClick={() => setLogging(true)}>
            Log a call
          </Button>
        </Box>
      )}
      {isLoading && !activity ? (
        <Box role="status" aria-busy="true" aria-label="Loading activity">
          <Skeleton width="70%" />
          <Skeleton width="50%" />
        </Box>
      ) : error && !activity ? (
        <Typography variant="muted">
          The activity could not be loaded right now.{' '}
          <Button size="small" onClick={retry} sx={{ verticalAlign: 'baseline' }}>
            Try again
          </Button>
        </Typography>
      ) : (
        <>
          {!activity || activity.length === 0 ? (
            <Typography variant="muted">
              No messages or calls yet. Send a message from here, or log a call you made outside Hearthside.
            </Typography>
          ) : null}
          <PlainList gap={1.5} aria-label={`Activity with ${client.name}`}>
            {timelineOf(client, activity ?? [], milestones).map((entry) => (
              <TimelineRow key={entry.key} entry={entry} />
            ))}
          </PlainList>
        </>
      )}
    </Stack>
  );
}

/** "E-mail", "Text message from the client", "Review request (e-mail)", "Home value update (e-mail)". */
function messageLabel(entry: Extract<Activity, { type: 'message' }>): string {
  const channel = CHANNEL_LABELS[entry.channel];
  if (entry.direction === 'inbound') return `${channel} from the client`;
  if (entry.occasion === 'review-request') return `${OCCASION_LABELS['review-request']} (${channel.toLowerCase()})`;
  if (entry.occasion === 'home-update') return `Home value update (${channel.toLowerCase()})`;
  return channel;
}

const ORIGIN_TEXT: Record<ClientOrigin, string> = {
  added: 'Added by you',
  imported: 'Imported from a file',
  directory: 'Registered through the directory',
  invitation: 'Joined through your invitation',
};

type RowParts = { Icon: IconType; label: string; when: string; text: string };

/** The parts of an entry that is not the activity's. */
function otherParts(entry: Exclude<TimelineEntry, { kind: 'activity' }>): RowParts {
  switch (entry.kind) {
    case 'milestone':
      return {
        Icon: StarRounded,
        label: `Milestone: ${entry.milestone.name}`,
        when: entry.at,
        text: entry.milestone.description,
      };
    case 'joined':
      return {
        Icon: PersonAddAlt1Outlined,
        label: entry.how ? ORIGIN_TEXT[entry.how] : 'Added to your clients',
        when: entry.at,
        text: '',
      };
    case 'review-opened':
      return { Icon: OpenInNewRounded, label: 'Opened the review link', when: entry.at, text: '' };
    case 'review-submitted':
      return { Icon: RateReviewOutlined, label: 'Review received', when: entry.at, text: '' };
  }
}

function TimelineRow({ entry }: { entry: TimelineEntry }) {
  if (entry.kind === 'activity') return <ActivityRow entry={entry.entry} />;
  return <EntryFrame parts={otherParts(entry)} />;
}

/** The icon, label, time and text of an entry, whatever its kind. */
function entryParts(entry: Activity): RowParts {
  switch (entry.type) {
    case 'message':
      return {
        Icon: CHANNEL_ICONS[entry.channel],
        label: messageLabel(entry),
        when: entry.sentAt ?? entry.sendAt ?? entry.createdAt,
        text: entry.body,
      };
    case 'touch':
      return {
        Icon: TOUCH_ICONS[entry.kind],
        label: TOUCH_LABELS[entry.kind],
        when: entry.date,
        text: entry.note ?? '',
      };
    case 'consent':
      return {
        Icon: SmsOutlined,
        label: smsConsentText(entry.status, entry.source),
        when: entry.at,
        text: entry.words ? `Agreed to: “${entry.words}”` : '',
      };
  }
}

function ActivityRow({ entry }: { entry: Activity }) {
  const parts = entryParts(entry);
  // The words a client agreed to are a record: shown whole.
  const text =
    entry.type !== 'consent' && parts.text.length > EXCERPT_CHARS
      ? `${parts.text.slice(0, EXCERPT_CHARS - 1)}…`
      : parts.text;
  if (entry.type !== 'message') return <EntryFrame parts={{ ...parts, text }} />;
  return (
    <EntryFrame
      parts={{ ...parts, text }}
      chips={
        <>
          <Chip
            size="small"
            label={STATUS_LABELS[entry.status]}
            color={STATUS_COLORS[entry.status]}
            variant="outlined"
          />
          {entry.automatic ? <Chip size="small" label="Automatic" color="primary" variant="outlined" /> : null}
        </>
      }
      subject={entry.subject}
    >
      {entry.note ? (
        <Typography variant="muted" sx={{ fontStyle: 'italic' }}>
          {entry.note}
        </Typography>
      ) : null}
      {entry.problem ? (
        <Typography variant="body2" sx={{ color: 'error.main' }}>
          {entry.problem}
        </Typography>
      ) : null}
      {entry.engine ? (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {engineText(entry.engine)}
        </Typography>
      ) : null}
    </EntryFrame>
  );
}

type EntryFrameProps = {
  parts: RowParts;
  /** Beside the label (a message's status). */
  chips?: ReactNode;
  subject?: string | null;
  /** Below the text. */
  children?: ReactNode;
};

/** One entry of the timeline: its icon, label and time, then its words. */
function EntryFrame({ parts: { Icon, label, when, text }, chips, subject, children }: EntryFrameProps) {
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
      <Box aria-hidden="true" sx={{ color: 'text.secondary', display: 'flex', mt: 0.25 }}>
        <Icon fontSize="small" />
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 650 }}>
            {label}
          </Typography>
          {chips}
          <Typography variant="muted" component="span">
            <time dateTime={when}>{formatTimestamp(when)}</time>
          </Typography>
        </Box>
        {subject ? <Typography sx={{ overflowWrap: 'anywhere' }}>{subject}</Typography> : null}
        {text ? (
          <Typography variant="muted" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {text}
          </Typography>
        ) : null}
        {children}
      </Box>
    </Box>
  );
}

function LogTouchForm({ clientId, onDone }: { clientId: string; onDone: () => void }) {
  const [kind, setKind] = useState<TouchKind>('call');
  const [date, setDate] = useState(browserToday());
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'kind' | 'date' | 'note', string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const { trigger, isMutating } = useLogTouch();
  const { toast } = useToast();

  const save = async () => {
    setProblem(null);
    const touch = validOrShowErrors(touchSchema, { kind, date, note }, setErrors);
    if (!touch) return;
    try {
      await trigger({ clientId, touch });
      toast({
        title: `${TOUCH_LABELS[kind]} logged`,
        description: "It is in this client's activity.",
        variant: 'success',
      });
      onDone();
    } catch (error) {
      if (error instanceof QueuedOfflineError) {
        const what = TOUCH_LABELS[kind].toLowerCase();
        toast({
          title: 'Waiting to send',
          description: `You're offline: the ${what} will be logged once you're back.`,
        });
        onDone();
        return;
      }
      setErrors(serverFieldErrors(error, ['kind', 'date', 'note'] as const));
      setProblem(errorMessage(error));
    }
  };

  return (
    <NamedForm
      label="Log a call, meeting or note"
      onSubmit={() => void save()}
      sx={{ display: 'grid', gap: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}
    >
      <FieldGrid>
        <SelectField
          label="Kind"
          value={kind}
          options={TOUCH_KINDS}
          labels={TOUCH_LABELS}
          onChange={setKind}
          error={Boolean(errors.kind)}
          helperText={errors.kind}
        />
        <TextField
          label="Date"
          type="date"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          required
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: browserToday() } }}
          error={Boolean(errors.date)}
          helperText={errors.date}
        />
      </FieldGrid>
      <TextField
        label="Note (optional)"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: TOUCH_NOTE_MAX } }}
        error={Boolean(errors.note)}
        helperText={errors.note ?? 'What you talked about, for next time.'}
      />
      {problem ? <Alert severity="error">{problem}</Alert> : null}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onDone} disabled={isMutating}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={isMutating}>
          {isMutating ? 'Saving...' : 'Save'}
        </Button>
      </Box>
    </NamedForm>
  );
}
