// GET /api/calendar/{secret}.ics: the agent's client key dates as an iCalendar feed, for calendar
// apps that subscribe by URL (they send no cookie: the secret in the URL is the credential).
import { config } from '../../config';
import { findCalendarFeedOwner } from '../../data/calendar-feeds';
import { listClients } from '../../data/clients';
import { calendarFeed } from '../../domain/calendar-feed';
import { secretFromFileName } from '../../services/calendar-feed';
import { notFound } from '../../http/errors';
import { definePublicHandler } from '../../http/handler';

const NO_FEED = 'This calendar link does not work any more. Copy the current link from Settings.';

export const handler = definePublicHandler('calendar/get-calendar-feed', {}, async ({ params }) => {
  const secret = secretFromFileName(params.file ?? '');
  if (!secret) throw notFound(NO_FEED);
  const agent = await findCalendarFeedOwner(secret);
  if (!agent) throw notFound(NO_FEED);
  const clients = await listClients(agent.id);
  const body = calendarFeed({
    clients,
    calendarName: 'Client key dates',
    appUrl: config().appUrl,
    generatedAt: new Date(),
  });
  return {
    raw: { body, contentType: 'text/calendar; charset=utf-8' },
    headers: { 'content-disposition': 'inline; filename="client-key-dates.ics"', 'x-robots-tag': 'noindex' },
  };
});
