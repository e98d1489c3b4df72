// The Automations page's preview: whose key dates come round on a day, from the occasion index.
import type { AutomationPreview } from '@shared/api-types';
import { addDays } from '@shared/dates';
import { dueOccasionClients } from '../data/occasions';
import type { UserItem } from '../data/users';
import { draftFacts } from '../domain/draft-facts';
import { KIND_OCCASION } from '../domain/automation-occasions';

/**
 * Whose occasions come round on `date` (the Automations page's preview of tomorrow): one read of the occasion index.
 */
export async function occasionsOn(agent: UserItem, date: string): Promise<AutomationPreview[]> {
  const { due } = await dueOccasionClients(agent.id, date);
  return due
    .flatMap(({ client, kind }) => {
      const occasion = KIND_OCCASION[kind];
      if (!occasion) return [];
      const facts = draftFacts({
        client,
        agent,
        request: { occasion, channel: 'email', tone: 'warm' },
        today: date,
        reviewLink: null,
      });
      return [{ clientId: client.id, clientName: client.name, occasion, label: facts.occasionLabel }];
    })
    .sort((a, b) => a.clientName.localeCompare(b.clientName) || a.occasion.localeCompare(b.occasion));
}

export const tomorrowOf = (today: string) => addDays(today, 1);
