// POST /api/twilio/inbound: Twilio's webhook for texts clients send to our number. Verified by
// X-Twilio-Signature over APP_URL's /api/twilio/inbound (the URL configured in Twilio, never the
// request's Host) and the form parameters; anything else is 403. The text then takes the one inbound
// path (functions/services/inbound-texts.ts): a keyword acts on the number, anything else is a reply
// to the agent who texted it. HELP, and the question of a number several agents texted, are answered in the TwiML;
// every other text gets an empty answer.
import { config, twilioWebhookToken } from '../../config';
import { escapeHtml } from '../../domain/message-text';
import type { BadSignature } from '../../domain/refusals';
import { isValidTwilioSignature } from '../../domain/twilio-signature';
import { forbidden, refusalAnswers } from '../../http/errors';
import { definePublicHandler } from '../../http/handler';
import { requestHeader } from '../../http/client-ip';
import { handleInboundText } from '../../services/inbound-texts';

const TWIML_START = '<?xml version="1.0" encoding="UTF-8"?><Response>';
const twiml = (reply?: string) => `${TWIML_START}${reply ? `<Message>${escapeHtml(reply)}</Message>` : ''}</Response>`;

const REFUSALS = refusalAnswers<BadSignature>({
  'bad-signature': ({ reason }) =>
    forbidden(
      reason === 'not-configured'
        ? 'Twilio is not configured on this server: its requests cannot be verified.'
        : 'The Twilio signature is missing or wrong.',
      'BAD_SIGNATURE',
    ),
});

export const handler = definePublicHandler(
  'twilio/post-twilio-inbound',
  { refusals: REFUSALS },
  async ({ event, rawBody, log }) => {
    const authToken = await twilioWebhookToken().catch(() => undefined);
    // Without the auth token no signature can be checked: refused like a bad one.
    if (!authToken) return { kind: 'bad-signature', reason: 'not-configured' };
    const params = new URLSearchParams(rawBody.toString('utf8'));
    const url = `${config().appUrl}/api/twilio/inbound`;
    if (!isValidTwilioSignature(authToken, url, params, requestHeader(event, 'x-twilio-signature')))
      return { kind: 'bad-signature', reason: 'mismatch' };
    const outcome = await handleInboundText({
      from: params.get('From') ?? '',
      to: params.get('To') ?? '',
      body: params.get('Body') ?? '',
      provider: 'twilio',
      at: new Date(),
      ...(params.get('MessageSid') ? { sourceId: params.get('MessageSid')! } : {}),
    });
    log.info('twilio inbound text', { outcome: outcome.kind });
    return {
      raw: { body: twiml('reply' in outcome ? outcome.reply : undefined), contentType: 'text/xml; charset=utf-8' },
    };
  },
);
