// The signed-in navigation from 600 px up: a column at the left of every page, the logo, the links
// (icon and label; from 600 to 767 px a narrow rail with the label under the icon) and Logout.
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { alpha, type Theme } from '@mui/material/styles';
import { NavLink } from 'react-router-dom';
import { PlainList } from '../ui/plain-list';
import { HomeLogoLink, ItemLabel, itemName, type NavItem } from './navigation-items';

type SideNavigationProps = {
  items: readonly NavItem[];
  homeHref: string;
  onLogout: () => void;
  isLoggingOut: boolean;
  logoutLabel: string;
};

/** The column's width: a rail below `md`, room for the labels from there. */
export const SIDE_NAVIGATION_WIDTH = { sm: 88, md: 232 } as const;

export const sideColumnSx = {
  position: 'sticky',
  top: 0,
  height: '100vh',
  width: SIDE_NAVIGATION_WIDTH,
  flexShrink: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  py: 2,
  px: { sm: 1, md: 1.5 },
  overflowY: 'auto',
  bgcolor: 'background.paper',
  borderRight: 1,
  borderColor: 'divider',
} as const;

const entrySx = (theme: Theme) => ({
  width: '100%',
  display: 'flex',
  flexDirection: { sm: 'column', md: 'row' },
  alignItems: 'center',
  justifyContent: { sm: 'center', md: 'flex-start' },
  gap: { sm: 0.5, md: 1.5 },
  px: { sm: 0.5, md: 1.5 },
  py: { sm: 1, md: 1.25 },
  borderRadius: 2,
  color: 'text.secondary',
  fontWeight: 600,
  fontSize: { sm: '0.6875rem', md: '0.9375rem' },
  lineHeight: 1.25,
  textAlign: { sm: 'center', md: 'left' },
  textDecoration: 'none',
  '& svg': { fontSize: 22, flexShrink: 0 },
  '&:hover': { color: 'text.primary', backgroundColor: alpha(theme.palette.primary.main, 0.06) },
  '&[aria-current="page"]': { color: 'primary.dark', backgroundColor: alpha(theme.palette.primary.main, 0.1) },
});

export function SideNavigation({ items, homeHref, onLogout, isLoggingOut, logoutLabel }: SideNavigationProps) {
  return (
    <Box sx={sideColumnSx}>
      <HomeLogoLink
        homeHref={homeHref}
        wordmarkDisplay={{ xs: 'none', md: 'inline' }}
        sx={{ justifyContent: { sm: 'center', md: 'flex-start' }, px: { md: 1 } }}
      />
      <Box component="nav" aria-label="Main" sx={{ flex: 1 }}>
        <PlainList gap={0.25}>
          {items.map((item) => (
            <li key={item.href}>
              <ButtonBase component={NavLink} to={item.href} end={item.end} aria-label={itemName(item)} sx={entrySx}>
                {item.icon}
                <ItemLabel item={item} />
              </ButtonBase>
            </li>
          ))}
        </PlainList>
      </Box>
      <ButtonBase onClick={onLogout} disabled={isLoggingOut} sx={entrySx}>
        <LogoutRounded />
        {logoutLabel}
      </ButtonBase>
    </Box>
  );
}
