// POST /api/twilio/inbound: Twilio's webhook for texts clients send to our number. Verified by
// X-Twilio-Signature over APP_URL's /api/twilio/inbound (the URL configured in Twilio, never the
// request's Host) and the form parameters; anything else is 403. A carrier opt-out keyword marks
// the number opted out and every client we texted at it (found through the texted-phone index).
import { config, twilioCredentials } from '../../config';
import { clientsTextedAt, optOutClient } from '../../data/messages';
import { markPhoneOptedOut } from '../../data/opt-out-marks';
import { isOptOutMessage, isValidTwilioSignature } from '../../domain/twilio-signature';
import { forbidden } from '../../http/errors';
import { definePublicHandler } from '../../http/handler';
import { requestHeader } from '../../http/client-ip';

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

export const handler = definePublicHandler('twilio/post-twilio-inbound', {}, async ({ event, rawBody, log }) => {
  const credentials = await twilioCredentials().catch(() => undefined);
  // Without the auth token no signature can be checked: refused like a bad one.
  if (!credentials)
    throw forbidden('Twilio is not configured on this server: its requests cannot be verified.', 'BAD_SIGNATURE');
  const params = new URLSearchParams(rawBody.toString('utf8'));
  const url = `${config().appUrl}/api/twilio/inbound`;
  if (!isValidTwilioSignature(credentials.authToken, url, params, requestHeader(event, 'x-twilio-signature'))) {
    throw forbidden('The Twilio signature is missing or wrong.', 'BAD_SIGNATURE');
  }
  const from = params.get('From') ?? '';
  if (isOptOutMessage(params.get('Body')) && /^\+[1-9]\d{7,14}$/.test(from)) {
    const now = new Date();
    await markPhoneOptedOut(from, 'twilio', now);
    const texted = await clientsTextedAt(from);
    for (const { agentId, clientId } of texted) await optOutClient(agentId, clientId, 'sms', now);
    log.info('text opt-out received', { clients: texted.length });
  }
  return { raw: { body: EMPTY_TWIML, contentType: 'text/xml; charset=utf-8' } };
});
