// /reset-password#token=…: the new-password form for a well-formed token, else the invalid-link view.
// The build prerenders the form (the token is in the fragment, which only the browser has), so the
// form shows until hydration has read the token, and stays inert until then.
import { useNavigate } from 'react-router-dom';
import { isWellFormedResetToken } from '@shared/schemas';
import { CenteredLayout } from '@/components/layouts/centered-layout';
import { paths } from '@/config/paths';
import { InvalidResetLink } from '@/features/auth/components/invalid-reset-link';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useHydrated } from '@/lib/use-hydrated';
import { useLinkToken } from '@/lib/use-link-token';

export function ResetPasswordRoute() {
  const navigate = useNavigate();
  const token = useLinkToken();
  const wellFormed = isWellFormedResetToken(token) ? token : null;
  const hydrated = useHydrated();

  if (hydrated && wellFormed === null) {
    return (
      <CenteredLayout title="Invalid Reset Link" homeHref={paths.auth.getHref()}>
        <InvalidResetLink />
      </CenteredLayout>
    );
  }
  return (
    <CenteredLayout title="Reset Password" homeHref={paths.auth.getHref()}>
      <ResetPasswordForm token={wellFormed ?? ''} onSuccess={() => navigate(paths.auth.getHref(), { replace: true })} />
    </CenteredLayout>
  );
}
