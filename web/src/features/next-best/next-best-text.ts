// The words of Today's next best touches: the tiers, the snooze lengths, the reasons to dismiss a suggestion, and
// what the toast says after each decision.
import {
  DISMISS_REASONS,
  type DismissReason,
  type NextBestChannel,
  type NextBestFeedback,
  type RelationshipTier,
} from '@shared/next-best';
import { countText } from '@/lib/count-text';
import { formatCalendarDateWithWeekdayShort } from '@/lib/dates';

/** The tiers worth a chip (everyone else has none). */
export const TIER_LABELS: Record<RelationshipTier, string | null> = { advocate: 'Advocate', fan: 'Fan', other: null };

/** How the client answers (the preferred button is the filled one). */
export const CHANNEL_HINTS: Record<NextBestChannel, string> = {
  email: 'Best by e-mail',
  sms: 'Best by text',
  call: 'Best by phone',
};

/** Snooze lengths offered, in days (within NEXT_BEST_SNOOZE_DAYS). */
export const SNOOZE_CHOICES = [1, 3, 7, 14, 30] as const;

export const DISMISS_LABELS: Record<DismissReason, string> = {
  'not-relevant': 'Not relevant',
  'contacted-elsewhere': 'Contacted elsewhere',
  'wrong-cadence': 'Wrong rhythm',
};
export const DISMISS_CHOICES: readonly DismissReason[] = DISMISS_REASONS;

export const NOBODY_TODAY =
  'Nobody needs a touch from you today. Enjoy the quiet: when someone does, they will be here.';

export const dayCount = (days: number) => countText(days, 'day', 'days');

/** "Sam is back on your list on Tue, Mar 3." when the server said when. */
function backOn(name: string, until: string | undefined): string | undefined {
  return until
    ? `${name} is back on your list on ${formatCalendarDateWithWeekdayShort(until.slice(0, 10))}.`
    : undefined;
}

/** The toast after a decision: a title and, when there is one, a line about what comes next. */
export function feedbackToast(name: string, feedback: NextBestFeedback): { title: string; description?: string } {
  const logged = feedback.touchLogged ? 'The touch is logged.' : undefined;
  if (feedback.action === 'done') return { title: `Done with ${name}`, description: logged };
  if (feedback.action === 'snooze') return { title: `Snoozed ${name}`, description: backOn(name, feedback.until) };
  return { title: `Dismissed ${name}`, description: logged ?? backOn(name, feedback.until) };
}
