// The signed-in navigation: logo, links (aria-current on the active one, a count where something
// waits) and Logout. Below the SPEC's 768 px breakpoint the links collapse into a menu behind an
// icon button (its menu loads on demand: navigation-menu.tsx); just above it they wrap onto a second
// line rather than run off the bar.
import LogoutRounded from '@/components/icons/LogoutRounded';
import MenuRounded from '@/components/icons/MenuRounded';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useId, useState, type MouseEvent } from 'react';
import { NavLink, Link as RouterLink } from 'react-router-dom';
import { PlainList } from '../ui/plain-list';
import { APP_NAME } from '@/config/app';
import { Logo } from '../ui/logo';
import { ItemLabel, itemName, type NavItem } from './navigation-items';

export type { NavItem };

type NavigationBarProps = {
  items: readonly NavItem[];
  homeHref: string;
  onLogout: () => Promise<void>;
  isLoggingOut: boolean;
};

const WORDMARK_DISPLAY = { xs: 'inline', md: 'none', xl: 'inline' };

/** The bar's height: the skeleton below keeps it, so nothing under the bar moves when the real one replaces it. */
const toolbarSx = { minHeight: { xs: 60, md: 68 }, gap: 2 } as const;

export function NavigationBar({ items, homeHref, onLogout, isLoggingOut }: NavigationBarProps) {
  const theme = useTheme();
  const isMobile = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const logoutLabel = isLoggingOut ? 'Logging out...' : 'Logout';

  return (
    <AppBar position="sticky">
      {/* Nine links, the name and Logout fit one line: the name shows on phones and from 1280 px (the bar
          widens there). */}
      <Container maxWidth="xl">
        <Toolbar disableGutters sx={toolbarSx}>
          <Link
            component={RouterLink}
            to={homeHref}
            underline="none"
            aria-label={APP_NAME}
            sx={{ display: 'flex', flexShrink: 0, color: 'inherit', borderRadius: 1.5, mr: 'auto' }}
          >
            <Logo wordmarkDisplay={WORDMARK_DISPLAY} />
          </Link>
          {isMobile ? (
            <MobileNavigation items={items} onLogout={onLogout} isLoggingOut={isLoggingOut} logoutLabel={logoutLabel} />
          ) : (
            <>
              <Box component="nav" aria-label="Main" sx={{ minWidth: 0 }}>
                <PlainList
                  sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    justifyContent: 'flex-end',
                    alignItems: 'center',
                    gap: { md: 0, lg: 0.25 },
                  }}
                >
                  {items.map((item) => (
                    <li key={item.href}>
                      <Button
                        component={NavLink}
                        to={item.href}
                        end={item.end}
                        aria-label={itemName(item)}
                        sx={{
                          color: 'text.secondary',
                          // Nine links and Logout on one line from 900 px up (the menu takes over below).
                          px: { md: 0.75, lg: 1 },
                          minWidth: 0,
                          fontSize: { md: '0.8125rem', lg: '0.875rem' },
                          '&:hover': {
                            color: 'text.primary',
                            backgroundColor: alpha(theme.palette.primary.main, 0.06),
                          },
                          '&[aria-current="page"]': {
                            color: 'primary.dark',
                            backgroundColor: alpha(theme.palette.primary.main, 0.1),
                          },
                        }}
                      >
                        <ItemLabel item={item} />
                      </Button>
                    </li>
                  ))}
                </PlainList>
              </Box>
              <Button
                variant="outlined"
                color="primary"
                onClick={() => void onLogout()}
                disabled={isLoggingOut}
                startIcon={<LogoutRounded />}
                sx={{ flexShrink: 0, px: { md: 1.25, lg: 2 } }}
              >
                {logoutLabel}
              </Button>
            </>
          )}
        </Toolbar>
      </Container>
    </AppBar>
  );
}

type MobileNavigationProps = Omit<NavigationBarProps, 'homeHref'> & { logoutLabel: string };

const NavigationMenu = lazy(() => import('./navigation-menu').then((m) => ({ default: m.NavigationMenu })));
/** The menu's code loads when the visitor reaches for the button, not with the page. */
const loadNavigationMenu = () => void import('./navigation-menu');

function MobileNavigation({ items, onLogout, isLoggingOut, logoutLabel }: MobileNavigationProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Stays mounted once opened, so the menu can play its closing transition.
  const [opened, setOpened] = useState(false);
  const buttonId = useId();
  const menuId = useId();
  const open = anchor !== null;

  const handleOpen = (event: MouseEvent<HTMLElement>) => {
    setOpened(true);
    setAnchor(event.currentTarget);
  };
  const handleClose = () => setAnchor(null);
  const handleLogout = async () => {
    await onLogout();
    setAnchor(null);
  };

  return (
    <>
      <IconButton
        id={buttonId}
        aria-label="Open navigation menu"
        aria-controls={open ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={open ? 'true' : 'false'}
        onPointerEnter={loadNavigationMenu}
        onPointerDown={loadNavigationMenu}
        onFocus={loadNavigationMenu}
        onClick={handleOpen}
        edge="end"
        sx={{ color: 'text.primary' }}
      >
        <MenuRounded />
      </IconButton>
      {opened ? (
        <Suspense fallback={null}>
          <NavigationMenu
            id={menuId}
            buttonId={buttonId}
            anchor={anchor}
            items={items}
            onClose={handleClose}
            onLogout={() => void handleLogout()}
            isLoggingOut={isLoggingOut}
            logoutLabel={logoutLabel}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** Where the links (from `md` up) and the Logout button will be, before the user is known. */
const LINK_PLACEHOLDER_WIDTHS = [76, 48, 118, 116, 92, 62, 64, 40] as const;

/**
 * The bar before the user is known (their links depend on it): the logo, and the shapes of what
 * will come, by CSS alone (no media query in script), so the build can prerender it into
 * index.html and a phone paints it before any JavaScript runs.
 */
export function NavigationBarSkeleton() {
  const placeholder = {
    height: 20,
    borderRadius: 10,
    bgcolor: (t: Theme) => alpha(t.palette.text.primary, 0.08),
  } as const;
  return (
    <AppBar position="sticky">
      <Container maxWidth="xl">
        <Toolbar disableGutters sx={toolbarSx}>
          <Box sx={{ display: 'flex', flexShrink: 0, mr: 'auto' }}>
            <Logo wordmarkDisplay={WORDMARK_DISPLAY} />
          </Box>
          <Box
            aria-hidden="true"
            sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 2, minWidth: 0, overflow: 'hidden' }}
          >
            {LINK_PLACEHOLDER_WIDTHS.map((width, index) => (
              <Box
                key={index}
                sx={{
                  ...placeholder,
                  width,
                  flexShrink: 1,
                  display: { md: index < 6 ? 'block' : 'none', lg: 'block' },
                }}
              />
            ))}
          </Box>
          <Box
            aria-hidden="true"
            sx={{ display: { xs: 'none', md: 'block' }, ...placeholder, width: 104, height: 36, flexShrink: 0 }}
          />
          <Box
            aria-hidden="true"
            sx={{
              display: { xs: 'grid', md: 'none' },
              placeItems: 'center',
              width: 40,
              height: 40,
              mr: -1.5,
              color: 'text.primary',
            }}
          >
            <MenuRounded />
          </Box>
        </Toolbar>
      </Container>
    </AppBar>
  );
}
