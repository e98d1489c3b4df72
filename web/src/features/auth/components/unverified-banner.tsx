// The signed-in layout's reminder while the agent's e-mail is unverified: nothing is sent to
// clients until then, and "Resend link" mails a new link (toasting how it went).
import MarkEmailUnreadRounded from '@/components/icons/MarkEmailUnreadRounded';
import Button from '@mui/material/Button';
import type { User } from '@shared/api-types';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useResendVerification } from '../api/verify-email';
import { ShellBanner } from './shell-banner';

export function UnverifiedBanner({ user }: { user: Pick<User, 'username' | 'emailVerified'> }) {
  const { trigger, isMutating } = useResendVerification();
  const { toast } = useToast();
  if (user.emailVerified) return null;

  const handleResend = async () => {
    try {
      const result = await trigger();
      toast({ title: 'Link sent', description: result.message, variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  };

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
