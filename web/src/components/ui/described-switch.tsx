// A switch with its label and a sentence under it that says what the current state means (read with the switch by a
// screen reader). While `busy`, a press waits: the caller shows the asked-for state and saves it.
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useId, type ReactNode } from 'react';

type DescribedSwitchProps = {
  checked: boolean;
  busy: boolean;
  onToggle: (checked: boolean) => void;
  label: ReactNode;
  description: ReactNode;
};

export function DescribedSwitch({ checked, busy, onToggle, label, description }: DescribedSwitchProps) {
  const helpId = useId();
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            onChange={(_e, next) => (busy ? undefined : onToggle(next))}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label={label}
      />
      <FormHelperText id={helpId} sx={{ mx: 0, mt: 0 }}>
        {description}
      </FormHelperText>
    </Box>
  );
}
