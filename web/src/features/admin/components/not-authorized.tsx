// What a signed-in non-administrator sees on an admin page (SPEC §2, §6).
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';
import { pageTitle } from '../../../config/app';
import { paths } from '../../../config/paths';

export const NOT_AUTHORIZED = 'Not authorized';

export function NotAuthorized() {
  return (
    <>
      <title>{pageTitle(NOT_AUTHORIZED)}</title>
      <Card component="section" aria-labelledby="not-authorized-heading">
        <Box sx={{ px: { xs: 3, sm: 5 }, py: { xs: 5, sm: 7 }, textAlign: 'center', maxWidth: 520, mx: 'auto' }}>
          <Box
            aria-hidden="true"
            sx={(theme) => ({
              mx: 'auto',
              mb: 2.5,
              width: 64,
              height: 64,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              color: 'error.main',
              bgcolor: alpha(theme.palette.error.main, 0.1),
            })}
          >
            <LockOutlined fontSize="large" />
          </Box>
          <Typography id="not-authorized-heading" component="h1" variant="h2">
            {NOT_AUTHORIZED}
          </Typography>
          <Typography sx={{ mt: 1, color: 'text.secondary' }}>This page is for administrators only.</Typography>
          <Button component={RouterLink} to={paths.home.getHref()} variant="outlined" startIcon={<ArrowBackRounded />} sx={{ mt: 3 }}>
            Back to Dashboard
          </Button>
        </Box>
      </Card>
    </>
  );
}
