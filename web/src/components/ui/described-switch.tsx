// A switch with its label and a sentence under it that says what the state means (read with the switch by a screen
// reader). A press saves through `save` (its toast is the caller's): the switch shows the asked-for state while it is
// saved (a second press then waits), and `checked`, the saved state, after.
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useId, useState, type ReactNode } from 'react';

type DescribedSwitchProps = {
  checked: boolean;
  save: (on: boolean) => Promise<unknown>;
  label: ReactNode;
  /** What the shown state means. */
  description: (on: boolean) => ReactNode;
};

export function DescribedSwitch({ checked, save, label, description }: DescribedSwitchProps) {
  const helpId = useId();
  const [saving, setSaving] = useState<boolean | null>(null);
  const on = saving ?? checked;

  const toggle = async (next: boolean) => {
    setSaving(next);
    try {
      await save(next);
    } finally {
      setSaving(null);
    }
  };

  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            onChange={(_e, next) => (saving === null ? void toggle(next) : undefined)}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label={label}
      />
      <FormHelperText id={helpId} sx={{ mx: 0, mt: 0 }}>
        {description(on)}
      </FormHelperText>
    </Box>
  );
}
