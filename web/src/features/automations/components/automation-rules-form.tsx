// The rules of /automations: one card per occasion (on or off, by e-mail or text, for approval or
// sent by itself, at what time of the client's day) and one Save for them all. The shared schema
// checks them first; the server's refusals land under the control they are about.
import CakeOutlined from '@mui/icons-material/CakeOutlined';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import TrendingUpOutlined from '@mui/icons-material/TrendingUpOutlined';
import FavoriteBorderOutlined from '@mui/icons-material/FavoriteBorderOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  AUTOMATION_MESSAGES,
  AUTOMATION_MODES,
  automationsSchema,
  PRO_OCCASIONS,
  withDefaultRules,
  type AutomationMode,
  type AutomationOccasion,
  type AutomationRule,
} from '@shared/automations';
import { MESSAGE_CHANNELS, type MessageChannel } from '@shared/messages';
import { SectionCard } from '@/components/ui/section-card';
import { useToast } from '@/components/ui/toast/use-toast';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { validOrShowErrors } from '@/lib/form-errors';
import { FormSubmitButton } from '@/components/ui/busy-button';
import { NamedForm } from '@/components/ui/named-form';
import { useSaveAutomations } from '../api/save-automations';
import { CHANNEL_NAMES, MODE_NAMES, OCCASION_NAMES, OCCASION_WHEN, SAVED, TEXT_HOURS } from '../automation-text';

export const PRO_REQUIRED = 'PRO_REQUIRED';

const OCCASION_ICONS: Record<AutomationOccasion, ReactNode> = {
  birthday: <CakeOutlined />,
  anniversary: <FavoriteBorderOutlined />,
  'home-anniversary': <HomeOutlined />,
  'check-in': <EventAvailableOutlined />,
  'home-update': <TrendingUpOutlined />,
};

type RuleField = Exclude<keyof AutomationRule, 'occasion'>;
/** Messages by the schema's path (`rules[0].sendTime`), as the form's check and the server's 400 both key them. */
type Errors = Record<string, string>;

const fieldPath = (index: number, field: RuleField) => `rules[${index}].${field}`;
const RULE_FIELD_PATH = /^rules\[\d+\]\.(enabled|channel|mode|sendTime)$/;

export function AutomationRulesForm({ saved }: { saved: readonly AutomationRule[] }) {
  const initial = useMemo(() => withDefaultRules(saved), [saved]);
  const [rules, setRules] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const { user, mutate: reloadUser } = useUser();
  const { trigger, isMutating } = useSaveAutomations();
  const { toast } = useToast();
  const dirty = JSON.stringify(rules) !== JSON.stringify(initial);

  const change = (index: number, patch: Partial<AutomationRule>) => {
    setRules((current) => current.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)));
    setErrors((current) => {
      const touched = new Set(Object.keys(patch).map((field) => fieldPath(index, field as RuleField)));
      // A new channel changes what the send time must be: its message goes with it.
      if ('channel' in patch) touched.add(fieldPath(index, 'sendTime'));
      return Object.fromEntries(Object.entries(current).filter(([path]) => !touched.has(path)));
    });
  };

  const save = async () => {
    // The rules as they are (the schema is strict: it checks, it does not change them).
    if (!validOrShowErrors(automationsSchema, { rules }, setErrors)) return;
    try {
      const answer = await trigger({ rules });
      setRules(withDefaultRules(answer.rules));
      toast({ title: SAVED, description: 'They apply from the next occasion on.', variant: 'success' });
    } catch (error) {
      const refused: Errors = error instanceof ApiError ? { ...error.fieldErrors } : {};
      if (error instanceof ApiError && error.code === PRO_REQUIRED) {
        rules.forEach((rule, i) => {
          if (rule.mode === 'auto') refused[fieldPath(i, 'mode')] = errorMessage(error);
        });
        // The plan may have ended since the page loaded: read it again so the choice is offered right.
        void reloadUser();
      }
      setErrors(refused);
      toast({ title: 'Automations not saved', description: errorMessage(error), variant: 'destructive' });
    }
  };

  const unplaced = Object.entries(errors).filter(([path]) => !RULE_FIELD_PATH.test(path));

  return (
    <NamedForm
      label="Automation rules"
      onSubmit={() => void save()}
      sx={{ display: 'grid', gap: 3, alignContent: 'start' }}
    >
      {rules.map((rule, index) => (
        <RuleCard
          key={rule.occasion}
          rule={rule}
          isPro={user?.isPro === true}
          errorOf={(field) => errors[fieldPath(index, field)]}
          onChange={(patch) => change(index, patch)}
        />
      ))}
      {unplaced.length ? (
        <Alert severity="error">
          {unplaced.map(([path, message]) => (
            <Box key={path}>{message}</Box>
          ))}
        </Alert>
      ) : null}
      <FormSubmitButton busy={isMutating} busyLabel="Saving..." disabled={!dirty}>
        Save automations
      </FormSubmitButton>
    </NamedForm>
  );
}

type RuleCardProps = {
  rule: AutomationRule;
  isPro: boolean;
  errorOf: (field: RuleField) => string | undefined;
  onChange: (patch: Partial<AutomationRule>) => void;
};

