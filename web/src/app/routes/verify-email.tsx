// /verify-email#token=…: confirms the e-mail address once, signed in as the account it was mailed for, with a
// button: opening the link alone never verifies (a click by the mailbox's owner must not verify an address someone
// else registered). Signed out, it asks to sign in and comes back here with the token.
import MarkEmailReadRounded from '@mui/icons-material/MarkEmailReadRounded';
import MarkEmailUnreadRounded from '@mui/icons-material/MarkEmailUnreadRounded';
import LinkOffRounded from '@mui/icons-material/LinkOffRounded';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { isWellFormedResetToken, MESSAGES } from '@shared/schemas';
import { CenteredLayout, CenteredMessagePage } from '@/components/layouts/centered-layout';
import { CenteredSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { useVerifyEmail } from '@/features/auth/api/verify-email';
import { authRedirectState } from '@/features/auth/redirect-state';
import { errorMessage } from '@/lib/api-client';
import { useLinkToken } from '@/lib/use-link-token';

type Outcome = { state: 'verified'; message: string } | { state: 'failed'; message: string };

export const SIGN_IN_TO_VERIFY = 'Sign in to the account you registered with this address to verify it.';

export function VerifyEmailRoute() {
  const token = useLinkToken();
  const location = useLocation();
  const { user, isLoading } = useUser();
  const { trigger, isMutating } = useVerifyEmail();
  const [outcome, setOutcome] = useState<Outcome | null>(() =>
    isWellFormedResetToken(token) ? null : { state: 'failed', message: MESSAGES.invalidVerificationLink },
  );

  const handleVerify = () => {
    if (!token) return;
    trigger(token)
      .then((result) => setOutcome({ state: 'verified', message: result.message }))
      .catch((error: unknown) => setOutcome({ state: 'failed', message: errorMessage(error) }));
  };

  if (outcome) {
    const verified = outcome.state === 'verified';
    const title = verified ? 'E-mail verified' : 'Invalid Verification Link';
    return (
      <CenteredMessagePage
        icon={verified ? <MarkEmailReadRounded /> : <LinkOffRounded />}
        tone={verified ? 'primary' : 'error'}
        title={title}
        lines={verified ? [outcome.message, 'You can now invite clients and request reviews.'] : [outcome.message]}
        action={{ label: 'Go to Dashboard', to: paths.home.getHref() }}
      />
    );
  }
  if (isLoading) {
    return (
      <CenteredLayout title="Verify your e-mail" homeHref={paths.home.getHref()}>
        <CenteredSpinner label="Loading your account" />
      </CenteredLayout>
    );
  }
  return (
    <CenteredMessagePage
      icon={<MarkEmailUnreadRounded />}
      tone="primary"
      title="Verify your e-mail"
      lines={user ? [`Confirm that ${user.username} is your e-mail address.`] : [SIGN_IN_TO_VERIFY]}
      action={
        user
          ? {
              label: isMutating ? 'Verifying...' : 'Verify my e-mail address',
              onClick: handleVerify,
              disabled: isMutating,
            }
          : { label: 'Sign in', to: paths.auth.getHref(), state: authRedirectState(location) }
      }
    />
  );
}
