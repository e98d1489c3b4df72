// A client's activity in the detail dialog: the messages sent or scheduled through Hearthside and
// the calls, meetings and notes the agent logged, newest first, and "Log a call" to add one.
import AddCommentOutlined from '@/components/icons/AddCommentOutlined';
import EmailOutlined from '@/components/icons/EmailOutlined';
import GroupsOutlined from '@/components/icons/GroupsOutlined';
import PhoneInTalkOutlined from '@/components/icons/PhoneInTalkOutlined';
import SmsOutlined from '@/components/icons/SmsOutlined';
import StickyNote2Outlined from '@/components/icons/StickyNote2Outlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ComponentType } from 'react';
import type { Activity, Client, MessageStatus } from '@shared/api-types';
import { TOUCH_KINDS, TOUCH_NOTE_MAX, touchSchema, type TouchKind } from '@shared/messages';
import { smsConsentText } from '@shared/sms-consent';
import { FieldGrid } from '@/components/ui/field-grid';
import { PlainList } from '@/components/ui/plain-list';
import { SelectField } from '@/components/ui/select-field';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage, QueuedOfflineError } from '@/lib/api-client';
import { browserToday, formatTimestamp } from '@/lib/dates';
import { serverFieldErrors, validOrShowErrors } from '@/lib/form-errors';
import { useClientActivity } from '../api/get-client-activity';
import { useLogTouch } from '../api/log-touch';
import { CHANNEL_LABELS, STATUS_LABELS, TOUCH_LABELS, engineText } from '../message-text';

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

export function ClientActivitySection({ client }: { client: Client }) {
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
      ) : !activity || activity.length === 0 ? (
        <Typography variant="muted">
          No messages or calls yet. Send a message from here, or log a call you made outside Hearthside.
        </Typography>
      ) : (
        <PlainList
          gap={1.5}

          aria-label={`Activity with ${client.name}`}
        >
          {activity.map((entry) => (
            <ActivityRow key={entry.id} entry={entry} />
          ))}
        </PlainList>
      )}
    </Stack>
  );
}

/** The icon, label, time and text of an entry, whatever its kind. */
function entryParts(entry: Activity): { Icon: IconType; label: string; when: string; text: string } {
  switch (entry.type) {
    case 'message':
      return {
        Icon: CHANNEL_ICONS[entry.channel],
        label: CHANNEL_LABELS[entry.channel],
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
  const { Icon, label, when, text } = entryParts(entry);
  // The words a client agreed to are a record: shown whole.
  const excerpt =
    entry.type !== 'consent' && text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1)}…` : text;

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
          {entry.type === 'message' ? (
            <Chip
              size="small"
              label={STATUS_LABELS[entry.status]}
              color={STATUS_COLORS[entry.status]}
              variant="outlined"
            />
          ) : null}
          {entry.type === 'message' && entry.automatic ? (
            <Chip size="small" label="Automatic" color="primary" variant="outlined" />
          ) : null}
          <Typography variant="muted" component="span">
            <time dateTime={when}>{formatTimestamp(when)}</time>
          </Typography>
        </Box>
        {entry.type === 'message' && entry.subject ? (
          <Typography sx={{ overflowWrap: 'anywhere' }}>{entry.subject}</Typography>
        ) : null}
        {excerpt ? (
          <Typography variant="muted" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {excerpt}
          </Typography>
        ) : null}
        {entry.type === 'message' && entry.note ? (
          <Typography variant="muted" sx={{ fontStyle: 'italic' }}>
            {entry.note}
          </Typography>
        ) : null}
        {entry.type === 'message' && entry.problem ? (
          <Typography variant="body2" sx={{ color: 'error.main' }}>
            {entry.problem}
          </Typography>
        ) : null}
        {entry.type === 'message' && entry.engine ? (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {engineText(entry.engine)}
          </Typography>
        ) : null}
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
    <Box
      component="form"
      noValidate
      aria-label="Log a call, meeting or note"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
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
    </Box>
  );
}
