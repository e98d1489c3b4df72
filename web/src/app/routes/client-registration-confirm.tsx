// /client-registration/confirm#token=…: a known client confirms the details someone registered
// with from the realtor directory (the link in the "You're already connected" e-mail).
import { REGISTRATION_CONFIRM_TOKEN_PATTERN } from '@shared/client-registration';
import { CenteredLayout } from '@/components/layouts/centered-layout';
import { paths } from '@/config/paths';
import { ConfirmRegistration, InvalidConfirmationLink } from '@/features/registration/components/confirm-registration';
import { useLinkToken } from '@/lib/use-link-token';

export function ClientRegistrationConfirmRoute() {
  const token = useLinkToken() ?? '';
  return (
    <CenteredLayout title="Confirm Your Details" homeHref={paths.findRealtor.getHref()}>
      {REGISTRATION_CONFIRM_TOKEN_PATTERN.test(token) ? (
        <ConfirmRegistration token={token} />
      ) : (
        <InvalidConfirmationLink />
      )}
    </CenteredLayout>
  );
}
