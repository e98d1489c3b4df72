// The signed-in navigation below 768 px: the links and Logout in a menu under the bar's icon button
// (navigation-bar.tsx), loaded with its own chunk when the visitor reaches for the button.
import LogoutRounded from '@/components/icons/LogoutRounded';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { alpha } from '@mui/material/styles';
import { NavLink } from 'react-router-dom';
import { ItemLabel, itemName, type NavItem } from './navigation-items';

type NavigationMenuProps = {
  id: string;
  /** The button that opens it, which names it. */
  buttonId: string;
  /** Open under this element; closed when null. */
  anchor: HTMLElement | null;
  items: readonly NavItem[];
  onClose: () => void;
  onLogout: () => void;
  isLoggingOut: boolean;
  logoutLabel: string;
};

export function NavigationMenu({
  id,
  buttonId,
  anchor,
  items,
  onClose,
  onLogout,
  isLoggingOut,
  logoutLabel,
}: NavigationMenuProps) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
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
          onClick={onClose}
          sx={{
            '&[aria-current="page"]': {
              color: 'primary.dark',
              fontWeight: 650,
              backgroundColor: (t) => alpha(t.palette.primary.main, 0.08),
            },
          }}
        >
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
    </Menu>
  );
}
