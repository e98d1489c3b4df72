// The keep-in-touch rhythm: a client with `cadenceDays` is due for a check-in once that many days have passed since
// their Last Contact (or the day they were added, when there is none). Pure; the check-in index is keyed by the day
// computed here (functions/data/client-lists.ts, functions/data/check-ins.ts).
import { addDays, isCalendarDate } from '@shared/dates';

export type RhythmClient = {
  cadenceDays?: number | null;
  /** `YYYY-MM-DD`, or an ISO instant (a reply's): its day counts. */
  lastContactDate?: string | null;
  createdAt: string;
};

/** The day the client becomes due for a check-in (`YYYY-MM-DD`), or null without a rhythm. */
export function checkInDueDate(client: RhythmClient): string | null {
  if (!client.cadenceDays) return null;
  const from = (client.lastContactDate || client.createdAt).slice(0, 10);
  return isCalendarDate(from) ? addDays(from, client.cadenceDays) : null;
}

/** Whether the client is due on `today` (the agent's day): the due day has come, or passed. */
export function isDueForCheckIn(client: RhythmClient, today: string): boolean {
  const due = checkInDueDate(client);
  return due !== null && due <= today;
}
