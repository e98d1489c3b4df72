// The composer: a personal message to one client, drafted for an occasion (by AI for Pro agents, by
// Hearthside's own composer otherwise), edited by the agent and sent by e-mail or text. It says which
// engine wrote the draft, why a channel cannot be used, and what happened to the message.
import AutoAwesomeRounded from '@mui/icons-material/AutoAwesomeRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Client, Draft, SendMessageResult } from '@shared/api-types';
import {
  DRAFT_INSTRUCTIONS_MAX,
  DRAFT_OCCASIONS,
  DRAFT_TONES,
  DRAFT_VARIANT_MAX,
  smsSegments,
  type DraftOccasion,
  type DraftTone,
} from '@shared/drafts';
import { messageSchema, type MessageChannel } from '@shared/messages';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { sendErrorMessage } from '@/lib/email-verification';
import { serverFieldErrors, validOrShowErrors } from '@/lib/form-errors';
import { useDraftMessage } from '../api/draft-message';
import { useSendMessage } from '../api/send-message';
import { CHANNEL_LABELS, OCCASION_LABELS, TONE_LABELS, engineText, firstName, scheduledText } from '../message-text';

export type ComposerTarget = { client: Client; occasion: DraftOccasion };

/** Why each channel cannot be used for this client, or null when it can. */
export function channelProblems(client: Client): Record<MessageChannel, string | null> {
  const name = firstName(client.name);
  return {
    email: !client.email
      ? 'No e-mail address on file'
      : client.emailOptedOut
        ? `${name} unsubscribed from your e-mails`
        : null,
    sms: !client.phone ? 'No phone number on file' : client.smsOptedOut ? `${name} replied STOP to your texts` : null,
  };
}

type ComposerDialogProps = { target: ComposerTarget | null; onClose: () => void };

export function ComposerDialog({ target, onClose }: ComposerDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  return (
    <Dialog
      open={Boolean(target)}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      {target ? (
        <Composer key={`${target.client.id}-${target.occasion}`} target={target} titleId={titleId} onClose={onClose} />
      ) : null}
    </Dialog>
  );
}

