// In a client's detail: whether automations write to this client (on) or are paused for them (off).
// The switch shows the asked-for state while the change is saved (and keeps focus: a second press
// then waits), and the client's own state after.
import { useState } from 'react';
import type { Client } from '@shared/api-types';
import { DescribedSwitch } from '@/components/ui/described-switch';
import { useToastedAction } from '@/components/ui/toast/use-toasted-action';
import { usePauseClientAutomations } from '../api/pause-client-automations';
import { firstNameOf } from '../automation-text';

export const PAUSE_LABEL = 'Automatic messages for this client';

export function AutomationsPauseSwitch({ client }: { client: Client }) {
  const { trigger, isMutating } = usePauseClientAutomations();
  const act = useToastedAction();
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
    <DescribedSwitch
      checked={on}
      busy={isMutating}
      onToggle={(checked) => void toggle(checked)}
      label={PAUSE_LABEL}
      description={
        on
          ? `${name} gets your birthday and anniversary messages as your automations say.`
          : `Paused: no automatic messages go to ${name}. You can still send one yourself.`
      }
    />
  );
}
