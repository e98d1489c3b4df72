// The words of the offline banner and the waiting chip.
import { lazyDateFormat } from '@/lib/dates';

const clock = lazyDateFormat({ hour: 'numeric', minute: '2-digit' });
const dayAndClock = lazyDateFormat({
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "You're offline. Showing what you saw at 9:41 AM." (with the day when it was not today), or just the first part. */
export function offlineBannerText(shownFrom: string | null, now = new Date()): string {
  if (!shownFrom) return "You're offline.";
  const at = new Date(shownFrom);
  const sameDay = at.toDateString() === now.toDateString();
  return sameDay
    ? `You're offline. Showing what you saw at ${clock().format(at)}.`
    : `You're offline. Showing what you saw on ${dayAndClock().format(at)}.`;
}

export const waitingText = (count: number): string => `Waiting to send (${count})`;
