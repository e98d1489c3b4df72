// The Reminders card of /settings: the 8 am digest by e-mail and by text message, how many days it
// looks ahead, the time zone its 8 am is in, and the monthly summary e-mail of Pro's insights.
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Form, Formik, useFormikContext } from 'formik';
import { useId } from 'react';
import type { User } from '@shared/api-types';
import { DIGEST_HOUR, LEAD_DAY_OPTIONS, reminderPreferencesSchema, type LeadDays } from '@shared/reminder-prefs';
import { SectionCard } from '@/components/ui/section-card';
import { useToast } from '@/components/ui/toast/use-toast';
import { useFormSubmit } from '@/components/ui/use-form-submit';
import { browserTimeZone } from '@/lib/dates';
import { FormSubmitButton } from '@/components/ui/busy-button';
import { useUpdateReminderPreferences } from '../api/update-reminder-preferences';
import { timeZoneLabel } from '@/lib/time-zones';
import { TimeZoneSelect } from '@/components/ui/time-zone-select';

export const PREFERENCES_SAVED = 'Reminder settings saved';

type Values = { emailDigest: boolean; sms: boolean; leadDays: LeadDays; monthlySummary: boolean; timeZone: string };
const fields = ['emailDigest', 'sms', 'leadDays', 'monthlySummary', 'timeZone'] as const;

type ReminderPreferencesCardProps = {
  user: User;
};

export function ReminderPreferencesCard({ user }: ReminderPreferencesCardProps) {
  const { trigger } = useUpdateReminderPreferences();
  const { toast } = useToast();
  const onSubmit = useFormSubmit<Values>(fields, async (values) => {
    await trigger(values);
    toast({ title: PREFERENCES_SAVED, variant: 'success' });
  });
  const initialValues: Values = { ...user.reminderPrefs, timeZone: user.timeZone };

  return (
    <SectionCard
      icon={<NotificationsActiveOutlined />}
      title="Reminders"
      subtitle={`A digest of your clients' key dates at ${DIGEST_HOUR} am, on the days there is something to remember.`}
    >
      <Formik<Values>
        initialValues={initialValues}
        enableReinitialize
        validationSchema={reminderPreferencesSchema}
        onSubmit={onSubmit}
      >
        {({ isSubmitting, dirty }) => (
          <Form noValidate aria-label="Reminder preferences">
            <Stack spacing={2.5}>
              <Channels phone={user.phone} />
              <LeadTime />
              <TimeZoneField />
              <MonthlySummary />
              <FormSubmitButton busy={isSubmitting} busyLabel="Saving..." disabled={!dirty}>
                Save reminder settings
              </FormSubmitButton>
            </Stack>
          </Form>
        )}
      </Formik>
    </SectionCard>
  );
}

function Channels({ phone }: { phone: string | null }) {
  const { errors } = useFormikContext<Values>();
  return (
    <FormControl component="fieldset" error={Boolean(errors.sms)}>
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        Send me the daily digest by
      </FormLabel>
      <PreferenceSwitch name="emailDigest" label="E-mail" />
      <PreferenceSwitch
        name="sms"
        label="Text message (SMS)"
        help={phone ? `One short line to ${phone}.` : 'Add a phone number to your account to get text messages.'}
      />
    </FormControl>
  );
}

function MonthlySummary() {
  const { errors } = useFormikContext<Values>();
  return (
    <FormControl error={Boolean(errors.monthlySummary)}>
      <PreferenceSwitch
        name="monthlySummary"
        label="Monthly summary e-mail"
        help="On the 1st, a summary of last month's insights (Pro)"
      />
    </FormControl>
  );
}

type PreferenceSwitchProps = {
  name: 'emailDigest' | 'sms' | 'monthlySummary';
  label: string;
  /** Under the switch, unless the field has an error to show there instead. */
  help?: string;
};

/** A preference that is on or off, and what it means (or why it cannot be saved) under it. */
function PreferenceSwitch({ name, label, help }: PreferenceSwitchProps) {
  const { values, errors, setFieldValue } = useFormikContext<Values>();
  const helpId = useId();
  const shown = errors[name] ?? help;
  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={values[name]}
            onChange={(_e, checked) => setFieldValue(name, checked)}
            slotProps={{ input: { 'aria-describedby': shown ? helpId : undefined } }}
          />
        }
        label={label}
      />
      {shown ? (
        <FormHelperText id={helpId} sx={{ mx: 0 }}>
          {shown}
        </FormHelperText>
      ) : null}
    </>
  );
}

function LeadTime() {
  const { values, setFieldValue } = useFormikContext<Values>();
  const labelId = useId();
  return (
    <FormControl component="fieldset">
      <FormLabel id={labelId} component="legend" sx={{ mb: 0.5 }}>
        Look ahead
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={String(values.leadDays)}
        onChange={(_e, value) => setFieldValue('leadDays', Number(value))}
      >
        {LEAD_DAY_OPTIONS.map((days) => (
          <FormControlLabel
            key={days}
            value={String(days)}
            control={<Radio />}
            label={days === 1 ? '1 day' : `${days} days`}
          />
        ))}
      </RadioGroup>
      <FormHelperText sx={{ mx: 0 }}>
        {values.leadDays === 1
          ? "Today's dates and tomorrow's."
          : `Today's dates and the next ${values.leadDays} days'.`}
      </FormHelperText>
    </FormControl>
  );
}

function TimeZoneField() {
  const { values, errors, setFieldValue, initialValues } = useFormikContext<Values>();
  const device = browserTimeZone();
  return (
    <TimeZoneSelect
      value={values.timeZone}
      onChange={(timeZone) => setFieldValue('timeZone', timeZone)}
      saved={initialValues.timeZone}
      device={device}
      error={errors.timeZone}
      help={
        <>
          {`The digest arrives at ${DIGEST_HOUR} am here.`}
          {device !== values.timeZone ? (
            <Typography component="span" variant="inherit">
              This device is in {timeZoneLabel(device)}.{' '}
              <Button
                size="small"
                variant="text"
                onClick={() => setFieldValue('timeZone', device)}
                sx={{ p: 0, minWidth: 0, verticalAlign: 'baseline' }}
              >
                Use it
              </Button>
            </Typography>
          ) : null}
        </>
      }
    />
  );
}
