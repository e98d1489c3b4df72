// The agent's insights from their counters (functions/data/insights.ts): the months asked for with
// the totals, rates and the median days from a review request to the review, and the monthly
// summary e-mail. Pure: the reads are the caller's.
import type { CompletionBand, GoogleRating, Insights, InsightsMonth, QuietClient } from '@shared/api-types';
import { addDays, isLeapYear, lastMonths, monthDayOf } from '@shared/dates';
import { escapeHtml, firstName as firstNameOf } from './message-text';
import type { RenderedEmail } from './reminder-digest';

export const INSIGHTS_MONTHS = { default: 12, max: 24 } as const;
export const QUIET_DAYS = 90;
/** The quiet clients listed (the count says how many there are). */
export const QUIET_LIST_LIMIT = 25;

/** The counters of one month as functions/data/insights.ts reads them. */
export type MonthCounts = {
  month: string;
  emailManual: number;
  emailAuto: number;
  smsManual: number;
  smsAuto: number;
  call: number;
  meeting: number;
  note: number;
  occasionsDue: number;
  occasionsMessaged: number;
  reviewsRequested: number;
  reviewsSubmitted: number;
  /**
   * The review funnel, counted in the month of the request: requested clients who reached the review page (opened
   * the tracked link, or reviewed), and requested clients who reviewed. Each is a subset of the step before.
   */
  funnelOpened: number;
  funnelReviewed: number;
  invitationsSent: number;
  invitationsCompleted: number;
  optOuts: number;
  bounces: number;
  /** Days from request to review → how many reviews took that long. */
  reviewDays: ReadonlyMap<number, number>;
};

export type InsightsInput = {
  today: string;
  timeZone: string;
  months: number;
  counts: readonly MonthCounts[];
  book: { clients: number; bands: Record<CompletionBand, number>; days: ReadonlyMap<string, number> };
  reach: { count: number; clients: QuietClient[] };
  /** The Google location's rating now (none when not given). */
  googleRating?: GoogleRating | null;
};

const rate = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null;

/**
 * The median of a histogram (value → how many), null when empty; the mean of the two middle values for an even count.
 */
export function histogramMedian(histogram: Iterable<[number, number]>): number | null {
  const values = [...histogram].filter(([, n]) => n > 0).sort(([a], [b]) => a - b);
  const total = values.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return null;
  const at = (index: number): number => {
    let seen = 0;
    for (const [value, n] of values) {
      seen += n;
      if (index < seen) return value;
    }
    return values.at(-1)![0];
  };
  return total % 2 === 1 ? at((total - 1) / 2) : (at(total / 2 - 1) + at(total / 2)) / 2;
}

/**
 * How many key dates come round in the `days` days after today (today excluded, as the digest's "coming up"), from the
 * per-day counts; 29 February counts on 28 February in other years.
 */
