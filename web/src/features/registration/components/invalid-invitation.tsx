// What an unknown, used or expired invitation link shows instead of a form that cannot work.
import { REGISTRATION_MESSAGES } from '@shared/client-registration';
import { BrokenLinkMessage } from '@/components/ui/centered-message';
import { paths } from '@/config/paths';

export function InvalidInvitation() {
  return (
    <BrokenLinkMessage
      title="Invalid Invitation Link"
      lines={[REGISTRATION_MESSAGES.invitationInvalid, 'You can also find your realtor and register yourself.']}
      action={{ label: 'Find Your Realtor', to: paths.findRealtor.getHref() }}
    />
  );
}
