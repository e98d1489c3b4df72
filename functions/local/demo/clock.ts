// The demo's calendar: every day and instant of the story counted back from the day it is seeded, in the demo agent's
// zone, and a random stream seeded by a fixed seed and that day, so the same day always gives the same story and no
// day gives a stale one.
import { addDays, isCalendarDate } from '@shared/dates';
import { zonedInstant } from '../../domain/client-message';

export const DEMO_TIME_ZONE = 'America/Chicago';
const SEED = 'hearthside-demo-44';

export type DemoClock = {
  /** The seeding day (YYYY-MM-DD in DEMO_TIME_ZONE). */
  today: string;
  /** The date `daysAgo` days before today. */
  day(daysAgo: number): string;
  /** The instant of `hh:mm` on the day `daysAgo` days before today, in DEMO_TIME_ZONE. */
  at(daysAgo: number, minuteOfDay: number): Date;
  /** A key date `days` from today in `year` (the year of a birthday, a wedding, a purchase). */
  around(days: number, year: number): string;
  /** The year `years` before today's. */
  yearsAgo(years: number): number;
  /** A random stream for `label`, the same for the same day and label. */
  random(label: string): Random;
};

export type Random = {
  /** A number in [0, 1). */
  next(): number;
  /** A whole number from `min` to `max`, both included. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
};

export function demoClock(today: string): DemoClock {
  const year = Number(today.slice(0, 4));
  return {
    today,
    day: (daysAgo) => addDays(today, -daysAgo),
    at: (daysAgo, minuteOfDay) => zonedInstant(addDays(today, -daysAgo), minuteOfDay, DEMO_TIME_ZONE),
    around: (days, inYear) => {
      const date = `${inYear}${addDays(today, days).slice(4)}`;
      // 29 February in a year without it: the 28th.
      return isCalendarDate(date) ? date : `${inYear}-02-28`;
    },
    yearsAgo: (years) => year - years,
    random: (label) => randomStream(`${SEED}|${today}|${label}`),
  };
}

/** `hh:mm` as minutes after midnight. */
export const hm = (hours: number, minutes = 0): number => hours * 60 + minutes;

/** mulberry32 over the FNV-1a hash of `seed`: small, fast and the same everywhere. */
function randomStream(seed: string): Random {
  let state = 2166136261;
  for (let i = 0; i < seed.length; i += 1) state = Math.imul(state ^ seed.charCodeAt(i), 16777619) >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
  };
}
