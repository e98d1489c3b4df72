// GET /api/calendar/{secret}.ics: the agent's client key dates as an iCalendar feed, for calendar
// apps that subscribe by URL (they send no cookie: the secret in the URL is the credential).
import { isRefusal, type InvalidLink } from '../../domain/refusals';
import { notFound, refusalAnswers } from '../../http/errors';
import { definePublicHandler } from '../../http/handler';
import { calendarFeedFile } from '../../services/calendar-feed';

const NO_FEED = 'This calendar link does not work any more. Copy the current link from Settings.';
const REFUSALS = refusalAnswers<InvalidLink>({ 'invalid-link': () => notFound(NO_FEED) });

export const handler = definePublicHandler('calendar/get-calendar-feed', { refusals: REFUSALS }, async ({ params }) => {
  const body = await calendarFeedFile(params.file ?? '');
  if (isRefusal(body)) return body;
  return {
    raw: { body, contentType: 'text/calendar; charset=utf-8' },
    headers: { 'content-disposition': 'inline; filename="client-key-dates.ics"', 'x-robots-tag': 'noindex' },
  };
});
