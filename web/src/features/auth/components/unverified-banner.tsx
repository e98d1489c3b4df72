// The signed-in layout's reminder while the agent's e-mail is unverified: nothing is sent to
// clients until then, and "Resend link" mails a new link (toasting how it went).
import MarkEmailUnreadRounded from '@mui/icons-material/MarkEmailUnreadRounded';
import Button from '@mui/material/Button';
import type { User } from '@shared/api-types';
import { ShellBanner } from '@/components/ui/shell-banner';
import { useToastedAction } from '@/components/ui/toast/use-toasted-action';
import { useResendVerification } from '../api/verify-email';

export function UnverifiedBanner({ user }: { user: Pick<User, 'username' | 'emailVerified'> }) {
  const { trigger, isMutating } = useResendVerification();
  const act = useToastedAction();
  if (user.emailVerified) return null;

  const handleResend = () =>
    act(() => trigger(), { done: (result) => ({ title: 'Link sent', description: result.message }) });

  return (
    <ShellBanner
      label="E-mail verification"
      severity="warning"
      icon={<MarkEmailUnreadRounded />}
      action={
        <Button
          variant="outlined"
          color="inherit"
          size="small"
          onClick={handleResend}
          disabled={isMutating}
          sx={{ flexShrink: 0 }}
        >
          {isMutating ? 'Sending...' : 'Resend link'}
        </Button>
      }
    >
      Verify your e-mail address: open the link we sent to <strong>{user.username}</strong>. Until then, Hearthside
      sends nothing to your clients.
    </ShellBanner>
  );
}
