// The signed-in navigation: logo, links (aria-current on the active one) and Logout. Below the
// SPEC's 768 px breakpoint the links collapse into a menu behind an icon button.
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import MenuRounded from '@mui/icons-material/MenuRounded';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import { alpha, useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState, type MouseEvent } from 'react';
import { NavLink, Link as RouterLink } from 'react-router-dom';
import { Logo } from '../ui/logo';

export type NavItem = {
  label: string;
  href: string;
  /** Active only on an exact match (the home link). */
  end?: boolean;
};

type NavigationBarProps = {
  items: readonly NavItem[];
  homeHref: string;
  onLogout: () => Promise<void>;
  isLoggingOut: boolean;
};

export function NavigationBar({ items, homeHref, onLogout, isLoggingOut }: NavigationBarProps) {
  const theme = useTheme();
  const isMobile = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const logoutLabel = isLoggingOut ? 'Logging out...' : 'Logout';

  return (
    <AppBar position="sticky">
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ minHeight: { xs: 60, md: 68 }, gap: 2 }}>
          <Link component={RouterLink} to={homeHref} underline="none" sx={{ display: 'flex', color: 'inherit', borderRadius: 1.5, mr: 'auto' }}>
            <Logo />
          </Link>
          {isMobile ? (
            <MobileNavigation items={items} onLogout={onLogout} isLoggingOut={isLoggingOut} logoutLabel={logoutLabel} />
          ) : (
            <>
              <Box component="nav" aria-label="Main">
                <Box component="ul" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, m: 0, p: 0, listStyle: 'none' }}>
                  {items.map((item) => (
                    <li key={item.href}>
                      <Button
                        component={NavLink}
                        to={item.href}
                        end={item.end}
                        sx={{
                          color: 'text.secondary',
                          px: 1.5,
                          '&:hover': { color: 'text.primary', backgroundColor: alpha(theme.palette.primary.main, 0.06) },
                          '&[aria-current="page"]': { color: 'primary.dark', backgroundColor: alpha(theme.palette.primary.main, 0.1) },
                        }}
                      >
                        {item.label}
                      </Button>
                    </li>
                  ))}
                </Box>
              </Box>
              <Button variant="outlined" color="primary" onClick={() => void onLogout()} disabled={isLoggingOut} startIcon={<LogoutRounded />}>
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

function MobileNavigation({ items, onLogout, isLoggingOut, logoutLabel }: MobileNavigationProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const open = anchor !== null;

  const handleOpen = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
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
        onClick={handleOpen}
        edge="end"
        sx={{ color: 'text.primary' }}
      >
        <MenuRounded />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={handleClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {items.map((item) => (
          <MenuItem
            key={item.href}
            component={NavLink}
            to={item.href}
            end={item.end}
            onClick={handleClose}
            sx={{ '&[aria-current="page"]': { color: 'primary.dark', fontWeight: 650, backgroundColor: (t) => alpha(t.palette.primary.main, 0.08) } }}
          >
            {item.label}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem onClick={() => void handleLogout()} disabled={isLoggingOut}>
          <ListItemIcon>
            <LogoutRounded fontSize="small" />
          </ListItemIcon>
          {logoutLabel}
        </MenuItem>
      </Menu>
    </>
  );
}