function RuleCard({ rule, isPro, errorOf, onChange }: RuleCardProps) {
  const timeError = errorOf('sendTime');
  // A Pro occasion (the monthly home update) cannot be turned on by a free account; one left on stays editable.
  const locked = !isPro && PRO_OCCASIONS.includes(rule.occasion) && !rule.enabled;
  return (
    <SectionCard
      icon={OCCASION_ICONS[rule.occasion]}
      title={OCCASION_NAMES[rule.occasion]}
      subtitle={OCCASION_WHEN[rule.occasion]}
    >
      <Box>
        <FormControlLabel
          control={
            <Switch checked={rule.enabled} disabled={locked} onChange={(_e, enabled) => onChange({ enabled })} />
          }
          label="Send a message on this occasion"
        />
        {errorOf('enabled') ? <FormHelperText error>{errorOf('enabled')}</FormHelperText> : null}
        {locked ? (
          <Typography variant="muted">{AUTOMATION_MESSAGES.homeUpdatePro}</Typography>
        ) : rule.enabled ? null : (
          <Typography variant="muted">
            Off: nothing is written or sent for this occasion. You can set it up now and turn it on later.
          </Typography>
        )}
      </Box>
      {/* A rule that is off keeps its controls, in quieter colours. */}
      <Box
        sx={{
          display: 'grid',
          gap: 2.5,
          ...(rule.enabled
            ? {}
            : {
                '& .MuiFormLabel-root:not(.Mui-error), & .MuiFormControlLabel-label, & .MuiInputBase-input': {
                  color: 'text.secondary',
                },
              }),
        }}
      >
        <ChannelChoice
          channels={rule.occasion === 'home-update' ? ['email'] : MESSAGE_CHANNELS}
          channel={rule.channel}
          error={errorOf('channel')}
          onChange={(channel) => onChange({ channel })}
        />
        <ModeChoice mode={rule.mode} isPro={isPro} error={errorOf('mode')} onChange={(mode) => onChange({ mode })} />
        <TextField
          label="Send time (client's time)"
          type="time"
          value={rule.sendTime}
          onChange={(event) => onChange({ sendTime: event.target.value })}
          error={Boolean(timeError)}
          helperText={timeError ?? TEXT_HOURS}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300 } }}
          sx={{ maxWidth: { sm: 320 } }}
        />
      </Box>
    </SectionCard>
  );
}

function ChannelChoice({
  channels,
  channel,
  error,
  onChange,
}: {
  channels: readonly MessageChannel[];
  channel: MessageChannel;
  error?: string;
  onChange: (channel: MessageChannel) => void;
}) {
  const labelId = useId();
  return (
    <FormControl component="fieldset" error={Boolean(error)}>
      <FormLabel id={labelId} component="legend">
        Send by
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={channel}
        onChange={(_e, value) => onChange(value as MessageChannel)}
      >
        {channels.map((c) => (
          <FormControlLabel key={c} value={c} control={<Radio />} label={CHANNEL_NAMES[c]} />
        ))}
      </RadioGroup>
      {error ? <FormHelperText sx={{ mx: 0 }}>{error}</FormHelperText> : null}
    </FormControl>
  );
}

function ModeChoice({
  mode,
  isPro,
  error,
  onChange,
}: {
  mode: AutomationMode;
  isPro: boolean;
  error?: string;
  onChange: (mode: AutomationMode) => void;
}) {
  const labelId = useId();
  const upgradeId = useId();
  // A rule saved on Pro keeps its choice after the plan ends; its messages then wait for approval.
  const help =
    mode === 'approve'
      ? 'It waits on your Today page until you approve, edit or skip it.'
      : isPro
        ? 'It goes out at the send time without asking. You can still stop it on the Today page until then.'
        : 'Without Pro, it waits on your Today page for your approval.';
  return (
    <FormControl component="fieldset" error={Boolean(error)}>
      <FormLabel id={labelId} component="legend">
        When it is ready
      </FormLabel>
      <RadioGroup aria-labelledby={labelId} value={mode} onChange={(_e, value) => onChange(value as AutomationMode)}>
        {AUTOMATION_MODES.map((m) => (
          <FormControlLabel
            key={m}
            value={m}
            disabled={m === 'auto' && !isPro}
            control={
              <Radio slotProps={{ input: { 'aria-describedby': m === 'auto' && !isPro ? upgradeId : undefined } }} />
            }
            label={
              m === 'auto' ? (
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  {MODE_NAMES[m]}
                  <Chip component="span" size="small" color="secondary" label="Pro" />
                </Box>
              ) : (
                MODE_NAMES[m]
              )
            }
          />
        ))}
      </RadioGroup>
      <FormHelperText sx={{ mx: 0 }}>{error ?? help}</FormHelperText>
      {isPro ? null : (
        <Typography id={upgradeId} variant="muted" sx={{ mt: 0.5 }}>
          Sending without asking comes with Pro.{' '}
          <Link component={RouterLink} to={paths.settings.getHref()}>
            Upgrade to Pro
          </Link>
        </Typography>
      )}
    </FormControl>
  );
}
