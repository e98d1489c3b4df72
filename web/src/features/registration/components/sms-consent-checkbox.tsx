// The consent to texts on the client's registration form: unticked by default; its label is the words the server
// stores with the consent (SMS_CONSENT_WORDS). From the directory, where anyone can type any number, a ticked box
// counts only once the number answers YES to one text: the form says so beside it.
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useField } from 'formik';
import { SMS_CONSENT_MESSAGES, SMS_CONSENT_WORDS } from '@shared/sms-consent';

export function SmsConsentCheckbox({ confirmedByText }: { confirmedByText: boolean }) {
  const [field] = useField<boolean>({ name: 'smsConsent', type: 'checkbox' });
  const ticked = field.value === true;
  return (
    <div>
      <FormControlLabel
        sx={{ alignItems: 'flex-start', mr: 0 }}
        control={
          <Checkbox
            {...field}
            checked={ticked}
            sx={{ mt: -0.75 }}
            slotProps={{ input: { 'aria-describedby': confirmedByText ? 'sms-consent-confirm' : undefined } }}
          />
        }
        label={<Typography variant="body2">{SMS_CONSENT_WORDS}</Typography>}
      />
      {confirmedByText && (
        <FormHelperText id="sms-consent-confirm" sx={{ ml: 4 }}>
          {SMS_CONSENT_MESSAGES.confirmByText}
        </FormHelperText>
      )}
    </div>
  );
}
