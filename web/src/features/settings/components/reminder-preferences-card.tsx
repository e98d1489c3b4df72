// The Reminders card of /settings: the 8 am digest by e-mail and by text message, how many days it
// looks ahead, the time zone its 8 am is in, and the monthly summary e-mail of Pro's insights.
import NotificationsActiveOutlined from '@/components/icons/NotificationsActiveOutlined';
import Box from '@mui/material/Box';
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
              <Box sx={{ display: 'flex', justifyContent: { xs: 'stretch', sm: 'flex-end' } }}>
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  disabled={isSubmitting || !dirty}
                  sx={{ width: { xs: '100%', sm: 'auto' } }}
                >
                  {isSubmitting ? 'Saving...' : 'Save reminder settings'}
                </Button>
              </Box>
            </Stack>
          </Form>
        )}
      </Formik>
    </SectionCard>
  );
}

function Channels({ phone }: { phone: string | null }) {
  const { values, errors, setFieldValue } = useFormikContext<Values>();
  const smsHelpId = useId();
  return (
    <FormControl component="fieldset" error={Boolean(errors.sms)}>
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        Send me the daily digest by
      </FormLabel>
      <FormControlLabel
        control={
          <Switch checked={values.emailDigest} onChange={(_e, checked) => setFieldValue('emailDigest', checked)} />
        }
        label="E-mail"
      />
      <FormControlLabel
        control={
          <Switch
            checked={values.sms}
            onChange={(_e, checked) => setFieldValue('sms', checked)}
            slotProps={{ input: { 'aria-describedby': smsHelpId } }}
          />
        }
        label="Text message (SMS)"
      />
      <FormHelperText id={smsHelpId} sx={{ mx: 0 }}>
        {errors.sms ??
          (phone ? `One short line to ${phone}.` : 'Add a phone number to your account to get text messages.')}
      </FormHelperText>
    </FormControl>
  );
}

function MonthlySummary() {
  const { values, errors, setFieldValue } = useFormikContext<Values>();
  const helpId = useId();
  return (
    <FormControl error={Boolean(errors.monthlySummary)}>
      <FormControlLabel
        control={
          <Switch
            checked={values.monthlySummary}
            onChange={(_e, checked) => setFieldValue('monthlySummary', checked)}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label="Monthly summary e-mail"
      />
      <FormHelperText id={helpId} sx={{ mx: 0 }}>
        {errors.monthlySummary ?? "On the 1st, a summary of last month's insights (Pro)"}
      </FormHelperText>
    </FormControl>
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
