// The side panel of the sign-in screen: a welcome and what the product does.
import CakeOutlined from '@mui/icons-material/CakeOutlined';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import StarOutlineRounded from '@mui/icons-material/StarOutlineRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ComponentType } from 'react';
import { PlainList } from '@/components/ui/plain-list';
import { LogoMark } from '@/components/ui/logo';
import { APP_NAME } from '@/config/app';
import { brand } from '@/theme/create-theme';

type Feature = {
  icon: ComponentType<{ fontSize?: 'small' | 'medium' }>;
  title: string;
  text: string;
};

const features: readonly Feature[] = [
  {
    icon: CakeOutlined,
    title: 'Key dates, remembered',
    text: 'Birthdays, wedding anniversaries and home purchase dates for every client, in one place.',
  },
  {
    icon: NotificationsActiveOutlined,
    title: 'Smart reminders',
    text: 'Automated follow-ups for upcoming milestones, so no moment to reach out slips by.',
  },
  {
    icon: StarOutlineRounded,
    title: 'Reviews that grow your business',
    text: 'See which clients have left a review on your business listing, and who to ask next.',
  },
];

export function AuthWelcomePanel() {
  return (
    <Box
      sx={{
        position: 'relative',
        overflow: 'hidden',
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        px: { md: 6, lg: 10 },
        py: 8,
        color: '#FFFFFF',
        background: `linear-gradient(155deg, ${brand.teal} 0%, ${brand.tealDark} 62%, #08393B 100%)`,
      }}
    >
      <Box
        aria-hidden="true"
        sx={{
          position: 'absolute',
          inset: 'auto -120px -160px auto',
          width: 420,
          height: 420,
          borderRadius: '50%',
          background: `radial-gradient(circle, ${alpha(brand.heart, 0.35)} 0%, transparent 70%)`,
        }}
      />
      <Box sx={{ position: 'relative', maxWidth: 520 }}>
        <Typography variant="overline" component="p" sx={{ color: alpha('#FFFFFF', 0.85) }}>
          For real-estate professionals
        </Typography>
        <Typography variant="h2" sx={{ mt: 1, fontSize: { md: '2rem', lg: '2.5rem' }, lineHeight: 1.15 }}>
          Welcome to {APP_NAME}
        </Typography>
        <Typography sx={{ mt: 2, fontSize: '1.0625rem', color: alpha('#FFFFFF', 0.9) }}>
          {APP_NAME} is an AI-powered client engagement platform for real-estate professionals. Automated follow-ups,
          smart reminders and personalised communication keep you close to every client long after closing day.
        </Typography>

        <PlainList sx={{ mt: 5, display: 'grid', gap: 3 }}>
          {features.map(({ icon: Icon, title, text }) => (
            <Box component="li" key={title} sx={{ display: 'flex', gap: 2 }}>
              <Box
                aria-hidden="true"
                sx={{
                  flexShrink: 0,
                  width: 40,
                  height: 40,
                  borderRadius: 2.5,
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: alpha('#FFFFFF', 0.12),
                }}
              >
                <Icon fontSize="small" />
              </Box>
              <Box>
                <Typography variant="h3" sx={{ fontSize: '1rem' }}>
                  {title}
                </Typography>
                <Typography variant="body2" sx={{ mt: 0.25, color: alpha('#FFFFFF', 0.85) }}>
                  {text}
                </Typography>
              </Box>
            </Box>
          ))}
        </PlainList>

        <ReminderPreview />
      </Box>
    </Box>
  );
}

/** A decorative sample of a reminder, to show what the product feels like. */
function ReminderPreview() {
  return (
    <Box
      aria-hidden="true"
      sx={{
        mt: 6,
        display: { md: 'none', lg: 'flex' },
        alignItems: 'center',
        gap: 2,
        maxWidth: 400,
        p: 2,
        borderRadius: 3,
        bgcolor: '#FFFFFF',
        color: 'text.primary',
        boxShadow: `0 24px 48px -24px ${alpha('#000000', 0.5)}`,
        transform: 'rotate(-1.5deg)',
      }}
    >
      <LogoMark size={40} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 650 }}>
          Maria Lopez · 3 Year Home Anniversary
        </Typography>
        <Typography variant="muted">In 4 days — a perfect moment to say hello</Typography>
      </Box>
      <EventAvailableOutlined sx={{ color: 'secondary.main' }} />
    </Box>
  );
}
