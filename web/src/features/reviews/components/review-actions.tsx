// Where a client's review stands and what the agent can do about it: the status chip (with the
// Requested date), Request Review (e-mails the client the agent's Google review link) and Check
// Review (looks for their review on Google), each with its toast; failures toast 'Error'.
import SendRounded from '@mui/icons-material/SendRounded';
import TravelExploreRounded from '@mui/icons-material/TravelExploreRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Client } from '../../../../../shared/api-types';
import { useToast } from '../../../components/ui/toast/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { formatTimestamp } from '../../../lib/dates';
import { useCheckClientReview } from '../../clients/api/check-client-review';
import { ReviewStatusChip } from '../../clients/components/review-status-chip';
import { useRequestReview } from '../api/request-review';

type ReviewActionsProps = {
  client: Client;
};

/** The whole review block: chip, dates, Request Review and Check Review. */
export function ReviewActions({ client }: ReviewActionsProps) {
  const checkReview = useCheckClientReview();
  const { toast } = useToast();

  const handleCheck = async () => {
    try {
      const check = await checkReview.trigger(client.id);
      toast({ title: check.hasReview ? 'Review found' : 'No review yet', description: check.message, variant: check.hasReview ? 'success' : 'default' });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <ReviewStatusChip status={client.reviewStatus} size="medium" />
        {client.reviewStatus === 'requested' && client.reviewRequestedAt ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Requested {formatTimestamp(client.reviewRequestedAt)}
          </Typography>
        ) : null}
        {client.reviewStatus === 'submitted' && client.reviewSubmittedAt ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Submitted {formatTimestamp(client.reviewSubmittedAt)}
          </Typography>
        ) : null}
      </Box>
      {client.reviewStatus !== 'submitted' ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <RequestReviewButton client={client} />
          <Button variant="outlined" size="small" startIcon={<TravelExploreRounded />} onClick={handleCheck} disabled={checkReview.isMutating}>
            {checkReview.isMutating ? 'Checking...' : 'Check Review'}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}

/** Request Review on its own, for a place that already shows the status and Check Review. */
export function RequestReviewButton({ client }: ReviewActionsProps) {
  const { trigger, isMutating } = useRequestReview();
  const { toast } = useToast();

  if (client.reviewStatus === 'submitted') return null;

  const handleRequest = async () => {
    try {
      const result = await trigger(client.id);
      toast({ title: 'Review requested', description: result.message, variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <Button variant="contained" size="small" startIcon={<SendRounded />} onClick={handleRequest} disabled={isMutating}>
      {isMutating ? 'Sending...' : 'Request Review'}
    </Button>
  );
}
