// How connecting Google went, as Google's consent page came back with `?google=<outcome>` (and `declined=<feature>` for
// a feature Google did not allow): on /reviews and on /settings.
import Alert from '@mui/material/Alert';
import { GOOGLE_FEATURE_LABELS, GOOGLE_FEATURES, type GoogleFeature } from '@shared/google';
import { useSearchParams } from 'react-router-dom';

const CALLBACK_MESSAGES: Record<string, { severity: 'success' | 'error'; text: string }> = {
  connected: { severity: 'success', text: 'Google Business Profile connected.' },
  denied: { severity: 'error', text: 'Google was not connected: access was not allowed.' },
  state: { severity: 'error', text: 'That Google sign-in link was already used or expired. Please connect again.' },
  'signed-out': { severity: 'error', text: 'Please log in, then connect Google again.' },
  quota: { severity: 'error', text: 'Google is limiting requests right now. Please try again later.' },
  forbidden: {
    severity: 'error',
    text: 'Google refused access: the app may not be approved for the Business Profile API yet, or this Google account does not manage a location.',
  },
};
const FAILED = { severity: 'error' as const, text: 'Google could not be connected. Please try again.' };

type GoogleCallbackAlertProps = {
  /** What a success says here. */
  connectedText?: string;
};

export function GoogleCallbackAlert({ connectedText }: GoogleCallbackAlertProps) {
  const [params] = useSearchParams();
  const outcome = params.get('google');
  if (!outcome) return null;
  const declined = (params.get('declined') ?? '')
    .split(',')
    .filter((name): name is GoogleFeature => (GOOGLE_FEATURES as readonly string[]).includes(name));
  if (outcome === 'connected' && declined.length)
    return (
      <Alert severity="warning" sx={{ mb: 3 }}>
        Google was connected, but {declined.map((f) => GOOGLE_FEATURE_LABELS[f]).join(' and ')} was not allowed, so it
        stays off. To turn it on, connect it again and leave its box ticked on Google’s page.
      </Alert>
    );
  const said = CALLBACK_MESSAGES[outcome] ?? FAILED;
  return (
    <Alert severity={said.severity} sx={{ mb: 3 }}>
      {outcome === 'connected' && connectedText ? connectedText : said.text}
    </Alert>
  );
}
