// The small menu of a row's Snooze (how many days) or Dismiss (why), named by the button that opens it. Loaded with its
// own chunk when the agent first reaches for one of those buttons: most mornings end with Call, Text or Done.
import MenuItem from '@mui/material/MenuItem';
import { ButtonMenu, type ButtonMenuProps } from '@/components/ui/button-menu';

export type Choice = { value: string; label: string };

type ChoiceMenuProps = Pick<ButtonMenuProps, 'id' | 'buttonId' | 'anchor'> & {
  choices: readonly Choice[];
  onChoose: (value: string) => void;
  onClose: () => void;
};

export function ChoiceMenu({ choices, onChoose, onClose, ...menu }: ChoiceMenuProps) {
  return (
    <ButtonMenu {...menu} onClose={onClose}>
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
    </ButtonMenu>
  );
}
