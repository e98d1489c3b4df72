// "Upgrade to Pro - $15/month": starts the Stripe checkout and leaves the app for it; Stripe sends
// the agent back to /settings, which confirms the payment (use-checkout-return.ts). The Pro card of
// /settings and the upsell of Pro pages (Insights) offer it.
import Button from '@mui/material/Button';
import { PRO_PRICE_USD } from '@shared/constants';
import { useCreateCheckout } from '../api/create-checkout';
import { useLeaveForStripe } from '../use-leave-for-stripe';

export const UPGRADE_FAILED = 'Failed to initiate upgrade process. Please try again.';

export function UpgradeButton() {
  const { trigger } = useCreateCheckout();
  const { leaving, leave } = useLeaveForStripe(trigger, () => UPGRADE_FAILED);
  return (
    <Button
      variant="contained"
      color="secondary"
      size="large"
      fullWidth
      onClick={() => void leave()}
      disabled={leaving}
    >
      {leaving ? 'Redirecting to checkout...' : `Upgrade to Pro - $${PRO_PRICE_USD}/month`}
    </Button>
  );
}
