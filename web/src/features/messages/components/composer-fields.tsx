// The composer's fields: the occasion and tone of the draft, the channel, the draft suggestion and
// what wrote it.
import AutoAwesomeRounded from '@mui/icons-material/AutoAwesomeRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Draft } from '@shared/api-types';
import { DRAFT_OCCASIONS, DRAFT_TONES, type DraftOccasion, type DraftTone } from '@shared/drafts';
import type { MessageChannel } from '@shared/messages';
import { FieldGrid } from '@/components/ui/field-grid';
import { SelectField } from '@/components/ui/select-field';
import { paths } from '@/config/paths';
import { CHANNEL_LABELS, OCCASION_LABELS, TONE_LABELS, engineText } from '../message-text';

type DraftSettingsProps = {
  occasion: DraftOccasion;
  tone: DraftTone;
  onOccasionChange: (occasion: DraftOccasion) => void;
  onToneChange: (tone: DraftTone) => void;
};

const OCCASION_FIELD = { label: 'Occasion', options: DRAFT_OCCASIONS, labels: OCCASION_LABELS } as const;
const TONE_FIELD = { label: 'Tone', options: DRAFT_TONES, labels: TONE_LABELS } as const;

/** What the draft is for and how it sounds. */
export function DraftSettings({ occasion, tone, onOccasionChange, onToneChange }: DraftSettingsProps) {
  return (
    <FieldGrid>
      <SelectField {...OCCASION_FIELD} value={occasion} onChange={onOccasionChange} />
      <SelectField {...TONE_FIELD} value={tone} onChange={onToneChange} />
    </FieldGrid>
  );
}

type ChannelChoiceProps = {
  channel: MessageChannel;
  problems: Record<MessageChannel, string | null>;
  onChange: (c: MessageChannel) => void;
};

/** E-mail or text, each disabled with its reason when it cannot be used. */
export function ChannelChoice({ channel, problems, onChange }: ChannelChoiceProps) {
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
      <Typography variant="muted">
        {engineText(draft.engine)}
        {isPro && draft.quota.limit > 0 ? ` · AI drafts today: ${draft.quota.used} of ${draft.quota.limit}` : ''}
      </Typography>
      {draft.note ? (
        <Typography variant="muted" sx={{ fontStyle: 'italic' }}>
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

type SuggestDraftProps = {
  draft: Draft | null;
  isPro: boolean;
  isDrafting: boolean;
  onSuggest: () => void;
};

/** The button that asks for a draft, and what wrote the last one. */
export function SuggestDraft({ draft, isPro, isDrafting, onSuggest }: SuggestDraftProps) {
  const label = draft ? 'Suggest another' : isPro ? 'Write with AI' : 'Suggest a draft';
  return (
    <Box>
      <Button variant="outlined" startIcon={<AutoAwesomeRounded />} onClick={onSuggest} disabled={isDrafting}>
        {isDrafting ? 'Writing...' : label}
      </Button>
      <Box aria-live="polite" sx={{ mt: 1 }}>
        {draft ? <DraftInfo draft={draft} isPro={isPro} /> : null}
      </Box>
    </Box>
  );
}
