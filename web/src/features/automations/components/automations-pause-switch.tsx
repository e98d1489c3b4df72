// In a client's detail: whether automations write to this client (on) or are paused for them (off).
// The switch shows the asked-for state while the change is saved (and keeps focus: a second press
// then waits), and the client's own state after.
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useId, useState } from 'react';
import type { Client } from '@shared/api-types';
import { useToastedAction } from '@/components/ui/toast/use-toasted-action';
import { usePauseClientAutomations } from '../api/pause-client-automations';
import { firstNameOf } from '../automation-text';

export const PAUSE_LABEL = 'Automatic messages for this client';

export function AutomationsPauseSwitch({ client }: { client: Client }) {
  const { trigger, isMutating } = usePauseClientAutomations();
  const act = useToastedAction();
  const helpId = useId();
  const name = firstNameOf(client.name);
  /** The paused state being saved; null when nothing is. */
  const [saving, setSaving] = useState<boolean | null>(null);
  const on = !(saving ?? client.automationsPaused);

  const toggle = async (turnOn: boolean) => {
    setSaving(!turnOn);
    await act(() => trigger({ clientId: client.id, paused: !turnOn }), {
      done: () => ({ title: turnOn ? `Automatic messages on for ${name}` : `Automatic messages paused for ${name}` }),
      failureTitle: 'Not saved',
    });
    setSaving(null);
  };

  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            onChange={(_e, checked) => (isMutating ? undefined : void toggle(checked))}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label={PAUSE_LABEL}
      />
      <FormHelperText id={helpId} sx={{ mx: 0, mt: 0 }}>
        {on
          ? `${name} gets your birthday and anniversary messages as your automations say.`
          : `Paused: no automatic messages go to ${name}. You can still send one yourself.`}
      </FormHelperText>
    </Box>
  );
}
