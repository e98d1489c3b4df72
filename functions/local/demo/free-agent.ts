// The second demo agent, on the free plan: a book of exactly FREE_CLIENT_LIMIT clients added over the last months
// (so the 11th asks for the upgrade), a few calls and e-mails, and key dates coming up, which is the free experience:
// the dashboard, reminders, a short next best list, and Insights and automatic sending behind the upgrade.
import { FREE_CLIENT_LIMIT } from '@shared/constants';
import { todayIn } from '@shared/dates';
import { getClient } from '../../data/clients';
import { getUserById } from '../../data/users';
import { isRefusal } from '../../domain/refusals';
import { createLogger } from '../../observability/logger';
import { addClient, logTouch } from '../../services/clients';
import { sendClientEmail } from '../../services/messages';
import { demoClock, hm } from './clock';
import { DemoStoryError } from './play';
import { firstName } from './words';

const log = createLogger({ component: 'demo-seed' });

export async function seedFreeAgent(agentId: string, now = new Date()): Promise<void> {
  const agent = await getUserById(agentId, true);
  if (!agent) throw new DemoStoryError('the free demo agent is missing');
  const { around, at, day, yearsAgo } = demoClock(todayIn(agent.timeZone, now));
  const people: Array<[name: string, addedDaysAgo: number, dates: Record<string, string>]> = [
    ['Paula Greene', 150, { birthday: around(2, 1986) }],
    ['Victor Huang', 140, { purchaseDate: around(9, yearsAgo(5)) }],
    ['Rosa Jimenez', 120, { anniversary: around(17, 2012) }],
    ['Caleb Ford', 110, {}],
    ['Lily Adams', 95, { birthday: around(33, 1994) }],
    ['Omar Haddad', 80, { purchaseDate: day(60) }],
    ['Jenna Wolfe', 60, { birthday: around(-3, 1990) }],
    ['Diego Santos', 45, {}],
    ['Hazel Price', 30, { anniversary: around(50, 2018) }],
    ['Felix Moreau', 12, { birthday: around(70, 1979) }],
  ];
  const ids: string[] = [];
  for (const [index, [name, addedDaysAgo, dates]] of people.slice(0, FREE_CLIENT_LIMIT).entries()) {
    const email = `${name.toLowerCase().replace(' ', '.')}@example.com`;
    const phone = `(512) 555-01${String(60 + index)}`;
    const added = await addClient(agent, { name, email, phone, ...dates }, ['Sphere'], log, at(addedDaysAgo, hm(10)));
    if (isRefusal(added)) throw new DemoStoryError(`${name} was refused: ${added.kind}`);
    ids.push(added.client.id);
  }
  const touches: Array<[client: number, kind: 'call' | 'meeting' | 'note', daysAgo: number]> = [
    [0, 'meeting', 140],
    [1, 'call', 100],
    [3, 'call', 70],
    [5, 'note', 40],
    [7, 'call', 9],
  ];
  for (const [client, kind, daysAgo] of touches) {
    const when = at(daysAgo, hm(15));
    await logTouch(agent, ids[client]!, { kind, date: when.toISOString() }, when);
  }
  for (const [client, daysAgo] of [
    [2, 50],
    [6, 20],
  ] as const) {
    const item = await getClient(agent.id, ids[client]!);
    if (!item) throw new DemoStoryError('a free demo client is missing');
    const mail = {
      channel: 'email',
      subject: 'Checking in',
      body: `Hi ${firstName(item.name)}, how is everything going?\n\nCasey`,
    } as const;
    const sent = await sendClientEmail(agent, item, mail, at(daysAgo, hm(11)));
    if (isRefusal(sent)) throw new DemoStoryError(`the e-mail to ${item.name} was refused: ${sent.kind}`);
  }
}
