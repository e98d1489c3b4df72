// What an unknown, used or expired invitation link shows instead of a form that cannot work.
import LinkOffRounded from '@mui/icons-material/LinkOffRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { REGISTRATION_MESSAGES } from '../../../../../shared/client-registration';
import { paths } from '../../../config/paths';

export function InvalidInvitation() {
  return (
    <Box sx={{ textAlign: 'center' }}>
      <Box
        aria-hidden="true"
        sx={{ mx: 'auto', mb: 2, width: 56, height: 56, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: 'error.light', color: 'error.main' }}
      >
        <LinkOffRounded />
      </Box>
      <Typography variant="h1" sx={{ fontSize: '1.75rem' }}>
        Invalid Invitation Link
      </Typography>
      <Typography sx={{ mt: 1.5, color: 'text.secondary' }}>{REGISTRATION_MESSAGES.invitationInvalid}</Typography>
      <Typography sx={{ mt: 1.5, color: 'text.secondary' }}>You can also find your realtor and register yourself.</Typography>
      <Button component={RouterLink} to={paths.findRealtor.getHref()} variant="contained" size="large" fullWidth sx={{ mt: 3 }}>
        Find Your Realtor
      </Button>
    </Box>
  );
}
