// The signed-in layout's notice while the agent's client sends are paused (their e-mails bounced or drew complaints
// past SES's review levels): why, in the API's own words, and the way to the Help page where they ask us to lift it.
import BlockRounded from '@mui/icons-material/BlockRounded';
import type { User } from '@shared/api-types';
import { SENDING_PAUSED_MESSAGES } from '@shared/sending-pause-messages';
import { paths } from '@/config/paths';
import { LinkButton } from '@/components/ui/link-button';
import { ShellBanner } from '@/components/ui/shell-banner';

export function SendingPausedBanner({ user }: { user: Pick<User, 'sendingPaused'> }) {
  if (!user.sendingPaused) return null;
  return (
    <ShellBanner
      label="Sending paused"
      severity="error"
      icon={<BlockRounded />}
      action={
        <LinkButton to={paths.help.getHref()} variant="outlined" color="inherit" size="small" sx={{ flexShrink: 0 }}>
          Go to Help
        </LinkButton>
      }
    >
      {SENDING_PAUSED_MESSAGES[user.sendingPaused.reason]}
    </ShellBanner>
  );
}
