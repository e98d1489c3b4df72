// What the dozen clients of functions/local/seed.ts get in the demo's story on top of the fields the seed gives them:
// their tags, keep-in-touch rhythm, custom dates and consent to texts, and how often the agent is in touch.
import type { Keeping } from './book';
import type { DemoClock } from './clock';

/** What the dozen of functions/local/seed.ts get, by name. */
export function regulars(clock: DemoClock): Record<string, Keeping> {
  const { around, yearsAgo } = clock;
  return {
    'Maria Lopez': {
      tags: ['Past client', 'VIP', 'Austin'],
      cadenceDays: 30,
      rhythm: 'close',
      prefers: 'sms',
      consent: true,
    },
    'James Carter': { tags: ['Past client', 'Austin'], cadenceDays: 60, rhythm: 'regular', prefers: 'email' },
    'Priya Patel': {
      tags: ['Past client', 'Sphere'],
      cadenceDays: 90,
      rhythm: 'regular',
      prefers: 'sms',
      consent: true,
      quietDays: 16,
    },
    'Daniel Kim': {
      tags: ['Past client', 'Investor'],
      cadenceDays: 90,
      keyDates: [{ label: 'Lease renewal', date: around(12, yearsAgo(1)) }],
      rhythm: 'regular',
      prefers: 'email',
      consent: true,
    },
    'Sophie Martin': { tags: ['Buyer'], cadenceDays: 21, rhythm: 'close', prefers: 'sms', consent: true },
    'Robert Johnson': { tags: ['Past client', 'Lake Travis'], rhythm: 'quiet', prefers: 'email' },
    'Aisha Okafor': { tags: ['Past client'], cadenceDays: 60, rhythm: 'regular', prefers: 'email', consent: true },
    'Lucas Silva': { tags: ['Sphere'], rhythm: 'regular', prefers: 'sms', consent: true },
    'Emily Chen': {
      tags: ['Past client', 'Austin'],
      cadenceDays: 45,
      rhythm: 'close',
      prefers: 'email',
      consent: true,
    },
    'Michael Brown': { tags: ['Seller'], rhythm: 'regular', prefers: 'email' },
    'Olivia Davis': {
      tags: ['Past client'],
      keyDates: [{ label: 'Kids back to school', date: `--${around(75, 2000).slice(5)}` }],
      rhythm: 'regular',
      prefers: 'email',
    },
    'Noah Wilson': {
      tags: ['Buyer', 'First-time buyer'],
      cadenceDays: 14,
      rhythm: 'close',
      prefers: 'sms',
      consent: true,
    },
  };
}
