// POST /api/google/calendar/sync: the agent's Google Calendar both ways now (the Hearthside calendar brought to the
// clients' key dates, check-ins and scheduled sends; the agent's own calendar read for meetings with clients), answered
// 202 with what it did. Google Calendar must be turned on (409 otherwise).
import { isRefusal } from '../../domain/refusals';
import { refusalAnswers } from '../../http/errors';
import { GOOGLE_ERRORS, GOOGLE_FEATURE_ANSWERS } from '../../http/google-errors';
import { defineHandler } from '../../http/handler';
import { syncGoogleCalendar, type CalendarSyncRefusal } from '../../services/google-calendar-sync';

const REFUSALS = refusalAnswers<CalendarSyncRefusal>(GOOGLE_FEATURE_ANSWERS);

export const handler = defineHandler(
  'google/post-google-calendar-sync',
  { refusals: REFUSALS, errors: GOOGLE_ERRORS },
  async ({ user, log }) => {
    const synced = await syncGoogleCalendar(user);
    if (isRefusal(synced)) return synced;
    log.info('google calendar synced', synced);
    return { status: 202, body: synced };
  },
);
