// The inbox before Google is connected: what connecting gives, and the button that goes to Google's consent page.
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { EmptyPanel } from '@/components/ui/empty-panel';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { leaveAppTo } from '@/lib/leave-app';
import { useConnectGoogle } from '../api/google-connection';

export function ConnectGooglePanel() {
  const { trigger, isMutating } = useConnectGoogle();
  const { toast } = useToast();
  const handleConnect = async () => {
    try {
      const { authorizationUrl } = await trigger();
      leaveAppTo(authorizationUrl);
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  };
  return (
    <Card>
      <EmptyPanel
        icon={<RateReviewOutlined />}
        title="See every Google review"
        actions={
          <Button variant="contained" onClick={() => void handleConnect()} disabled={isMutating}>
            Connect Google Business Profile
          </Button>
        }
      >
        Connect the Google account that manages your Business Profile to see all your reviews here, know which client
        wrote each one, and reply without leaving Hearthside. Google asks you to allow it; you can disconnect any time.
      </EmptyPanel>
    </Card>
  );
}
