// "Send a message" on every reminder of a page (the dashboard card, /reminders), opening the page's
// composer with the reminder's occasion preselected.
import { useCallback, useMemo } from 'react';
import type { Client } from '@shared/api-types';
import type { ReminderEvent } from '@shared/reminders';
import { occasionForReminder } from '../message-text';
import { useComposer } from './use-composer';
import { MessageButton } from './message-button';

/** `clients`: at least the clients of the page's reminders (the dashboard gets them with its summary). */
export function useReminderMessages(clients: readonly Client[] | undefined) {
  const { openComposer, composer } = useComposer();
  const byId = useMemo(() => new Map((clients ?? []).map((client) => [client.id, client])), [clients]);
  const renderAction = useCallback(
    (event: ReminderEvent) => {
      const client = byId.get(event.clientId);
      return client ? (
        <MessageButton
          client={client}
          occasion={occasionForReminder(event.kind)}
          label={event.label}
          onOpen={openComposer}
        />
      ) : null;
    },
    [byId, openComposer],
  );
  return { renderAction, composer };
}
