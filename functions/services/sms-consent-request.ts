// The text asking a number typed into the directory form to confirm, by YES, the consent to texts ticked beside it
// (optInRequest in functions/domain/sms-keywords.ts): anyone can type any number, so that consent stays pending until
// the number itself answers (functions/services/inbound-texts.ts). It goes only where a text of the agent's could go
// (a readable number in an allowed country, not stopped on our number, by the agent's marks or at the provider),
// under the agent's daily text cap and the platform's (a slot given back when it does not leave), and is remembered
// at the number so that the YES finds it (functions/data/texted-phones.ts). It goes at once, whatever the hour: unlike
// the agent's texts it is not held for 8:00 (textDeliveryTime), as it answers the person's own request of a moment
// before, and held overnight it would reach someone who no longer remembers asking.
import type { ClientItem } from '../data/clients';
import { destinationStops, markPhoneOptedOut } from '../data/opt-out-marks';
import { releaseSend } from '../data/outbound-caps';
import { rememberOptInRequest } from '../data/texted-phones';
import type { UserItem } from '../data/users';
import { config } from '../config';
import { textDestination } from '../domain/phone-numbers';
import { isRefusal, type SendCapRefusal } from '../domain/refusals';
import { currentSmsConsent } from '../domain/sms-consent';
import { optInRequest } from '../domain/sms-keywords';
import { providerOptedOut, sendSms, SmsError, smsConfigured } from '../integrations/sms';
import type { Logger } from '../observability/logger';
import { optOutClient } from './client-contact';
import { reserveDailySend } from './send-limits';

const REQUEST_TIMEOUT_MS = 4000;

/** What became of the request: sent, or why not (nothing pending, no number to text, the number stopped, a cap). */
export type SmsConsentRequestOutcome =
  'asked' | 'not-pending' | 'no-destination' | 'opted-out' | SendCapRefusal['kind'] | 'failed';

/** Texts the client's number the request to confirm their pending consent by YES, when a text may go to it. */
export async function askToConfirmSmsConsent(
  agent: UserItem,
  client: ClientItem,
  log: Pick<Logger, 'warn'>,
  now = new Date(),
): Promise<SmsConsentRequestOutcome> {
  if (currentSmsConsent(client).status !== 'pending') return 'not-pending';
  const destination = textDestination(client.phone, config().smsAllowedCountries);
  if (!destination.ok || !(await smsConfigured())) return 'no-destination';
  const to = destination.to;
  const stops = await destinationStops(agent.id, 'sms', to);
  if (stops.platform || stops.agentMark) return 'opted-out';
  const slot = await reserveDailySend(agent, 'sms', now);
  if (isRefusal(slot)) return slot.kind;
  try {
    if (await providerOptedOut(to)) {
      await releaseSend(slot);
      await stopped(to, agent.id, client.id, 'sns', now);
      return 'opted-out';
    }
    // Within the route's 10 s, beside the registration's own work.
    await sendSms(to, optInRequest(agent), { timeoutMs: REQUEST_TIMEOUT_MS });
  } catch (error) {
    await releaseSend(slot);
    if (!(error instanceof SmsError)) throw error;
    if (error.optedOut) {
      await stopped(to, agent.id, client.id, 'twilio', now);
      return 'opted-out';
    }
    log.warn('SMS consent request refused by the provider', { agentId: agent.id, reason: error.reason });
    return 'failed';
  }
  await rememberOptInRequest(to, agent.id, client.id, now);
  return 'asked';
}

/** The provider says the number stopped our texts: kept for every agent, and the client's consent revoked. */
async function stopped(to: string, agentId: string, clientId: string, source: 'twilio' | 'sns', now: Date) {
  await markPhoneOptedOut(to, source, now);
  await optOutClient(agentId, clientId, 'sms', now);
}
