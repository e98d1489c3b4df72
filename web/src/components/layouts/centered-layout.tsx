// A single card in the middle of the page, the logo above it: reset password and not-found. The
// card's content is held inert until a prerendered page has hydrated (HydrationGate).
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { pageTitle } from '@/config/app';
import { paths } from '@/config/paths';
import { CenteredMessage, type CenteredMessageProps } from '../ui/centered-message';
import { HydrationGate } from '../ui/hydration-gate';
import { Logo } from '../ui/logo';

type CenteredLayoutProps = {
  title: string;
  homeHref: string;
  children: ReactNode;
};

export function CenteredLayout({ title, homeHref, children }: CenteredLayoutProps) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        px: 2,
        py: 6,
        background: (theme) =>
          `radial-gradient(1200px 600px at 50% -10%, ${theme.palette.primary.main}14, transparent 70%)`,
      }}
    >
      <title>{pageTitle(title)}</title>
      <Link
        component={RouterLink}
        to={homeHref}
        underline="none"
        sx={{ display: 'flex', color: 'inherit', borderRadius: 1.5 }}
      >
        <Logo size={40} />
      </Link>
      <Card sx={{ width: '100%', maxWidth: 460 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
          <HydrationGate>{children}</HydrationGate>
        </CardContent>
      </Card>
    </Box>
  );
}

/**
 * A page that is only a message (an unknown page, a link's outcome): the logo leads home, the tab says `pageTitle`
 * (the message's title when omitted).
 */
export function CenteredMessagePage({
  pageTitle: tabTitle,
  ...message
}: CenteredMessageProps & { pageTitle?: string }) {
  return (
    <CenteredLayout title={tabTitle ?? message.title} homeHref={paths.home.getHref()}>
      <CenteredMessage {...message} />
    </CenteredLayout>
  );
}
