// How a broadcast is named and its figures told, on /broadcasts, its own page and in the dialog that starts it.
import type {
  Broadcast,
  BroadcastChannel,
  BroadcastMode,
  BroadcastOccasion,
  BroadcastSkipReason,
} from '@shared/api-types';
import { countText } from '@/lib/count-text';
import { formatCalendarDateWithWeekday, formatTimestamp } from '@/lib/dates';

export const CHANNEL_LABELS: Record<BroadcastChannel, string> = { email: 'E-mail', sms: 'Text message' };

const OCCASION_NAMES: Record<BroadcastOccasion, string> = {
  holiday: 'Holiday greeting',
  'check-in': 'Check-in',
  custom: 'Custom message',
};

const MODE_TEXTS: Record<BroadcastMode, string> = {
  approve: 'you approve each message on Today',
  auto: 'sent by itself',
};

export const SKIP_LABELS: Record<BroadcastSkipReason, string> = {
  'opted-out': 'opted out',
  'no-consent': 'no consent to texts',
  'no-address': 'no address for this channel',
  paused: 'automatic messages paused',
  replied: 'wrote back recently',
  'recent-contact': 'contacted recently',
};

/** "Holiday greeting by e-mail". */
export function broadcastTitle(broadcast: Pick<Broadcast, 'occasion' | 'channel'>): string {
  return `${OCCASION_NAMES[broadcast.occasion]} by ${broadcast.channel === 'email' ? 'e-mail' : 'text'}`;
}

/** "Started Mar 3, 2026 · you approve each message on Today". */
export function broadcastStarted(broadcast: Pick<Broadcast, 'createdAt' | 'mode'>): string {
  return `Started ${formatTimestamp(broadcast.createdAt)} · ${MODE_TEXTS[broadcast.mode]}`;
}

/** "Writing messages" while the job drafts, then "Done". */
export const statusLabel = (broadcast: Pick<Broadcast, 'status'>): string =>
  broadcast.status === 'done' ? 'Done' : 'Writing messages';

/** The recipients skipped, by reason, most first: ['2 clients: opted out', …]. */
export function skipLines(skipped: Broadcast['skipped']): string[] {
  return (Object.entries(skipped) as Array<[BroadcastSkipReason, number]>)
    .filter(([, count]) => count > 0)
    .sort(([, a], [, b]) => b - a)
    .map(([reason, count]) => `${countText(count, 'client', 'clients')}: ${SKIP_LABELS[reason] ?? reason}`);
}

export const skippedTotal = (skipped: Broadcast['skipped']): number =>
  Object.values(skipped).reduce((sum, count) => sum + (count ?? 0), 0);

/** `2026-11-27` → `Fri, Nov 27, 2026`. */
export const sendDayText = (day: string): string => formatCalendarDateWithWeekday(day);
