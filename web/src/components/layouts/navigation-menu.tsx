// The phone's More menu: the links the bottom bar has no room for, and Logout, above the bar's More
// button (navigation-bottom-bar.tsx), loaded with its own chunk when the visitor reaches for the button.
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import { alpha } from '@mui/material/styles';
import { NavLink } from 'react-router-dom';
import { ButtonMenu, type ButtonMenuProps } from '../ui/button-menu';
import { ItemLabel, itemName, type NavItem } from './navigation-items';

type NavigationMenuProps = Pick<ButtonMenuProps, 'id' | 'buttonId' | 'anchor'> & {
  items: readonly NavItem[];
  onClose: () => void;
  onLogout: () => void;
  isLoggingOut: boolean;
  logoutLabel: string;
  /** Open above the button (it sits at the bottom of the screen) rather than below it. */
  above?: boolean;
};

export function NavigationMenu({
  items,
  onClose,
  onLogout,
  isLoggingOut,
  logoutLabel,
  above = false,
  ...menu
}: NavigationMenuProps) {
  return (
    <ButtonMenu
      {...menu}
      onClose={onClose}
      anchorOrigin={{ vertical: above ? 'top' : 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: above ? 'bottom' : 'top', horizontal: 'right' }}
    >
      {items.map((item) => (
        <MenuItem
          key={item.href}
          component={NavLink}
          to={item.href}
          end={item.end}
          aria-label={itemName(item)}
          onClick={onClose}
          sx={{
            '&[aria-current="page"]': {
              color: 'primary.dark',
              fontWeight: 650,
              backgroundColor: (t) => alpha(t.palette.primary.main, 0.08),
            },
          }}
        >
          <ListItemIcon>{item.icon}</ListItemIcon>
          <ItemLabel item={item} />
        </MenuItem>
      ))}
      <Divider />
      <MenuItem onClick={onLogout} disabled={isLoggingOut}>
        <ListItemIcon>
          <LogoutRounded fontSize="small" />
        </ListItemIcon>
        {logoutLabel}
      </MenuItem>
    </ButtonMenu>
  );
}