export function occasionsWithin(days: ReadonlyMap<string, number>, today: string, span: number): number {
  let total = 0;
  for (let i = 1; i <= span; i += 1) {
    const date = addDays(today, i);
    const { month, day } = monthDayOf(date);
    const key = `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    total += days.get(key) ?? 0;
    if (key === '02-28' && !isLeapYear(Number(date.slice(0, 4)))) total += days.get('02-29') ?? 0;
  }
  return total;
}

function toMonth(counts: MonthCounts | undefined, month: string): InsightsMonth {
  const c = counts ?? emptyCounts(month);
  return {
    month,
    touches: {
      email: { manual: c.emailManual, auto: c.emailAuto },
      sms: { manual: c.smsManual, auto: c.smsAuto },
      call: c.call,
      meeting: c.meeting,
      note: c.note,
    },
    occasions: { due: c.occasionsDue, messaged: c.occasionsMessaged },
    reviews: { requested: c.reviewsRequested, submitted: c.reviewsSubmitted },
    invitations: { sent: c.invitationsSent, completed: c.invitationsCompleted },
    optOuts: c.optOuts,
    bounces: c.bounces,
  };
}

export function emptyCounts(month: string): MonthCounts {
  return {
    month,
    emailManual: 0,
    emailAuto: 0,
    smsManual: 0,
    smsAuto: 0,
    call: 0,
    meeting: 0,
    note: 0,
    occasionsDue: 0,
    occasionsMessaged: 0,
    reviewsRequested: 0,
    reviewsSubmitted: 0,
    funnelOpened: 0,
    funnelReviewed: 0,
    invitationsSent: 0,
    invitationsCompleted: 0,
    optOuts: 0,
    bounces: 0,
    reviewDays: new Map(),
  };
}

/**
 * The review funnel of the period: requested → clicked (reached the review page) → reviewed, each step capped by the
 * one before (a counter healed by a recompute may lag a moment), and the rate reviewed / requested.
 */
export function reviewFunnel(
  requested: number,
  opened: number,
  reviewed: number,
  rest: { submitted: number; medianDays: number | null },
): Insights['totals']['reviews'] {
  const clicked = Math.min(Math.max(0, opened), requested);
  const matched = Math.min(Math.max(0, reviewed), clicked);
  return { requested, clicked, reviewed: matched, ...rest, rate: rate(matched, requested) };
}

const BANDS: readonly CompletionBand[] = ['0-24', '25-49', '50-74', '75-99', '100'];

/** The answer of GET /api/insights: `months` months ending with today's, oldest first. */
export function buildInsights(input: InsightsInput): Insights {
  const wanted = lastMonths(input.today, input.months);
  const byMonth = new Map(input.counts.map((c) => [c.month, c]));
  const inPeriod = wanted.map((month) => byMonth.get(month) ?? emptyCounts(month));
  const sum = (field: Exclude<keyof MonthCounts, 'month' | 'reviewDays'>) =>
    inPeriod.reduce((total, c) => total + c[field], 0);
  const manual = sum('emailManual') + sum('smsManual') + sum('call') + sum('meeting') + sum('note');
  const auto = sum('emailAuto') + sum('smsAuto');
  const reviewDays = new Map<number, number>();
  for (const c of inPeriod) for (const [days, n] of c.reviewDays) reviewDays.set(days, (reviewDays.get(days) ?? 0) + n);
  return {
    timeZone: input.timeZone,
    googleRating: input.googleRating ?? null,
    months: wanted.map((month) => toMonth(byMonth.get(month), month)),
    totals: {
      touches: { total: manual + auto, manual, auto },
      occasions: {
        due: sum('occasionsDue'),
        messaged: sum('occasionsMessaged'),
        rate: rate(sum('occasionsMessaged'), sum('occasionsDue')),
      },
      reviews: reviewFunnel(sum('reviewsRequested'), sum('funnelOpened'), sum('funnelReviewed'), {
        submitted: sum('reviewsSubmitted'),
        medianDays: histogramMedian(reviewDays),
      }),
      invitations: {
        sent: sum('invitationsSent'),
        completed: sum('invitationsCompleted'),
        rate: rate(sum('invitationsCompleted'), sum('invitationsSent')),
      },
      optOuts: sum('optOuts'),
      bounces: sum('bounces'),
    },
    reach: { quietDays: QUIET_DAYS, count: input.reach.count, clients: input.reach.clients },
    book: {
      clients: input.book.clients,
      completion: BANDS.map((band) => ({ band, count: input.book.bands[band] ?? 0 })),
      occasionsNext30: occasionsWithin(input.book.days, input.today, 30),
      occasionsNext90: occasionsWithin(input.book.days, input.today, 90),
    },
  };
}

/** The cutoff date of the quiet clients: contacted before it, or never. */
export function quietCutoff(today: string): string {
  return addDays(today, -QUIET_DAYS);
}

const monthName = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const percent = (value: number | null) => (value === null ? 'none due' : `${Math.round(value * 100)}%`);

/**
 * The monthly summary e-mail (on the 1st, for Pro agents) of the month that just ended: `insights` covers that month
 * only.
 */
export function monthlySummaryEmail(insights: Insights, options: { agentName: string; appUrl: string }): RenderedEmail {
  const month = insights.months.at(-1)!;
  const { totals } = insights;
  const firstName = firstNameOf(options.agentName) || 'there';
  const links = { insights: `${options.appUrl}/insights`, settings: `${options.appUrl}/settings` };
  const lines: Array<[string, string]> = [
    ['Messages and touches', `${totals.touches.total} (${totals.touches.auto} automatic)`],
    [
      'Key dates messaged',
      `${totals.occasions.messaged} of ${totals.occasions.due} (${percent(totals.occasions.rate)})`,
    ],
    [
      'Reviews',
      `${totals.reviews.requested} requested, ${totals.reviews.clicked} opened the link, ${totals.reviews.reviewed} reviewed`,
    ],
    ['Invitations', `${totals.invitations.sent} sent, ${totals.invitations.completed} completed`],
    ['Clients with no touch in 90 days', String(insights.reach.count)],
    ['Key dates in the next 30 days', String(insights.book.occasionsNext30)],
  ];
  const subject = `Your ${monthName(month.month)} in Hearthside`;
  const text = [
    `Hi ${firstName},`,
    '',
    `Here is your ${monthName(month.month)}:`,
    ...lines.map(([label, value]) => `  - ${label}: ${value}`),
    '',
    `See every figure: ${links.insights}`,
    '',
    `You get this summary on the 1st of each month with Pro. Turn it off in Settings: ${links.settings}`,
    '',
  ].join('\n');
  const html = [
    `<p>Hi ${escapeHtml(firstName)},</p>`,
    `<p>Here is your ${escapeHtml(monthName(month.month))}:</p>`,
    `<ul style="margin:0;padding-left:20px">${lines.map(([label, value]) => `<li>${escapeHtml(label)}: <strong>${escapeHtml(value)}</strong></li>`).join('')}</ul>`,
    `<p style="margin-top:24px"><a href="${escapeHtml(links.insights)}">See every figure in Insights</a></p>`,
    `<p style="color:#666;font-size:12px">You get this summary on the 1st of each month with Pro. <a href="${escapeHtml(links.settings)}">Turn it off in Settings</a>.</p>`,
  ].join('\n');
  return { subject, text, html };
}
