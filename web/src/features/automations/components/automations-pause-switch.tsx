// In a client's detail: whether automations write to this client (on) or are paused for them (off).
// The switch shows the asked-for state while the change is saved (and keeps focus: a second press
// then waits), and the client's own state after.
import type { Client } from '@shared/api-types';
import { DescribedSwitch } from '@/components/ui/described-switch';
import { useToastedAction } from '@/components/ui/toast/use-toasted-action';
import { usePauseClientAutomations } from '../api/pause-client-automations';
import { firstNameOf } from '../automation-text';

export const PAUSE_LABEL = 'Automatic messages for this client';

export function AutomationsPauseSwitch({ client }: { client: Client }) {
  const { trigger } = usePauseClientAutomations();
  const act = useToastedAction();
  const name = firstNameOf(client.name);
  return (
    <DescribedSwitch
      checked={!client.automationsPaused}
      save={(on) =>
        act(() => trigger({ clientId: client.id, paused: !on }), {
          done: () => ({ title: on ? `Automatic messages on for ${name}` : `Automatic messages paused for ${name}` }),
          failureTitle: 'Not saved',
        })
      }
      label={PAUSE_LABEL}
      description={(on) =>
        on
          ? `${name} gets your birthday and anniversary messages as your automations say.`
          : `Paused: no automatic messages go to ${name}. You can still send one yourself.`
      }
    />
  );
}
