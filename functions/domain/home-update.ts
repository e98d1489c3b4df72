// The monthly home update (the automation occasion `home-update`, Pro): when a past client's update is due, how often
// they get one as they answer or not, and the e-mail itself. Pure.
//
// - The day: each client has a day of the month (1–28) for their update, the first one within 7 days of the day the
//   client was added, so the clients of a big import are spread over a week rather than all mailed the next morning.
// - The cadence follows engagement: every month; every three months after 3 updates in a row without a click; none
//   after 6 (the agent is told). A click on the update's link starts the count again.
import { dateParts } from '@shared/dates';
import type { HomeValue } from '@shared/home-value';

/** The client's update state (on the client item, moved by the client record). */
export type HomeUpdateState = {
  /** Updates sent in a row without a click on their link. */
  unclicked: number;
  /** The month (`YYYY-MM`) of the latest update sent. */
  lastSentMonth?: string;
  /** When the client last clicked an update's link (ISO). */
  lastClickAt?: string;
};

export const QUARTERLY_AFTER_UNCLICKED = 3;
export const STOP_AFTER_UNCLICKED = 6;

/** A small stable hash of a string (FNV-1a), for spreading clients over days. */
function spread(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The client's day of the month (1–28): 1 to 7 days after the day they were added, the same every month after. */
export function homeUpdateDay(client: { id: string; createdAt: string }): number {
  const added = dateParts(client.createdAt.slice(0, 10)).day;
  const after = 1 + (spread(client.id) % 7);
  return ((Math.min(added, 28) - 1 + after) % 28) + 1;
}

/**
 * The client's sort key in the home update index (`<DD>#<clientId>`: data/home-update-index.ts), or null: only
 * a confirmed client with a ZIP code and a purchase date has an entry.
 */
export function homeUpdateIndexSk(client: {
  id: string;
  createdAt: string;
  postalCode?: string | null;
  purchaseDate?: string | null;
  registrationPendingAt?: string | null;
}): string | null {
  if (client.registrationPendingAt || !client.postalCode || !client.purchaseDate) return null;
  return `${String(homeUpdateDay(client)).padStart(2, '0')}#${client.id}`;
}

const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));

/**
 * Whether the update of `month` goes: `send`; `sent` (this month's went); `resting` (quarterly, and the last was less
 * than three months ago); `stopped` (six without a click).
 */
export function homeUpdateCadence(
  state: HomeUpdateState | undefined,
  month: string,
): 'send' | 'sent' | 'resting' | 'stopped' {
  const unclicked = state?.unclicked ?? 0;
  if (unclicked >= STOP_AFTER_UNCLICKED) return 'stopped';
  const last = state?.lastSentMonth;
  if (last && monthsBetween(last, month) <= 0) return 'sent';
  if (last && unclicked >= QUARTERLY_AFTER_UNCLICKED && monthsBetween(last, month) < 3) return 'resting';
  return 'send';
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const signed = (pct: number) => `${pct >= 0 ? 'up' : 'down'} ${Math.abs(pct).toLocaleString('en-US')}%`;

/** The e-mail's call to action, word for word. */
export const HOME_UPDATE_CTA = 'Want a real number? Ask me for a free home valuation.';

/** The update e-mail: the range, the change since purchase, the market's year, the call to action, FHFA's line. */
export function homeUpdateEmail(input: {
  clientFirstName: string;
  agentName: string;
  value: HomeValue;
  /** The tracked link of the call to action. */
  link: string;
}): { subject: string; body: string } {
  const { value } = input;
  const area = value.geoUsed.label;
  const lines = [
    `Hi ${input.clientFirstName},`,
    '',
    value.estimateLow !== null && value.estimateHigh !== null
      ? `Here is this month's estimate of your home's value: ${dollars.format(value.estimateLow)} to ${dollars.format(value.estimateHigh)}.`
      : `Here is this month's update on your home's value.`,
    `Homes like yours in ${area} are ${signed(value.changeSincePurchasePct)} since you bought.`,
    ...(value.yearChangePct !== null
      ? [`Over the last year, prices in ${area} went ${signed(value.yearChangePct)}.`]
      : []),
    '',
    `${HOME_UPDATE_CTA} ${input.link}`,
    '',
    `An index-based estimate for your area, not an appraisal (FHFA House Price Index, through ${value.vintage.through}).`,
    value.attribution,
    '',
    input.agentName,
  ];
  return { subject: `Your home's value this month, ${input.clientFirstName}`, body: lines.join('\n') };
}
