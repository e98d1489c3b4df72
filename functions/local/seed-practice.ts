// The demo agent's practice, so Today's next best touch has something to say on the day the demo starts and on any
// day after: touches logged over the past year (calls, meetings, notes, dated back from the seeding day), referrals
// between clients (an Advocate, Fans, a referral not thanked yet) and a client who opened their review link twice this
// week. Synthetic: the people are the seed's invented clients, and every date is counted from the day it runs.
import { addDays, todayIn } from '@shared/dates';
import type { TouchKind } from '@shared/messages';
import { changeClient, updateClient } from '../client-record/record';
import type { ClientItem } from '../data/clients';
import { getUserById } from '../data/users';
import { logTouch } from '../services/clients';
import { creditReferral } from '../services/referrals';

/** Touches by client name: kind and how many days before the seeding day. */
const TOUCHES: Record<string, Array<[TouchKind, number]>> = {
  'Maria Lopez': [
    ['meeting', 300],
    ['call', 200],
    ['note', 100],
    ['call', 35],
  ],
  'James Carter': [
    ['meeting', 240],
    ['call', 50],
  ],
  'Daniel Kim': [
    ['call', 330],
    ['note', 120],
  ],
  'Sophie Martin': [['call', 2]],
  'Robert Johnson': [['meeting', 400]],
  'Michael Brown': [
    ['call', 150],
    ['note', 50],
  ],
  'Olivia Davis': [
    ['meeting', 180],
    ['call', 47],
  ],
  'Lucas Silva': [['note', 20]],
  'Emily Chen': [['call', 10]],
};

/**
 * Who referred whom (the referred client first), and how many days before the seeding day. The touches after a
 * referral thank its referrer; the latest, Noah's, is not thanked yet.
 */
const REFERRALS: Array<[string, string, number]> = [
  ['Priya Patel', 'Maria Lopez', 250],
  ['Emily Chen', 'Daniel Kim', 150],
  ['Noah Wilson', 'Maria Lopez', 0],
];

/** Writes the demo agent's year of practice over the clients the seed just added. */
export async function seedPractice(agentId: string, clients: readonly ClientItem[], now = new Date()): Promise<void> {
  const agent = await getUserById(agentId, true);
  if (!agent) return;
  const today = todayIn(agent.timeZone, now);
  const byName = new Map(clients.map((client) => [client.name, client]));
  const refer = async ([referredName, referrerName, daysAgo]: (typeof REFERRALS)[number]) => {
    const referred = byName.get(referredName);
    const referrer = byName.get(referrerName);
    if (!referred || !referrer) return;
    const at = new Date(now.getTime() - daysAgo * 86_400_000);
    const updated = await updateClient(agentId, referred.id, { referredBy: referrer.id }, at);
    if (updated) await creditReferral(updated, null, at);
  };
  for (const referral of REFERRALS.filter(([, , daysAgo]) => daysAgo > 0)) await refer(referral);
  for (const [name, touches] of Object.entries(TOUCHES)) {
    const client = byName.get(name);
    if (!client) continue;
    for (const [kind, daysAgo] of touches) {
      await logTouch(agent, client.id, { kind, date: `${addDays(today, -daysAgo)}T16:00:00.000Z` }, now);
    }
  }
  for (const referral of REFERRALS.filter(([, , daysAgo]) => daysAgo === 0)) await refer(referral);
  // The review link James was sent, opened twice this week.
  const james = byName.get('James Carter');
  for (const hoursAgo of [50, 3]) {
    if (!james) break;
    const at = new Date(now.getTime() - hoursAgo * 3_600_000).toISOString();
    await changeClient(agentId, james.id, { kind: 'review-link-opened', at }, { now });
  }
}
