// What a text held for later (a scheduled text, an automatic message) must still pass when it comes due: the client
// may have stopped texts, withdrawn consent, changed number or paused automatic messages since it was written, and the
// hourly run may come after the client's 21:00. Pure: the message, the client as it is now and the clock.
import { replyPause } from './reply-pause';
import { textDeliveryTime } from './client-message';
import { textDestination } from './phone-numbers';
import { currentSmsConsent, type ConsentFields } from './sms-consent';

export type HeldText = { to: string; automatic?: boolean };
export type HeldTextClient = ConsentFields & {
  phone: string | null;
  timeZone?: string | null;
  automationsPaused?: boolean;
  /** Automatic messages wait until then (a reply from the client pauses them). */
  repliesPauseUntil?: string | null;
};

export const HELD_TEXT_PROBLEMS = {
  optedOut: 'the client opted out of text messages',
  noConsent: 'the client has not agreed to receive text messages',
  numberChanged: "the client's phone number changed after this text was written",
  paused: 'automatic messages are paused for this client',
} as const;

export type HeldTextVerdict =
  | { go: true }
  | { go: false; problem: string; optedOut: boolean }
  /** Past 21:00 (or before 8:00) for the client: it waits for their next 8:00. */
  | { go: false; later: Date };

/** Whether an automatic message is paused for the client at `now`. */
export function automaticPaused(client: HeldTextClient, now: Date): boolean {
  return client.automationsPaused === true || replyPause(client, now) !== null;
}

export function heldTextVerdict(
  message: HeldText,
  client: HeldTextClient,
  fallbackTimeZone: string | null | undefined,
  allowedCountries: readonly string[],
  now: Date,
): HeldTextVerdict {
  const consent = currentSmsConsent(client).status;
  if (consent === 'revoked') return { go: false, problem: HELD_TEXT_PROBLEMS.optedOut, optedOut: true };
  if (consent !== 'granted') return { go: false, problem: HELD_TEXT_PROBLEMS.noConsent, optedOut: false };
  const destination = textDestination(client.phone, allowedCountries);
  if (!destination.ok || destination.to !== message.to) {
    return { go: false, problem: HELD_TEXT_PROBLEMS.numberChanged, optedOut: false };
  }
  if (message.automatic === true && automaticPaused(client, now)) {
    return { go: false, problem: HELD_TEXT_PROBLEMS.paused, optedOut: false };
  }
  const when = textDeliveryTime(client.timeZone ?? fallbackTimeZone, now);
  return when.now ? { go: true } : { go: false, later: when.sendAt };
}
