// Shown instead of an error when the free plan's client cap is reached.
import CheckRounded from '@mui/icons-material/CheckRounded';
import WorkspacePremiumRounded from '@mui/icons-material/WorkspacePremiumRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { FREE_CLIENT_LIMIT, PRO_FEATURES, PRO_PRICE_USD } from '@shared/constants';
import { PlainList } from '@/components/ui/plain-list';
import { IconBadge } from '@/components/ui/icon-badge';

type UpgradeDialogProps = {
  open: boolean;
  onClose: () => void;
  onUpgrade: () => void;
};

export function UpgradeDialog({ open, onClose, onUpgrade }: UpgradeDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <IconBadge size={56} tone="secondary" sx={{ mx: 'auto', mt: 3.5 }}>
        <WorkspacePremiumRounded fontSize="large" />
      </IconBadge>
      <DialogTitle sx={{ textAlign: 'center', pb: 1 }}>Upgrade to Pro</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ textAlign: 'center' }}>
          You've reached the maximum of {FREE_CLIENT_LIMIT} clients on the free plan. Upgrade to Pro for unlimited
          clients.
        </DialogContentText>
        <PlainList gap={1} sx={{ p: 2, mt: 2.5, borderRadius: 2, bgcolor: 'background.default' }}>
          {PRO_FEATURES.map((feature) => (
            <Box component="li" key={feature} sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
              <CheckRounded fontSize="small" aria-hidden="true" sx={{ color: 'success.main' }} />
              <Typography variant="body2">{feature}</Typography>
            </Box>
          ))}
        </PlainList>
        <Typography variant="muted" sx={{ mt: 1.5, textAlign: 'center' }}>
          Pro is ${PRO_PRICE_USD}/month.
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3, gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        <Button onClick={onClose} fullWidth variant="outlined">
          Maybe Later
        </Button>
        <Button onClick={onUpgrade} fullWidth variant="contained" color="secondary">
          Upgrade Now
        </Button>
      </DialogActions>
    </Dialog>
  );
}
