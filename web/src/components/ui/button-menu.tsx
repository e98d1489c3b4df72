// A menu a button opens, which names it: open while it hangs from the button, closed when `anchor` is null.
import Menu, { type MenuProps } from '@mui/material/Menu';

export type ButtonMenuProps = Omit<MenuProps, 'id' | 'open' | 'anchorEl' | 'slotProps'> & {
  id: string;
  /** The button that opens it, which names it. */
  buttonId: string;
  /** Open under this element; closed when null. */
  anchor: HTMLElement | null;
};

export function ButtonMenu({ buttonId, anchor, ...props }: ButtonMenuProps) {
  return (
    <Menu anchorEl={anchor} open={anchor !== null} slotProps={{ list: { 'aria-labelledby': buttonId } }} {...props} />
  );
}
