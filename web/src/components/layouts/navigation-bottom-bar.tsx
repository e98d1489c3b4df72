// The signed-in navigation below 600 px: a bar fixed to the bottom of the screen, in reach of the
// thumb, with the pages an agent opens most (Today, Clients, Inbox, Reviews) and More, a menu with the
// rest and Logout (its code loads when the agent reaches for it: navigation-menu.tsx).
import MoreHoriz from '@mui/icons-material/MoreHoriz';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { alpha, type Theme } from '@mui/material/styles';
import { lazy, Suspense, useId, useState, type MouseEvent, type ReactElement } from 'react';
import { NavLink } from 'react-router-dom';
import { PlainList } from '../ui/plain-list';
import { itemName, type NavItem } from './navigation-items';

/** The bar's height above the screen's safe area: the page keeps that much room below its content. */
export const BOTTOM_BAR_HEIGHT = 64;

export const bottomBarSx = {
  position: 'fixed',
  left: 0,
  right: 0,
  bottom: 0,
  zIndex: (theme: Theme) => theme.zIndex.appBar,
  bgcolor: 'background.paper',
  borderTop: 1,
  borderColor: 'divider',
  pb: 'env(safe-area-inset-bottom)',
} as const;

const tabSx = (theme: Theme) => ({
  width: '100%',
  height: BOTTOM_BAR_HEIGHT,
  display: 'flex',
  // The label comes first in the link (its words, a space, then the count's, as the name says them: 'Today, 3
  // waiting'), and shows under the icon.
  flexDirection: 'column-reverse',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 0.25,
  color: 'text.secondary',
  fontSize: '0.75rem',
  fontWeight: 600,
  textDecoration: 'none',
  '& svg': { fontSize: 24 },
  '&[aria-current="page"], &[aria-expanded="true"]': {
    color: 'primary.dark',
    '& .nav-icon': { backgroundColor: alpha(theme.palette.primary.main, 0.12) },
  },
});

const NavigationMenu = lazy(() => import('./navigation-menu').then((m) => ({ default: m.NavigationMenu })));
const loadNavigationMenu = () => void import('./navigation-menu');

type BottomNavigationBarProps = {
  items: readonly NavItem[];
  onLogout: () => Promise<void>;
  isLoggingOut: boolean;
  logoutLabel: string;
};

function TabIcon({ icon, count }: { icon: ReactElement; count: number }) {
  return (
    <Box className="nav-icon" sx={{ display: 'grid', placeItems: 'center', width: 56, height: 30, borderRadius: 15 }}>
      {count > 0 ? (
        // The count's words are in the link's name (itemName).
        <Badge
          badgeContent={count}
          color="secondary"
          max={99}
          overlap="circular"
          slotProps={{ badge: { 'aria-hidden': true } }}
        >
          {icon}
        </Badge>
      ) : (
        icon
      )}
    </Box>
  );
}

export function BottomNavigationBar({ items, onLogout, isLoggingOut, logoutLabel }: BottomNavigationBarProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const buttonId = useId();
  const menuId = useId();
  const open = anchor !== null;
  const onBar = items.filter((item) => item.phoneBar);
  const inMore = items.filter((item) => !item.phoneBar);

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
    <Box component="nav" aria-label="Main" sx={bottomBarSx}>
      <PlainList sx={{ display: 'grid', gridTemplateColumns: `repeat(${onBar.length + 1}, 1fr)` }}>
        {onBar.map((item) => (
          <li key={item.href}>
            <ButtonBase component={NavLink} to={item.href} end={item.end} aria-label={itemName(item)} sx={tabSx}>
              {item.phoneBar?.label ?? item.label} <TabIcon icon={item.icon} count={item.badge?.count ?? 0} />
            </ButtonBase>
          </li>
        ))}
        <li>
          <ButtonBase
            id={buttonId}
            aria-controls={open ? menuId : undefined}
            aria-haspopup="menu"
            aria-expanded={open ? 'true' : 'false'}
            onPointerDown={loadNavigationMenu}
            onFocus={loadNavigationMenu}
            onClick={handleOpen}
            sx={tabSx}
          >
            More
            <TabIcon icon={<MoreHoriz />} count={0} />
          </ButtonBase>
        </li>
      </PlainList>
      {opened ? (
        <Suspense fallback={null}>
          <NavigationMenu
            id={menuId}
            buttonId={buttonId}
            anchor={anchor}
            items={inMore}
            onClose={handleClose}
            onLogout={() => void handleLogout()}
            isLoggingOut={isLoggingOut}
            logoutLabel={logoutLabel}
            above
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
