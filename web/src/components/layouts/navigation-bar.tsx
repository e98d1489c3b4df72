// The signed-in navigation: from 600 px up a column at the left (navigation-side.tsx); below, a slim
// bar with the logo at the top and the bottom bar (navigation-bottom-bar.tsx). Links carry
// aria-current on the active one and a count where something waits.
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Logo } from '../ui/logo';
import { BottomNavigationBar, bottomBarSx, BOTTOM_BAR_HEIGHT } from './navigation-bottom-bar';
import { HomeLogoLink, type NavItem } from './navigation-items';
import { SideNavigation, sideColumnSx } from './navigation-side';

export type { NavItem };

type NavigationBarProps = {
  items: readonly NavItem[];
  homeHref: string;
  onLogout: () => Promise<void>;
  isLoggingOut: boolean;
};

const topBarSx = { minHeight: 56, gap: 2 } as const;

export function NavigationBar({ items, homeHref, onLogout, isLoggingOut }: NavigationBarProps) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const logoutLabel = isLoggingOut ? 'Logging out...' : 'Logout';

  if (!isPhone) {
    return (
      <SideNavigation
        items={items}
        homeHref={homeHref}
        onLogout={() => void onLogout()}
        isLoggingOut={isLoggingOut}
        logoutLabel={logoutLabel}
      />
    );
  }
  return (
    <>
      <AppBar position="sticky">
        <Toolbar sx={topBarSx}>
          <HomeLogoLink homeHref={homeHref} />
        </Toolbar>
      </AppBar>
      <BottomNavigationBar items={items} onLogout={onLogout} isLoggingOut={isLoggingOut} logoutLabel={logoutLabel} />
    </>
  );
}

/** How many links the side column and the bottom bar will hold, before the user is known. */
const SIDE_PLACEHOLDERS = 10;
const BAR_PLACEHOLDERS = 5;

/**
 * The navigation before the user is known (their links depend on it): the shapes of what will come,
 * by CSS alone (no media query in script), so the build can prerender it into index.html and a phone
 * paints it before any JavaScript runs.
 */
export function NavigationBarSkeleton() {
  const placeholder = { borderRadius: 10, bgcolor: (t: Theme) => alpha(t.palette.text.primary, 0.08) } as const;
  return (
    <>
      <Box aria-hidden="true" sx={{ ...sideColumnSx, display: { xs: 'none', sm: 'flex' } }}>
        <Box sx={{ display: 'flex', justifyContent: { sm: 'center', md: 'flex-start' }, px: { md: 1 } }}>
          <Logo wordmarkDisplay={{ xs: 'none', md: 'inline' }} />
        </Box>
        <Box sx={{ display: 'grid', gap: 2.5, px: { sm: 1, md: 1.5 }, pt: 1.5 }}>
          {Array.from({ length: SIDE_PLACEHOLDERS }, (_, index) => (
            <Box
              key={index}
              sx={{ ...placeholder, height: 20, width: { sm: '100%', md: `${60 + ((index * 37) % 40)}%` } }}
            />
          ))}
        </Box>
      </Box>
      <AppBar position="sticky" sx={{ display: { xs: 'flex', sm: 'none' } }}>
        <Toolbar sx={topBarSx}>
          <Logo />
        </Toolbar>
      </AppBar>
      <Box
        aria-hidden="true"
        sx={{
          ...bottomBarSx,
          display: { xs: 'grid', sm: 'none' },
          gridTemplateColumns: `repeat(${BAR_PLACEHOLDERS}, 1fr)`,
        }}
      >
        {Array.from({ length: BAR_PLACEHOLDERS }, (_, index) => (
          <Box key={index} sx={{ height: BOTTOM_BAR_HEIGHT, display: 'grid', placeItems: 'center' }}>
            <Box sx={{ ...placeholder, width: 40, height: 24 }} />
          </Box>
        ))}
      </Box>
    </>
  );
}
