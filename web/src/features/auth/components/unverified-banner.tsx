// The signed-in layout's reminder while the agent's e-mail is unverified: nothing is sent to
// clients until then, and "Resend link" mails a new link (toasting how it went).
import MarkEmailUnreadRounded from '@mui/icons-material/MarkEmailUnreadRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { User } from '@shared/api-types';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useResendVerification } from '../api/verify-email';

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
    <Alert
      severity="warning"
      icon={<MarkEmailUnreadRounded />}
      role="region"
      aria-label="E-mail verification"
      sx={{ mb: 3, '& .MuiAlert-message': { width: '100%' } }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
      >
        {/* A long address wraps anywhere rather than pushing the text out of a phone's width. */}
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          Verify your e-mail address: open the link we sent to <strong>{user.username}</strong>. Until then, Hearthside
          sends nothing to your clients.
        </Typography>
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
      </Stack>
    </Alert>
  );
}
