// The Automations page's preview: whose key dates come round on a day, from the occasion index.
import type { AutomationPreview, Automations } from '@shared/api-types';
import { withDefaultRules } from '@shared/automations';
import { addDays, todayIn } from '@shared/dates';
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

/** The agent's rules (every occasion's, off by default) and whose occasions come round tomorrow in their time zone. */
export async function automationsOf(agent: UserItem): Promise<Automations> {
  const date = tomorrowOf(todayIn(agent.timeZone));
  return { rules: withDefaultRules(agent.automations), tomorrow: { date, occasions: await occasionsOn(agent, date) } };
}