type Fields = { subject: string; body: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

function Composer({ target, titleId, onClose }: { target: ComposerTarget; titleId: string; onClose: () => void }) {
  const { client } = target;
  const { user } = useUser();
  const problems = channelProblems(client);
  const [occasion, setOccasion] = useState<DraftOccasion>(target.occasion);
  const [channel, setChannel] = useState<MessageChannel>(problems.email && !problems.sms ? 'sms' : 'email');
  const [tone, setTone] = useState<DraftTone>('warm');
  const [instructions, setInstructions] = useState('');
  const [fields, setFields] = useState<Fields>({ subject: '', body: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [draft, setDraft] = useState<Draft | null>(null);
  const [variant, setVariant] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<SendMessageResult | null>(null);
  const drafting = useDraftMessage();
  const sending = useSendMessage();

  const unverified = user ? !user.emailVerified : false;
  const blocked = unverified || problems[channel] !== null;

  const suggest = async () => {
    setProblem(null);
    try {
      const next = await drafting.trigger({
        clientId: client.id,
        occasion,
        channel,
        tone,
        instructions: instructions.trim() || undefined,
        variant,
      });
      setDraft(next);
      setVariant((v) => (v + 1) % (DRAFT_VARIANT_MAX + 1));
      setFields({ subject: next.subject ?? fields.subject, body: next.body });
      setFieldErrors({});
    } catch (error) {
      setProblem(sendErrorMessage(error));
    }
  };

  const send = async () => {
    setProblem(null);
    const message = validOrShowErrors(
      messageSchema,
      { channel, subject: channel === 'email' ? fields.subject : undefined, body: fields.body, occasion },
      setFieldErrors,
    );
    if (!message) return;
    try {
      setResult(await sending.trigger({ clientId: client.id, message }));
    } catch (error) {
      setFieldErrors(serverFieldErrors(error, ['subject', 'body'] as const));
      setProblem(sendErrorMessage(error));
    }
  };

  if (result) return <Outcome client={client} result={result} titleId={titleId} onClose={onClose} />;

  const isPro = user?.isPro === true;
  const draftLabel = draft ? 'Suggest another' : isPro ? 'Write with AI' : 'Suggest a draft';
  const segments = smsSegments(fields.body);

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
    >
      <DialogTitle id={titleId}>Message {client.name}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          {unverified ? (
            <Alert severity="warning">
              Verify your e-mail address before you send: messages go out in your name. Use &quot;Resend link&quot; at
              the top of the page if you need a new one.
            </Alert>
          ) : null}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              select
              label="Occasion"
              value={occasion}
              onChange={(e) => setOccasion(e.target.value as DraftOccasion)}
              slotProps={{ select: { native: true } }}
            >
              {DRAFT_OCCASIONS.map((o) => (
                <option key={o} value={o}>
                  {OCCASION_LABELS[o]}
                </option>
              ))}
            </TextField>
            <TextField
              select
              label="Tone"
              value={tone}
              onChange={(e) => setTone(e.target.value as DraftTone)}
              slotProps={{ select: { native: true } }}
            >
              {DRAFT_TONES.map((t) => (
                <option key={t} value={t}>
                  {TONE_LABELS[t]}
                </option>
              ))}
            </TextField>
          </Box>
          <ChannelChoice channel={channel} problems={problems} onChange={setChannel} />
          <TextField
            label="Instructions for the draft (optional)"
            value={instructions}
            onChange={(e) => setInstructions(e.target.value)}
            multiline
            minRows={2}
            placeholder="e.g. mention the new park near their street"
            slotProps={{ htmlInput: { maxLength: DRAFT_INSTRUCTIONS_MAX } }}
            helperText={`${instructions.length}/${DRAFT_INSTRUCTIONS_MAX}`}
          />
          <Box>
            <Button
              variant="outlined"
              startIcon={<AutoAwesomeRounded />}
              onClick={() => void suggest()}
              disabled={drafting.isMutating}
            >
              {drafting.isMutating ? 'Writing...' : draftLabel}
            </Button>
            <Box aria-live="polite" sx={{ mt: 1 }}>
              {draft ? <DraftInfo draft={draft} isPro={isPro} /> : null}
            </Box>
          </Box>
          {channel === 'email' ? (
            <TextField
              label="Subject"
              value={fields.subject}
              onChange={(e) => setFields({ ...fields, subject: e.target.value })}
              required
              error={Boolean(fieldErrors.subject)}
              helperText={fieldErrors.subject}
            />
          ) : null}
          <TextField
            label="Message"
            value={fields.body}
            onChange={(e) => setFields({ ...fields, body: e.target.value })}
            required
            multiline
            minRows={channel === 'sms' ? 4 : 7}
            error={Boolean(fieldErrors.body)}
            helperText={
              fieldErrors.body ??
              (channel === 'sms'
                ? `${fields.body.length} characters · ${segments} SMS ${segments === 1 ? 'segment' : 'segments'}`
                : undefined)
            }
          />
          {problem ? (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={sending.isMutating}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={blocked || sending.isMutating}>
          {sending.isMutating ? 'Sending...' : channel === 'sms' ? 'Send text' : 'Send e-mail'}
        </Button>
      </DialogActions>
    </Box>
  );
}

function ChannelChoice({
  channel,
  problems,
  onChange,
}: {
  channel: MessageChannel;
  problems: Record<MessageChannel, string | null>;
  onChange: (c: MessageChannel) => void;
}) {
  const labelId = useId();
  const reasonId = useId();
  return (
    <FormControl>
      <FormLabel id={labelId}>Send by</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={channel}
        onChange={(e) => onChange(e.target.value as MessageChannel)}
      >
        {(['email', 'sms'] as const).map((c) => (
          <FormControlLabel
            key={c}
            value={c}
            control={
              <Radio slotProps={{ input: { 'aria-describedby': problems[c] ? `${reasonId}-${c}` : undefined } }} />
            }
            label={CHANNEL_LABELS[c]}
            disabled={problems[c] !== null}
          />
        ))}
      </RadioGroup>
      {(['email', 'sms'] as const).map((c) =>
        problems[c] ? (
          <FormHelperText key={c} id={`${reasonId}-${c}`} sx={{ mx: 0 }}>
            {CHANNEL_LABELS[c]}: {problems[c]}
          </FormHelperText>
        ) : null,
      )}
    </FormControl>
  );
}

function DraftInfo({ draft, isPro }: { draft: Draft; isPro: boolean }) {
  return (
    <Stack spacing={1}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {engineText(draft.engine)}
        {isPro && draft.quota.limit > 0 ? ` · AI drafts today: ${draft.quota.used} of ${draft.quota.limit}` : ''}
      </Typography>
      {draft.note ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
          {draft.note}
        </Typography>
      ) : null}
      {draft.upgrade ? (
        <Alert severity="info" icon={<AutoAwesomeRounded fontSize="inherit" />}>
          AI drafts that know your client and sound like you come with Pro.{' '}
          <Link component={RouterLink} to={paths.settings.getHref()}>
            Upgrade to Pro
          </Link>
        </Alert>
      ) : null}
    </Stack>
  );
}

function Outcome({
  client,
  result,
  titleId,
  onClose,
}: {
  client: Client;
  result: SendMessageResult;
  titleId: string;
  onClose: () => void;
}) {
  const name = firstName(client.name);
  const channel = result.message.channel;
  let icon: ReactNode;
  let title: string;
  let detail: string;
  if (result.status === 'scheduled') {
    icon = <ScheduleRounded color="primary" sx={{ fontSize: 44 }} aria-hidden="true" />;
    title = scheduledText(result.sendAt, result.timeZone, name);
    detail = `Texts arrive between 8:00 and 21:00 where ${name} is, so this one waits for the morning. It shows in ${name}'s activity until it goes.`;
  } else {
    icon = <CheckCircleRounded color="success" sx={{ fontSize: 44 }} aria-hidden="true" />;
    title = 'Sent';
    detail = `Your ${channel === 'sms' ? 'text' : 'e-mail'} to ${name} is on its way. It is in ${name}'s activity.`;
  }
  return (
    <>
      <DialogTitle id={titleId}>Message {client.name}</DialogTitle>
      <DialogContent dividers>
        <Box role="status" sx={{ textAlign: 'center', py: 3 }}>
          {icon}
          <Typography component="p" variant="h3" sx={{ mt: 1 }}>
            {title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1, maxWidth: 380, mx: 'auto' }}>
            {detail}
          </Typography>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          Done
        </Button>
      </DialogActions>
    </>
  );
}
