// /verify-email#token=…: confirms the e-mail address once, then says what happened.
import MarkEmailReadRounded from '@mui/icons-material/MarkEmailReadRounded';
import LinkOffRounded from '@mui/icons-material/LinkOffRounded';
import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { isWellFormedResetToken, MESSAGES } from '@shared/schemas';
import { CenteredLayout } from '@/components/layouts/centered-layout';
import { CenteredMessage } from '@/components/ui/centered-message';
import { CenteredSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { USER_KEY } from '@/lib/auth';
import { verifyEmail } from '@/features/auth/api/verify-email';
import { errorMessage } from '@/lib/api-client';
import { useLinkToken } from '@/lib/use-link-token';

type Outcome = { state: 'pending' } | { state: 'verified'; message: string } | { state: 'failed'; message: string };

export function VerifyEmailRoute() {
  const token = useLinkToken();
  const { mutate } = useSWRConfig();
  const [outcome, setOutcome] = useState<Outcome>(() =>
    isWellFormedResetToken(token)
      ? { state: 'pending' }
      : { state: 'failed', message: MESSAGES.invalidVerificationLink },
  );
  // The link works once: confirm it once even if React runs the effect twice.
  const sent = useRef(false);

  useEffect(() => {
    if (outcome.state !== 'pending' || sent.current || !token) return;
    sent.current = true;
    verifyEmail(token)
      .then(async (result) => {
        await mutate(USER_KEY);
        setOutcome({ state: 'verified', message: result.message });
      })
      .catch((error: unknown) => setOutcome({ state: 'failed', message: errorMessage(error) }));
  }, [mutate, outcome.state, token]);

  if (outcome.state === 'pending') {
    return (
      <CenteredLayout title="Verifying your e-mail" homeHref={paths.home.getHref()}>
        <CenteredSpinner label="Verifying your e-mail address" />
      </CenteredLayout>
    );
  }
  const verified = outcome.state === 'verified';
  return (
    <CenteredLayout title={verified ? 'E-mail verified' : 'Invalid Verification Link'} homeHref={paths.home.getHref()}>
      <CenteredMessage
        icon={verified ? <MarkEmailReadRounded /> : <LinkOffRounded />}
        tone={verified ? 'primary' : 'error'}
        title={verified ? 'E-mail verified' : 'Invalid Verification Link'}
        lines={verified ? [outcome.message, 'You can now invite clients and request reviews.'] : [outcome.message]}
        action={{ label: 'Go to Dashboard', to: paths.home.getHref() }}
      />
    </CenteredLayout>
  );
}
