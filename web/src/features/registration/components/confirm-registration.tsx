// The page behind the "You're already connected" e-mail: one button applies the details someone
// registered with (a click, not the page load, so a mail scanner opening the link confirms
// nothing), then it says what happened: confirmed, or why the link no longer works.
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { RegistrationConfirmResult } from '@shared/api-types';
import { REGISTRATION_MESSAGES } from '@shared/client-registration';
import { BrokenLinkMessage, CenteredMessage } from '@/components/ui/centered-message';
import { IconBadge } from '@/components/ui/icon-badge';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useConfirmRegistration } from '../api/confirm-registration';

const REFUSED_TITLES: Record<string, string> = {
  CONFIRMATION_USED: 'Already Confirmed',
  CONFIRMATION_EXPIRED: 'Link Expired',
  CONFIRMATION_INVALID: 'Invalid Confirmation Link',
  CLIENT_GONE: 'Registration Not Found',
};

export function InvalidConfirmationLink() {
  return (
    <ConfirmationRefused
      title={REFUSED_TITLES.CONFIRMATION_INVALID!}
      message={REGISTRATION_MESSAGES.confirmationInvalid}
    />
  );
}

function ConfirmationRefused({ title, message }: { title: string; message: string }) {
  return (
    <BrokenLinkMessage
      title={title}
      lines={[message]}
      action={{ label: 'Find Your Realtor', to: paths.findRealtor.getHref() }}
    />
  );
}

function Confirmed({ agentName, videos }: RegistrationConfirmResult) {
  const realtor = agentName || 'Your realtor';
  const lines = [`${realtor} now has your updated details.`];
  if (videos > 0)
    lines.push(
      videos === 1
        ? `Your video is now shared with ${realtor}.`
        : `Your ${videos} videos are now shared with ${realtor}.`,
    );
  return (
    <CenteredMessage
      icon={<CheckCircleRounded />}
      tone="primary"
      title="Details Confirmed"
      lines={lines}
      action={{ label: 'Done', to: paths.auth.getHref() }}
    />
  );
}

export function ConfirmRegistration({ token }: { token: string }) {
  const { trigger, isMutating } = useConfirmRegistration();
  const [result, setResult] = useState<RegistrationConfirmResult | null>(null);
  const [error, setError] = useState<unknown>(null);

  const handleConfirm = async () => {
    setError(null);
    try {
      setResult(await trigger(token));
    } catch (failure) {
      setError(failure);
    }
  };

  const refusedTitle = error instanceof ApiError && error.status === 410 ? REFUSED_TITLES[error.code ?? ''] : undefined;
  let content;
  if (result) {
    content = <Confirmed {...result} />;
  } else if (refusedTitle) {
    content = <ConfirmationRefused title={refusedTitle} message={errorMessage(error)} />;
  } else {
    content = (
      <Box sx={{ textAlign: 'center' }}>
        <IconBadge size={56} tone="primary" variant="solid" sx={{ mx: 'auto', mb: 2 }}>
          <MailOutlineRounded />
        </IconBadge>
        <Typography variant="h1" sx={{ fontSize: '1.75rem' }}>
          Confirm Your Details
        </Typography>
        <Typography variant="lead" sx={{ mt: 1.5 }}>
          Someone registered with your e-mail address and the details listed in our e-mail. If that was you, confirm
          them and your realtor will have them.
        </Typography>
        <Typography variant="lead" sx={{ mt: 1.5 }}>
          If it was not you, close this page: nothing changes.
        </Typography>
        {error ? (
          <Alert severity="error" sx={{ mt: 2, textAlign: 'left' }}>
            {errorMessage(error)}
          </Alert>
        ) : null}
        <Button
          variant="contained"
          size="large"
          fullWidth
          sx={{ mt: 3 }}
          disabled={isMutating}
          onClick={() => void handleConfirm()}
        >
          {isMutating ? 'Confirming...' : 'Confirm My Details'}
        </Button>
      </Box>
    );
  }
  // Announced when it changes: the confirmation's outcome replaces the question.
  return <div aria-live="polite">{content}</div>;
}
