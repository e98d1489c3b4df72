// / : the signed-in home. For now a greeting and a pointer to the client list.
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import CakeOutlined from '@mui/icons-material/CakeOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { DASHBOARD_REMINDER_WINDOW_DAYS } from '../../../../../shared/constants';
import { PageLayout } from '../../../components/ui/page-layout';
import { paths } from '../../../config/paths';
import { useUser } from '../../../features/auth/api/get-user';

type Highlight = {
  icon: ComponentType<{ fontSize?: 'small' }>;
  title: string;
  text: string;
};

const highlights: readonly Highlight[] = [
  { icon: GroupsOutlined, title: 'Clients', text: 'Contact details and key dates for everyone you have helped home.' },
  { icon: CakeOutlined, title: 'Reminders', text: `Birthdays and anniversaries coming up in the next ${DASHBOARD_REMINDER_WINDOW_DAYS} days.` },
  { icon: RateReviewOutlined, title: 'Reviews', text: 'Which clients have left a review on your business listing.' },
];

export function DashboardRoute() {
  const { user } = useUser();

  return (
    <PageLayout
      title={paths.home.label}
      heading={user ? `Welcome, ${user.fullName}` : 'Welcome'}
      description="Here is where your client relationships come together."
    >
      <Card>
        <Box sx={{ px: { xs: 3, sm: 5 }, py: { xs: 4, sm: 6 }, textAlign: 'center', maxWidth: 560, mx: 'auto' }}>
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
              color: 'primary.main',
              bgcolor: alpha(theme.palette.primary.main, 0.1),
            })}
          >
            <GroupsOutlined fontSize="large" />
          </Box>
          <Typography variant="h2">Your client overview lives here</Typography>
          <Typography sx={{ mt: 1.5, color: 'text.secondary' }}>
            Your clients, upcoming reminders and reviews will appear here as you build your client list.
          </Typography>
          <Button component={RouterLink} to={paths.clients.getHref()} variant="contained" size="large" endIcon={<ArrowForwardRounded />} sx={{ mt: 3 }}>
            Manage your clients
          </Button>
        </Box>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: { xs: 3, sm: 4 },
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
            borderTop: 1,
            borderColor: 'divider',
            bgcolor: (theme) => alpha(theme.palette.primary.main, 0.03),
          }}
        >
          {highlights.map(({ icon: Icon, title, text }) => (
            <Box component="li" key={title} sx={{ display: 'flex', gap: 1.5 }}>
              <Box aria-hidden="true" sx={{ color: 'secondary.main', mt: 0.25 }}>
                <Icon fontSize="small" />
              </Box>
              <Box>
                <Typography variant="h3" sx={{ fontSize: '1rem' }}>
                  {title}
                </Typography>
                <Typography variant="body2" sx={{ mt: 0.5, color: 'text.secondary' }}>
                  {text}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      </Card>
    </PageLayout>
  );
}
