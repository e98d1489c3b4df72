// POST /api/google/calendar/push/{channelId}: Google's notification that a watched calendar changed (no body; the
// channel in the path of the address the app gave it, the channel's token in X-Goog-Channel-Token). A channel the app
// never made or a token that is not its own is refused 403 and queues nothing; otherwise the calendar's sync is queued
// and Google answered at once (200), as it asks of a webhook.
import type { BadSignature } from '../../domain/refusals';
import { requestHeader } from '../../http/client-ip';
import { forbidden, refusalAnswers } from '../../http/errors';
import { definePublicHandler } from '../../http/handler';
import { acceptCalendarPush } from '../../services/google-calendar-sync';

const REFUSALS = refusalAnswers<BadSignature>({
  'bad-signature': () => forbidden('Unknown channel, or its token is missing or wrong.', 'BAD_CHANNEL_TOKEN'),
});

export const handler = definePublicHandler(
  'google/post-google-calendar-push',
  { refusals: REFUSALS },
  async ({ event, log }) => {
    const accepted = await acceptCalendarPush({
      channelId: event.pathParameters?.channelId ?? '',
      token: requestHeader(event, 'x-goog-channel-token') ?? '',
    });
    if ('kind' in accepted) return accepted;
    log.info('google calendar push', accepted);
    return { status: 200, body: accepted };
  },
);
