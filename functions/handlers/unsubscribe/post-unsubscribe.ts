// POST /api/unsubscribe/{token}: stops e-mail from the token's agent to its client. Public and
// idempotent (200 every time). RFC 8058 one-click: the mailbox provider POSTs the form body
// `List-Unsubscribe=One-Click`, cross-site and without our Origin, so this route is `body: 'raw'`
// in the route table: the only JSON-or-form route, exempt from the CSRF rule on purpose. What
// authorises the change is the signed token naming one agent and one client, and the change can
// only stop mail; the web page /unsubscribe/{token} sends JSON.
import type { UnsubscribeResult } from '@shared/api-types';
import type { BodyTooLarge, InvalidLink, UnsupportedMediaType } from '../../domain/refusals';
import { HttpError, notFound, refusalAnswers } from '../../http/errors';
import { definePublicHandler } from '../../http/handler';
import { requestHeader } from '../../http/client-ip';
import { unsubscribe } from '../../services/unsubscribe';

const MAX_BODY_BYTES = 1024;
const ACCEPTED = new Set([
  '',
  'application/x-www-form-urlencoded',
  'application/json',
  'multipart/form-data',
  'text/plain',
]);

export const UNSUBSCRIBE_MESSAGES = {
  invalid: 'This unsubscribe link is not valid. Use the link in the latest e-mail you received.',
  done: (agentName: string) => `You will no longer receive e-mails from ${agentName} through Hearthside.`,
} as const;

const REFUSALS = refusalAnswers<UnsupportedMediaType | BodyTooLarge | InvalidLink>({
  'unsupported-media-type': () =>
    new HttpError(415, 'Send this request as a form (List-Unsubscribe=One-Click) or as JSON.', {
      code: 'UNSUPPORTED_MEDIA_TYPE',
    }),
  'body-too-large': () => new HttpError(413, 'The request body is too large.', { code: 'PAYLOAD_TOO_LARGE' }),
  'invalid-link': () => notFound(UNSUBSCRIBE_MESSAGES.invalid),
});

export const handler = definePublicHandler(
  'unsubscribe/post-unsubscribe',
  { refusals: REFUSALS },
  async ({ event, params, rawBody }) => {
    const type = (requestHeader(event, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!ACCEPTED.has(type)) return { kind: 'unsupported-media-type' };
    if (rawBody.length > MAX_BODY_BYTES) return { kind: 'body-too-large', maxBytes: MAX_BODY_BYTES };
    const done = await unsubscribe(params.token ?? '');
    if (!done) return { kind: 'invalid-link' };
    return {
      body: {
        unsubscribed: true,
        agentName: done.agentName,
        message: UNSUBSCRIBE_MESSAGES.done(done.agentName),
      } satisfies UnsubscribeResult,
    };
  },
);
