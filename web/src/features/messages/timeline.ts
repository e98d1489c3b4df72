// One client's timeline: everything that happened, newest first, from what the page already reads: the activity
// (messages both ways, review requests, calls, meetings, notes, consent changes), the milestones, and the client
// itself (how they came in, when they opened the review link, when their review arrived).
import type { Activity, Client, ClientMilestone, ClientOrigin } from '@shared/api-types';

export type TimelineEntry =
  | { kind: 'activity'; key: string; at: string; entry: Activity }
  | { kind: 'milestone'; key: string; at: string; milestone: ClientMilestone }
  /** `how`: undefined for a client added before the way in was recorded. */
  | { kind: 'joined'; key: string; at: string; how: ClientOrigin | undefined }
  | { kind: 'review-opened'; key: string; at: string }
  | { kind: 'review-submitted'; key: string; at: string };

/** When an activity entry happened: a message when it left (or is due), a touch on its date. */
export function activityTime(entry: Activity): string {
  switch (entry.type) {
    case 'message':
      return entry.sentAt ?? entry.sendAt ?? entry.createdAt;
    case 'touch':
      return entry.date;
    case 'consent':
      return entry.at;
  }
}

export function timelineOf(
  client: Pick<Client, 'createdAt' | 'origin' | 'reviewLinkOpenedAt' | 'reviewStatus' | 'reviewSubmittedAt'>,
  activity: readonly Activity[],
  milestones: readonly ClientMilestone[],
): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    ...activity.map((entry): TimelineEntry => ({ kind: 'activity', key: entry.id, at: activityTime(entry), entry })),
    ...milestones.map((milestone): TimelineEntry => ({
      kind: 'milestone',
      key: `milestone-${milestone.type}`,
      at: milestone.achievedAt,
      milestone,
    })),
    { kind: 'joined', key: 'joined', at: client.createdAt, how: client.origin },
  ];
  if (client.reviewLinkOpenedAt)
    entries.push({ kind: 'review-opened', key: 'review-opened', at: client.reviewLinkOpenedAt });
  if (client.reviewStatus === 'submitted' && client.reviewSubmittedAt)
    entries.push({ kind: 'review-submitted', key: 'review-submitted', at: client.reviewSubmittedAt });
  // Newest first; the order given breaks ties (the API's activity is newest first already).
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry.at.localeCompare(a.entry.at) || a.index - b.index)
    .map(({ entry }) => entry);
}
