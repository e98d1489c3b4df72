// How the Insights page words its figures: rates, periods, channels and the completion bands.
import type { CompletionBand, Insights, InsightsMonth } from '@shared/api-types';
import { formatCalendarDate, formatMonthYear } from '@/lib/dates';

/** 0.756 → '76%'; no rate (nothing to divide by) → '—'. */
export function percentText(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 100)}%`;
}

/** A count with grouped digits: 1234 → '1,234'. */
export function numberText(value: number): string {
  return value.toLocaleString('en-US');
}

/** A week by its first day: '2026-03-02' → 'Mar 2'. */
export function weekText(week: string): string {
  return formatCalendarDate(`--${week.slice(5, 10)}`);
}

/** 'Dec 2025 – Nov 2026' (one month: 'Nov 2026'). */
export function periodText(months: readonly InsightsMonth[]): string {
  const first = months[0]?.month;
  const last = months.at(-1)?.month;
  if (!first || !last) return '';
  return first === last ? formatMonthYear(last) : `${formatMonthYear(first)} – ${formatMonthYear(last)}`;
}

/** The touches chart's parts: a channel, and for messages whether the agent or an automation sent them. */
export type TouchPart = 'email-manual' | 'email-auto' | 'sms-manual' | 'sms-auto' | 'logged';

export const TOUCH_PARTS: ReadonlyArray<{
  part: TouchPart;
  label: string;
  channel: 'email' | 'sms' | 'logged';
  auto: boolean;
}> = [
  { part: 'email-manual', label: 'E-mail, by you', channel: 'email', auto: false },
  { part: 'email-auto', label: 'E-mail, automatic', channel: 'email', auto: true },
  { part: 'sms-manual', label: 'Text, by you', channel: 'sms', auto: false },
  { part: 'sms-auto', label: 'Text, automatic', channel: 'sms', auto: true },
  { part: 'logged', label: 'Call, meeting or note', channel: 'logged', auto: false },
];

/** A month's touches in the chart's parts, and their sum. */
export function touchParts(month: InsightsMonth): { parts: Record<TouchPart, number>; total: number } {
  const { email, sms, call, meeting, note } = month.touches;
  const parts: Record<TouchPart, number> = {
    'email-manual': email.manual,
    'email-auto': email.auto,
    'sms-manual': sms.manual,
    'sms-auto': sms.auto,
    logged: call + meeting + note,
  };
  return { parts, total: Object.values(parts).reduce((sum, n) => sum + n, 0) };
}

/** The period's touches by channel (the answer's totals say manual and automatic, not the channels). */
export function channelTotals(insights: Insights): { email: number; sms: number; logged: number } {
  let email = 0;
  let sms = 0;
  let logged = 0;
  for (const { touches } of insights.months) {
    email += touches.email.manual + touches.email.auto;
    sms += touches.sms.manual + touches.sms.auto;
    logged += touches.call + touches.meeting + touches.note;
  }
  return { email, sms, logged };
}

export const BAND_LABELS: Record<CompletionBand, string> = {
  '0-24': '0–24%',
  '25-49': '25–49%',
  '50-74': '50–74%',
  '75-99': '75–99%',
  '100': '100%',
};

export const BANDS: readonly CompletionBand[] = ['0-24', '25-49', '50-74', '75-99', '100'];

/** 'median 6 days', 'median 1 day'; none yet → 'median —'. */
export function medianDaysText(days: number | null): string {
  if (days === null) return 'median —';
  const rounded = Math.round(days * 10) / 10;
  return `median ${rounded.toLocaleString('en-US')} ${rounded === 1 ? 'day' : 'days'}`;
}
