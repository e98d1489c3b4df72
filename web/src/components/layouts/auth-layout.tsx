// The sign-in screen's frame: the form column, and from `md` up a side panel beside it. The form
// column is held inert until the prerendered page has hydrated (HydrationGate).
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { pageTitle } from '@/config/app';
import { HydrationGate } from '../ui/hydration-gate';
import { Logo } from '../ui/logo';

type AuthLayoutProps = {
  title: string;
  aside: ReactNode;
  children: ReactNode;
};

export function AuthLayout({ title, aside, children }: AuthLayoutProps) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: '5fr 6fr' } }}>
      <title>{pageTitle(title)}</title>
      <Box
        component="main"
        sx={{
          display: 'flex',
          flexDirection: 'column',
          px: { xs: 2.5, sm: 4, lg: 8 },
          py: { xs: 3, sm: 5 },
          bgcolor: 'background.default',
        }}
      >
        <Logo />
        <Box
          sx={{
            flex: 1,
            display: 'flex',
            alignItems: { xs: 'flex-start', sm: 'center' },
            justifyContent: 'center',
            py: { xs: 4, sm: 5 },
          }}
        >
          <HydrationGate sx={{ width: '100%', maxWidth: 420 }}>{children}</HydrationGate>
        </Box>
      </Box>
      <Box component="aside" sx={{ display: { xs: 'none', md: 'flex' } }}>
        {aside}
      </Box>
    </Box>
  );
}
