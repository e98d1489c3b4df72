import LinkOffRounded from '@mui/icons-material/LinkOffRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';

export function InvalidResetLink() {
  return (
    <Box sx={{ textAlign: 'center' }}>
      <Box
        aria-hidden="true"
        sx={{ mx: 'auto', mb: 2, width: 56, height: 56, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: 'error.light', color: 'error.main' }}
      >
        <LinkOffRounded />
      </Box>
      <Typography variant="h1" sx={{ fontSize: '1.75rem' }}>
        Invalid Reset Link
      </Typography>
      <Typography sx={{ mt: 1.5, color: 'text.secondary' }}>
        This password reset link is invalid or has expired. Please request a new password reset link.
      </Typography>
      <Button component={RouterLink} to={paths.auth.getHref()} variant="contained" size="large" fullWidth sx={{ mt: 3 }}>
        Back to Login
      </Button>
    </Box>
  );
}
