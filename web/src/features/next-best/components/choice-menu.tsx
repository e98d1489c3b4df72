// The small menu of a row's Snooze (how many days) or Dismiss (why), named by the button that opens it. Loaded with its
// own chunk when the agent first reaches for one of those buttons: most mornings end with Call, Text or Done.
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

export type Choice = { value: string; label: string };

type ChoiceMenuProps = {
  id: string;
  /** The button that opens it, which names it. */
  buttonId: string;
  anchor: HTMLElement | null;
  choices: readonly Choice[];
  onChoose: (value: string) => void;
  onClose: () => void;
};

export function ChoiceMenu({ id, buttonId, anchor, choices, onChoose, onClose }: ChoiceMenuProps) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      slotProps={{ list: { 'aria-labelledby': buttonId } }}
    >
      {choices.map((choice) => (
        <MenuItem
          key={choice.value}
          onClick={() => {
            onClose();
            onChoose(choice.value);
          }}
        >
          {choice.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
