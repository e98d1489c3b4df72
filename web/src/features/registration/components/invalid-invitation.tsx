// What an unknown, used or expired invitation link shows instead of a form that cannot work.
import LinkOffRounded from '@mui/icons-material/LinkOffRounded';
import { REGISTRATION_MESSAGES } from '../../../../../shared/client-registration';
import { CenteredMessage } from '../../../components/ui/centered-message';
import { paths } from '../../../config/paths';

export function InvalidInvitation() {
  return (
    <CenteredMessage
      icon={<LinkOffRounded />}
      tone="error"
      title="Invalid Invitation Link"
      lines={[REGISTRATION_MESSAGES.invitationInvalid, 'You can also find your realtor and register yourself.']}
      action={{ label: 'Find Your Realtor', to: paths.findRealtor.getHref() }}
    />
  );
}
