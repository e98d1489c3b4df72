// The signed-in navigation: logo, links (aria-current on the active one, a count where something
// waits) and Logout. Below the SPEC's 768 px breakpoint the links collapse into a menu behind an
// icon button; just above it they wrap onto a second line rather than run off the bar.
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
  /** Something waits there: the count beside the label, and `label` ('3 waiting') in the link's name. */
  badge?: { count: number; label: string };
};

/** The link's accessible name when its count shows ('Today, 3 waiting'); its text otherwise. */
function itemName(item: NavItem): string | undefined {
  return item.badge && item.badge.count > 0 ? `${item.label}, ${item.badge.label}` : undefined;
}

/** The label, and the count beside it when there is one (its words are in the link's name). */
function ItemLabel({ item }: { item: NavItem }) {
  if (!item.badge || item.badge.count <= 0) return item.label;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      {item.label}
      <Box
        component="span"
        aria-hidden="true"
        sx={{
          minWidth: 20,
          height: 20,
          px: 0.75,
          borderRadius: 10,
          display: 'inline-grid',
          placeItems: 'center',
          bgcolor: 'secondary.main',
          color: 'secondary.contrastText',
          fontSize: '0.75rem',
          fontWeight: 700,
          lineHeight: 1,
        }}
      >
        {item.badge.count > 99 ? '99+' : item.badge.count}
      </Box>
    </Box>
  );
}

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
          <Link component={RouterLink} to={homeHref} underline="none" sx={{ display: 'flex', flexShrink: 0, color: 'inherit', borderRadius: 1.5, mr: 'auto' }}>
            <Logo />
          </Link>
          {isMobile ? (
            <MobileNavigation items={items} onLogout={onLogout} isLoggingOut={isLoggingOut} logoutLabel={logoutLabel} />
          ) : (
            <>
              <Box component="nav" aria-label="Main" sx={{ minWidth: 0 }}>
                <Box
                  component="ul"
                  sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', alignItems: 'center', gap: 0.5, m: 0, p: 0, listStyle: 'none' }}
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
                          px: { md: 1, lg: 1.5 },
                          '&:hover': { color: 'text.primary', backgroundColor: alpha(theme.palette.primary.main, 0.06) },
                          '&[aria-current="page"]': { color: 'primary.dark', backgroundColor: alpha(theme.palette.primary.main, 0.1) },
                        }}
                      >
                        <ItemLabel item={item} />
                      </Button>
                    </li>
                  ))}
                </Box>
              </Box>
              <Button
                variant="outlined"
                color="primary"
                onClick={() => void onLogout()}
                disabled={isLoggingOut}
                startIcon={<LogoutRounded />}
                sx={{ flexShrink: 0 }}
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
            aria-label={itemName(item)}
            onClick={handleClose}
            sx={{ '&[aria-current="page"]': { color: 'primary.dark', fontWeight: 650, backgroundColor: (t) => alpha(t.palette.primary.main, 0.08) } }}
          >
            <ItemLabel item={item} />
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
