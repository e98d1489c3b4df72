// The achievements a client has earned as of today; the server awards each type once, with a
// conditional write, so this may be asked again and again.
import { missingProfileItems, type CompletionClient } from '@shared/completion';
import { dateParts, isCalendarDate } from '@shared/dates';
import { occurrenceIn } from '@shared/reminders';

export type MilestoneIcon = 'Star' | 'Home';

export type Milestone = {
  type: string;
  name: string;
  description: string;
  icon: MilestoneIcon;
  /** The day it marks (a home anniversary), when it has one; others are achieved when awarded. */
  achievedOn?: string;
};

export type MilestoneClient = CompletionClient;

export const PROFILE_COMPLETE: Milestone = {
  type: 'profile-complete',
  name: 'Profile Complete',
  description: 'Every detail of their profile is filled in.',
  icon: 'Star',
};

export const REVIEW_SUBMITTED: Milestone = {
  type: 'review-submitted',
  name: 'Review Submitted',
  description: 'Shared a review of their experience. Thank you!',
  icon: 'Star',
};

export function homeownerMilestone(years: number): Milestone {
  return {
    type: `homeowner-${years}`,
    name: `${years} Year Homeowner`,
    description: `Celebrating ${years} ${years === 1 ? 'year' : 'years'} in their home.`,
    icon: 'Home',
  };
}

/**
 * Home anniversaries that have arrived: year n counts once its occurrence (purchase year + n) is on or before today.
 */
function passedHomeAnniversaries(purchaseDate: string | null | undefined, today: string): number {
  if (!isCalendarDate(purchaseDate)) return 0;
  const purchaseYear = dateParts(purchaseDate).year;
  let years = 0;
  while (occurrenceIn(purchaseDate, purchaseYear + years + 1) <= today) years += 1;
  return years;
}

export function dueMilestones(client: MilestoneClient, today: string): Milestone[] {
  const due: Milestone[] = [];
  if (missingProfileItems(client).length === 0) due.push(PROFILE_COMPLETE);
  if (client.reviewStatus === 'submitted') due.push(REVIEW_SUBMITTED);
  const years = passedHomeAnniversaries(client.purchaseDate, today);
  // Each dated by the anniversary it marks: a client added with a purchase in 2015 earned "1 Year Homeowner" in 2016,
  // not today.
  for (let n = 1; n <= years; n += 1)
    due.push({
      ...homeownerMilestone(n),
      achievedOn: occurrenceIn(client.purchaseDate!, dateParts(client.purchaseDate!).year + n),
    });
  return due;
}
