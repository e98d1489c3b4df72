// Where a client's review stands (the status chip with its Requested or Submitted date) and, until
// a review is in, Check Review (looks for it on Google) with what other features add beside it
// (Request Review). Each action toasts its outcome; failures toast 'Error'.
import TravelExploreRounded from '@mui/icons-material/TravelExploreRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Client } from '@shared/api-types';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatTimestamp } from '@/lib/dates';
import { BusyButton } from '@/components/ui/busy-button';
import { useCheckClientReview } from '../api/check-client-review';
import { ReviewStatusChip } from './review-status-chip';

type ClientReviewProps = {
  client: Client;
  /** What the reviews feature adds (Request Review), before Check Review. */
  renderReviewActions?: (client: Client) => ReactNode;
};

export function ClientReview({ client, renderReviewActions }: ClientReviewProps) {
  const checkReview = useCheckClientReview();
  const { toast } = useToast();

  const handleCheck = async () => {
    try {
      const check = await checkReview.trigger(client.id);
      toast({
        title: check.hasReview ? 'Review found' : 'No review yet',
        description: check.message,
        variant: check.hasReview ? 'success' : 'default',
      });
    } catch (failure) {
      toast({ title: 'Error', description: errorMessage(failure), variant: 'destructive' });
    }
  };

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <ReviewStatusChip status={client.reviewStatus} size="medium" />
        {client.reviewStatus === 'requested' && client.reviewRequestedAt ? (
          <Typography variant="muted">Requested {formatTimestamp(client.reviewRequestedAt)}</Typography>
        ) : null}
        {client.reviewStatus === 'submitted' && client.reviewSubmittedAt ? (
          <Typography variant="muted">Submitted {formatTimestamp(client.reviewSubmittedAt)}</Typography>
        ) : null}
      </Box>
      {client.reviewStatus !== 'submitted' ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1.5 }}>
          {renderReviewActions ? renderReviewActions(client) : null}
          <BusyButton
            variant="outlined"
            size="small"
            startIcon={<TravelExploreRounded />}
            onClick={() => void handleCheck()}
            busy={checkReview.isMutating}
            busyLabel="Checking..."
          >
            Check Review
          </BusyButton>
        </Box>
      ) : null}
    </>
  );
}
