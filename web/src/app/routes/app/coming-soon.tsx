// The one placeholder for signed-in sections whose pages have not landed yet.
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import ConstructionRounded from '@mui/icons-material/ConstructionRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';
import { PageLayout } from '../../../components/ui/page-layout';
import { paths } from '../../../config/paths';

type ComingSoonRouteProps = {
  title: string;
};

export function ComingSoonRoute({ title }: ComingSoonRouteProps) {
  return (
    <PageLayout title={title}>
      <Card>
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
              color: 'secondary.main',
              bgcolor: alpha(theme.palette.secondary.main, 0.1),
            })}
          >
            <ConstructionRounded fontSize="large" />
          </Box>
          <Typography sx={{ fontSize: '1.125rem', fontWeight: 650 }}>This section is on its way.</Typography>
          <Typography sx={{ mt: 1, color: 'text.secondary' }}>
            We are putting the finishing touches on {title}. In the meantime, your dashboard is ready for you.
          </Typography>
          <Button component={RouterLink} to={paths.home.getHref()} variant="outlined" startIcon={<ArrowBackRounded />} sx={{ mt: 3 }}>
            Back to Dashboard
          </Button>
        </Box>
      </Card>
    </PageLayout>
  );
}
