// "Mark review submitted": the agent records a review the client left (a Google review seen by hand,
// or one on another site), so Total Client Reviews, the profile's 7th item and its badge follow. A
// labelled button in the client detail, an icon button in the list's rows.
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import type { Client } from '@shared/api-types';
import { RowActionButton } from '@/components/ui/row-action-button';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { BusyButton } from '@/components/ui/busy-button';
import { useMarkReview } from '../api/mark-review';

export function MarkReviewButton({ client, variant = 'button' }: { client: Client; variant?: 'button' | 'icon' }) {
  const { trigger, isMutating } = useMarkReview();
  const { toast } = useToast();
  if (client.reviewStatus === 'submitted') return null;

  const mark = async () => {
    try {
      await trigger({ clientId: client.id, status: 'submitted' });
      toast({
        title: 'Review marked as submitted',
        description: `${client.name}'s review counts in your Total Client Reviews.`,
        variant: 'success',
      });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  };

  if (variant === 'icon') {
    return (
      <RowActionButton
        aria-label={`Mark ${client.name}'s review as submitted`}
        title="Mark review submitted"
        onClick={() => void mark()}
        disabled={isMutating}
      >
        <RateReviewOutlined fontSize="small" />
      </RowActionButton>
    );
  }
  return (
    <BusyButton
      variant="outlined"
      size="small"
      startIcon={<RateReviewOutlined />}
      onClick={() => void mark()}
      busy={isMutating}
      busyLabel="Saving..."
    >
      Mark review submitted
    </BusyButton>
  );
}
