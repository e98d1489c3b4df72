// The demo agent's practice with the dozen of functions/local/seed.ts, as it was first written for the next best
// touch (issue 42): calls, meetings and notes over the past year, referrals between clients (an Advocate, a Fan, a
// referral not thanked yet) and a review link opened twice this week. Played in the story's order with the rest of the
// year (functions/local/demo/timeline.ts).
import type { TouchKind } from '@shared/messages';

/** Touches by client name: kind and how many days before the seeding day. */
export const PRACTICE_TOUCHES: Record<string, Array<[TouchKind, number]>> = {
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
 * referral thank its referrer; the latest, Noah's today, is not thanked yet.
 */
export const PRACTICE_REFERRALS: Array<[string, string, number]> = [
  ['Priya Patel', 'Maria Lopez', 250],
  ['Emily Chen', 'Daniel Kim', 150],
  ['Noah Wilson', 'Maria Lopez', 0],
];

/** James's review link (he was asked before the story), opened this many hours before the seeding. */
export const PRACTICE_LINK_OPENS: Array<[string, number]> = [
  ['James Carter', 50],
  ['James Carter', 3],
];
