import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { CenteredLayout } from '../../components/layouts/centered-layout';
import { paths } from '../../config/paths';

export function NotFoundRoute() {
  return (
    <CenteredLayout title="Page not found" homeHref={paths.home.getHref()}>
      <Box sx={{ textAlign: 'center' }}>
        <Box
          aria-hidden="true"
          sx={{ mx: 'auto', mb: 2, width: 56, height: 56, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: 'primary.main', color: 'primary.contrastText' }}
        >
          <SearchOffRounded />
        </Box>
        <Typography variant="h1" sx={{ fontSize: '1.75rem' }}>
          404 Page Not Found
        </Typography>
        <Typography sx={{ mt: 1.5, color: 'text.secondary' }}>Did you forget to add the page to the router?</Typography>
        <Button component={RouterLink} to={paths.home.getHref()} variant="contained" size="large" fullWidth sx={{ mt: 3 }}>
          Go back home
        </Button>
      </Box>
    </CenteredLayout>
  );
}
