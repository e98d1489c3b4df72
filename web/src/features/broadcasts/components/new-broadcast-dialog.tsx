// "New broadcast": a personal message for each client of an audience (a saved segment, the list's current filter, or
// a tag), by e-mail or text, for an occasion, waiting for approval on Today or (Pro) sent by itself; once started, the
// dialog follows the broadcast's status.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type FormEvent } from 'react';
import {
  BROADCAST_CHANNELS,
  BROADCAST_INSTRUCTIONS_MAX,
  BROADCAST_MODES,
  BROADCAST_OCCASIONS,
  type BroadcastChannel,
  type BroadcastMode,
  type BroadcastOccasion,
  type BroadcastRequest,
  type ClientFilter,
} from '@shared/api-types';
import { SelectField } from '@/components/ui/select-field';
import { errorMessage } from '@/lib/api-client';
import { useAudiences, useCreateBroadcast } from '../api/broadcasts';
import { BroadcastStatusCard } from './broadcast-status-card';

type Audience = 'tag' | 'segment' | 'filter';

const CHANNEL_LABELS: Record<BroadcastChannel, string> = { email: 'E-mail', sms: 'Text message' };
const OCCASION_LABELS: Record<BroadcastOccasion, string> = {
  holiday: 'Holiday greeting',
  'check-in': 'Check-in',
  custom: 'Something else (say what below)',
};
const MODE_LABELS: Record<BroadcastMode, string> = {
  approve: 'I approve them on Today',
  auto: 'Send them by themselves (Pro)',
};

export type NewBroadcastDialogProps = {
  open: boolean;
  onClose: () => void;
  isPro: boolean;
  /** The clients list's current filter, when it has one. */
  currentFilter: ClientFilter | null;
};

export function NewBroadcastDialog({ open, onClose, isPro, currentFilter }: NewBroadcastDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [startedId, setStartedId] = useState<string | null>(null);
  const close = () => {
    setStartedId(null);
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="broadcast-title"
    >
      <DialogTitle id="broadcast-title">New broadcast</DialogTitle>
      {startedId ? (
        <>
          <DialogContent dividers>
            <BroadcastStatusCard id={startedId} />
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2 }}>
            <Button onClick={close}>Close</Button>
          </DialogActions>
        </>
      ) : (
        <BroadcastForm
          isPro={isPro}
          currentFilter={currentFilter}
          onCancel={close}
          onStarted={setStartedId}
          open={open}
        />
      )}
    </Dialog>
  );
}

function BroadcastForm({
  isPro,
  currentFilter,
  onCancel,
  onStarted,
  open,
}: Pick<NewBroadcastDialogProps, 'isPro' | 'currentFilter' | 'open'> & {
  onCancel: () => void;
  onStarted: (id: string) => void;
}) {
  const { segments, tags } = useAudiences(open);
  const [audience, setAudience] = useState<Audience>(currentFilter ? 'filter' : 'tag');
  const [tag, setTag] = useState('');
  const [segmentId, setSegmentId] = useState('');
  const [channel, setChannel] = useState<BroadcastChannel>('email');
  const [occasion, setOccasion] = useState<BroadcastOccasion>('holiday');
  const [mode, setMode] = useState<BroadcastMode>('approve');
  const [instructions, setInstructions] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { trigger, isMutating } = useCreateBroadcast();

  const chosenTag = tag || tags[0]?.name || '';
  const chosenSegment = segmentId || segments[0]?.id || '';
  const instructionsMissing = occasion === 'custom' && !instructions.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    let target: Pick<BroadcastRequest, 'segmentId' | 'filter'>;
    if (audience === 'segment') target = { segmentId: chosenSegment };
    else if (audience === 'filter' && currentFilter) target = { filter: currentFilter };
    else target = { filter: { tag: chosenTag } };
    if ((audience === 'segment' && !chosenSegment) || (audience === 'tag' && !chosenTag)) {
      setProblem('Choose who the broadcast is for.');
      return;
    }
    if (instructionsMissing) {
      setProblem('Say what the message is about.');
      return;
    }
    try {
      const { id } = await trigger({
        ...target,
        channel,
        occasion,
        mode,
        ...(instructions.trim() ? { instructions: instructions.trim() } : {}),
      });
      onStarted(id);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const audiences: Array<[Audience, string, boolean]> = [
    ['tag', 'Clients with a tag', tags.length > 0],
    ['segment', 'A saved segment', segments.length > 0],
    ['filter', 'The clients the list shows now', currentFilter !== null],
  ];

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ display: 'contents' }}>
      <DialogContent dividers>
        <Typography variant="muted" sx={{ mb: 2.5 }}>
          Hearthside writes a personal message for each client. Opt-outs, consent to texts, quiet hours and your daily
          limit apply to every one.
        </Typography>
        <Stack spacing={2.5}>
          <FormControl>
            <FormLabel id="broadcast-audience">Who</FormLabel>
            <RadioGroup
              aria-labelledby="broadcast-audience"
              value={audience}
              onChange={(event) => setAudience(event.target.value as Audience)}
            >
              {audiences.map(([value, label, available]) => (
                <FormControlLabel key={value} value={value} control={<Radio />} label={label} disabled={!available} />
              ))}
            </RadioGroup>
          </FormControl>
          {audience === 'tag' && tags.length ? (
            <SelectField
              label="Tag"
              value={chosenTag}
              options={tags.map((t) => t.name)}
              labels={Object.fromEntries(tags.map((t) => [t.name, `${t.name} (${t.count})`]))}
              onChange={setTag}
            />
          ) : null}
          {audience === 'segment' && segments.length ? (
            <SelectField
              label="Segment"
              value={chosenSegment}
              options={segments.map((s) => s.id)}
              labels={Object.fromEntries(segments.map((s) => [s.id, `${s.name} (${s.count})`]))}
              onChange={setSegmentId}
            />
          ) : null}
          <SelectField
            label="Channel"
            value={channel}
            options={BROADCAST_CHANNELS}
            labels={CHANNEL_LABELS}
            onChange={setChannel}
          />
          <SelectField
            label="Occasion"
            value={occasion}
            options={BROADCAST_OCCASIONS}
            labels={OCCASION_LABELS}
            onChange={setOccasion}
          />
          <TextField
            label="Instructions"
            value={instructions}
            onChange={(event) => setInstructions(event.target.value)}
            multiline
            minRows={2}
            required={occasion === 'custom'}
            error={instructionsMissing && problem !== null}
            helperText={`What the message should say or mention (at most ${BROADCAST_INSTRUCTIONS_MAX} characters).`}
            slotProps={{ htmlInput: { maxLength: BROADCAST_INSTRUCTIONS_MAX } }}
          />
          <SelectField
            label="Sending"
            value={mode}
            options={isPro ? BROADCAST_MODES : (['approve'] as const)}
            labels={MODE_LABELS}
            onChange={setMode}
            helperText={isPro ? undefined : 'Sending without approval is a Pro feature.'}
          />
          {problem ? <Alert severity="error">{problem}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onCancel} disabled={isMutating}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={isMutating}>
          {isMutating ? 'Starting...' : 'Start broadcast'}
        </Button>
      </DialogActions>
    </Box>
  );
}
