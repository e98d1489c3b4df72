// Request Review: e-mails the client the agent's Google review link, and toasts how it went
// ('Review requested' with the server's message, or 'Error'). The clients page shows it beside
// Check Review while no review is in.
import SendRounded from '@mui/icons-material/SendRounded';
import Button from '@mui/material/Button';
import type { Client } from '@shared/api-types';
import { useToast } from '@/components/ui/toast/use-toast';
import { sendErrorMessage } from '@/lib/email-verification';
import { useRequestReview } from '../api/request-review';

type RequestReviewButtonProps = {
  client: Client;
};

export function RequestReviewButton({ client }: RequestReviewButtonProps) {
  const { trigger, isMutating } = useRequestReview();
  const { toast } = useToast();

  if (client.reviewStatus === 'submitted') return null;

  const handleRequest = async () => {
    try {
      const result = await trigger(client.id);
      toast({ title: 'Review requested', description: result.message, variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: sendErrorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <Button variant="contained" size="small" startIcon={<SendRounded />} onClick={handleRequest} disabled={isMutating}>
      {isMutating ? 'Sending...' : 'Request Review'}
    </Button>
  );
}
