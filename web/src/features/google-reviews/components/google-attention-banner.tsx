// The signed-in layout's notice while a Google feature's sync needs the agent (Google asks them to connect again, or
// the sync has stopped working): which, and the way to the Google card of Settings, where its row says why and offers
// the fix. Nothing while GET /api/integrations is read or when it fails: the card itself says that, and an agent
// without Google features is never shown this.
import SyncProblemRounded from '@mui/icons-material/SyncProblemRounded';
import { LinkButton } from '@/components/ui/link-button';
import { ShellBanner } from '@/components/ui/shell-banner';
import { paths } from '@/config/paths';
import { useIntegrations } from '../api/get-integrations';
import { attentionText } from '../utils/sync-text';

/** The id of Settings' Google card: the banner's link goes straight to it. */
export const GOOGLE_CARD_ID = 'google';

export function GoogleAttentionBanner() {
  const { integrations } = useIntegrations();
  const text = integrations ? attentionText(integrations) : null;
  if (!text) return null;
  return (
    <ShellBanner
      label="Google sync"
      severity="warning"
      icon={<SyncProblemRounded />}
      action={
        <LinkButton
          to={`${paths.settings.getHref()}#${GOOGLE_CARD_ID}`}
          variant="outlined"
          color="inherit"
          size="small"
          sx={{ flexShrink: 0 }}
        >
          Open Settings
        </LinkButton>
      }
    >
      {text}
    </ShellBanner>
  );
}
