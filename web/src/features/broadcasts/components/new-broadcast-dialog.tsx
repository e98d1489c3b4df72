// "New broadcast": a personal message for each client of an audience (a saved segment, the list's current filter, or
// a tag), by e-mail or text, for an occasion, waiting for approval on Today or (Pro) sent by itself; once started, the
// dialog follows the broadcast's status.
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormikContext } from 'formik';
import { useState } from 'react';
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
import { DialogFrame } from '@/components/ui/dialog-frame';
import { DialogForm } from '@/components/ui/form-dialog';
import { FormikSelectField } from '@/components/ui/formik-select-field';
import { useAudiences, useCreateBroadcast } from '../api/broadcasts';
import { CHANNEL_LABELS } from '../utils/broadcast-text';
import { BroadcastStatusCard } from './broadcast-status-card';

type Audience = 'tag' | 'segment' | 'filter';

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
  return (
    <DialogFrame open={open} onClose={onClose} title="New broadcast" fullScreenOnPhone>
      <BroadcastForm isPro={isPro} currentFilter={currentFilter} open={open} />
    </DialogFrame>
  );
}

/** A select's options for groups of clients (tags, segments), each read as its name and how many clients it holds. */
function countedOptions(groups: ReadonlyArray<{ id?: string; name: string; count: number }>) {
  return {
    options: groups.map((group) => group.id ?? group.name),
    labels: Object.fromEntries(groups.map((group) => [group.id ?? group.name, `${group.name} (${group.count})`])),
  };
}

type BroadcastValues = {
  audience: Audience;
  /** The chosen tag or segment; empty: the first of the list. */
  tag: string;
  segmentId: string;
  channel: BroadcastChannel;
  occasion: BroadcastOccasion;
  mode: BroadcastMode;
  instructions: string;
};

type Audiences = ReturnType<typeof useAudiences>;

/** The tag and the segment the form stands on: the ones chosen, else the first of each list. */
const chosen = (values: BroadcastValues, { tags, segments }: Audiences) => ({
  tag: values.tag || tags[0]?.name || '',
  segmentId: values.segmentId || segments[0]?.id || '',
});

const instructionsMissing = (values: BroadcastValues) => values.occasion === 'custom' && !values.instructions.trim();

/** The form, then the started broadcast's status: for one opening of the dialog. */
function BroadcastForm({
  isPro,
  currentFilter,
  open,
}: Pick<NewBroadcastDialogProps, 'isPro' | 'currentFilter' | 'open'>) {
  const audiences = useAudiences(open);
  const [startedId, setStartedId] = useState<string | null>(null);
  const { trigger } = useCreateBroadcast();

  const submit = async (values: BroadcastValues) => {
    const { audience, channel, occasion, mode } = values;
    const { tag, segmentId } = chosen(values, audiences);
    let target: Pick<BroadcastRequest, 'segmentId' | 'filter'>;
    if (audience === 'segment') target = { segmentId };
    else if (audience === 'filter' && currentFilter) target = { filter: currentFilter };
    else target = { filter: { tag } };
    if ((audience === 'segment' && !segmentId) || (audience === 'tag' && !tag))
      throw new Error('Choose who the broadcast is for.');
    if (instructionsMissing(values)) throw new Error('Say what the message is about.');
    const instructions = values.instructions.trim();
    const { id } = await trigger({ ...target, channel, occasion, mode, ...(instructions ? { instructions } : {}) });
    setStartedId(id);
  };

  return (
    <DialogForm<BroadcastValues>
      initialValues={{
        audience: currentFilter ? 'filter' : 'tag',
        tag: '',
        segmentId: '',
        channel: 'email',
        occasion: 'holiday',
        mode: 'approve',
        instructions: '',
      }}
      onSubmit={submit}
      submitLabel="Start broadcast"
      busyLabel="Starting..."
      done={startedId ? <BroadcastStatusCard id={startedId} /> : null}
      doneLabel="Close"
    >
      <BroadcastFields isPro={isPro} currentFilter={currentFilter} audiences={audiences} />
    </DialogForm>
  );
}

type BroadcastFieldsProps = Pick<NewBroadcastDialogProps, 'isPro' | 'currentFilter'> & { audiences: Audiences };

function BroadcastFields({ isPro, currentFilter, audiences }: BroadcastFieldsProps) {
  const { values, status, getFieldProps } = useFormikContext<BroadcastValues>();
  const { tags, segments } = audiences;
  const choices: Array<[Audience, string, boolean]> = [
    ['tag', 'Clients with a tag', tags.length > 0],
    ['segment', 'A saved segment', segments.length > 0],
    ['filter', 'The clients the list shows now', currentFilter !== null],
  ];

  return (
    <>
      <Typography variant="muted" sx={{ mb: 2.5 }}>
        Hearthside writes a personal message for each client. Opt-outs, consent to texts, quiet hours and your daily
        limit apply to every one.
      </Typography>
      <Stack spacing={2.5}>
        <FormControl>
          <FormLabel id="broadcast-audience">Who</FormLabel>
          <RadioGroup aria-labelledby="broadcast-audience" {...getFieldProps('audience')}>
            {choices.map(([value, label, available]) => (
              <FormControlLabel key={value} value={value} control={<Radio />} label={label} disabled={!available} />
            ))}
          </RadioGroup>
        </FormControl>
        {values.audience === 'tag' && tags.length ? (
          <FormikSelectField name="tag" label="Tag" {...countedOptions(tags)} />
        ) : null}
        {values.audience === 'segment' && segments.length ? (
          <FormikSelectField name="segmentId" label="Segment" {...countedOptions(segments)} />
        ) : null}
        <FormikSelectField name="channel" label="Channel" options={BROADCAST_CHANNELS} labels={CHANNEL_LABELS} />
        <FormikSelectField name="occasion" label="Occasion" options={BROADCAST_OCCASIONS} labels={OCCASION_LABELS} />
        <TextField
          label="Instructions"
          {...getFieldProps('instructions')}
          multiline
          minRows={2}
          required={values.occasion === 'custom'}
          error={instructionsMissing(values) && Boolean(status)}
          helperText={`What the message should say or mention (at most ${BROADCAST_INSTRUCTIONS_MAX} characters).`}
          slotProps={{ htmlInput: { maxLength: BROADCAST_INSTRUCTIONS_MAX } }}
        />
        <FormikSelectField
          name="mode"
          label="Sending"
          options={isPro ? BROADCAST_MODES : (['approve'] as const)}
          labels={MODE_LABELS}
          helperText={isPro ? undefined : 'Sending without approval is a Pro feature.'}
        />
      </Stack>
    </>
  );
}
