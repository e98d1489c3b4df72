// The agent's attestation of a client's consent to texts: a checkbox saved at once, with what it means (TCPA: only
// when the client agreed in writing). A client who texted STOP cannot be opted back in here: it says so instead.
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useId, useState } from 'react';
import type { Client, SmsConsent } from '@shared/api-types';
import { SMS_CONSENT_MESSAGES, smsConsentText } from '@shared/sms-consent';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatTimestamp } from '@/lib/dates';
import { useAttestSmsConsent } from '@/lib/attest-sms-consent';

type SmsConsentAttestationProps = {
  client: Pick<Client, 'id' | 'name' | 'smsConsent'>;
  /** The client as the server answered, once the consent is saved. */
  onSaved?: (client: Client) => void;
};

export function SmsConsentAttestation({ client, onSaved }: SmsConsentAttestationProps) {
  const { trigger, isMutating } = useAttestSmsConsent();
  const { toast } = useToast();
  const helpId = useId();
  const [consent, setConsent] = useState<SmsConsent>(client.smsConsent);
  /** The state being saved (shown while it is); null when nothing is. */
  const [saving, setSaving] = useState<boolean | null>(null);
  const revoked = consent.status === 'revoked';

  const handleChange = async (granted: boolean) => {
    setSaving(granted);
    try {
      const saved = await trigger({ clientId: client.id, smsConsent: granted ? 'granted' : 'none' });
      setConsent(saved.smsConsent);
      onSaved?.(saved);
      toast({ title: granted ? 'Consent to texts recorded' : 'Consent to texts taken back', variant: 'success' });
    } catch (failure) {
      toast({ title: 'Not saved', description: errorMessage(failure), variant: 'destructive' });
    } finally {
      setSaving(null);
    }
  };

  const state = `${smsConsentText(consent.status, consent.source)}${consent.at ? `, ${formatTimestamp(consent.at)}` : ''}.`;
  return (
    <Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={saving ?? consent.status === 'granted'}
            disabled={revoked}
            onChange={(_event, checked) => (isMutating ? undefined : void handleChange(checked))}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label={SMS_CONSENT_MESSAGES.attestationLabel}
      />
      <FormHelperText id={helpId} sx={{ mx: 0, mt: 0 }}>
        {state} {revoked ? SMS_CONSENT_MESSAGES.optedOut : SMS_CONSENT_MESSAGES.attestation}
      </FormHelperText>
    </Box>
  );
}
