// What each web push notification says, where a tap takes the agent, and how long the push service keeps it for a
// device that is offline. Plain values only: functions/integrations/push.ts sends them.
import { eventLabel, touchLabel, windowPhrase, type Digest } from './reminder-digest';

export type PushNotification = {
  /** The JSON the service worker shows (web/src/sw/push-handlers.ts): `url` is the app path a tap opens. */
  message: { title: string; body: string; url: string };
  options: {
    /** How long the push service keeps it for a device that is offline, in seconds. */
    ttlSeconds: number;
    urgency: 'very-low' | 'low' | 'normal' | 'high';
    /** Replaces an undelivered notification of the same topic (a newer digest replaces an older one). */
    topic?: string;
  };
};

const HOUR = 3600;
const BODY_MAX = 160;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const cut = (text: string, max = BODY_MAX) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

export const TEST_NOTIFICATION: PushNotification = {
  message: { title: 'Hearthside', body: 'Notifications are on for this device.', url: '/settings' },
  options: { ttlSeconds: 10 * 60, urgency: 'normal' },
};

/**
 * The morning digest's key dates: today's first, else the coming ones (messages to approve have their own
 * notification); worth a day at most, and the next digest replaces one not delivered yet.
 */
export function digestNotification(
  digest: Pick<Digest, 'today' | 'upcoming' | 'leadDays' | 'touches'>,
): PushNotification {
  const { today, upcoming } = digest;
  const touches = digest.touches ?? [];
  const contact = touches.length ? ` Contact today: ${touches.map(touchLabel).join('; ')}.` : '';
  let body: string;
  if (today.length > 0)
    body = `Today: ${eventLabel(today[0]!)}${today.length > 1 ? ` and ${today.length - 1} more` : ''}.`;
  else if (upcoming.length > 0) body = `${plural(upcoming.length, 'client date')} ${windowPhrase(digest.leadDays)}.`;
  else body = '';
  return {
    message: {
      title: "Today's reminders",
      body: cut(`${body}${contact}`.trim()),
      url: today.length > 0 || touches.length > 0 ? '/today' : '/reminders',
    },
    options: { ttlSeconds: 12 * HOUR, urgency: 'normal', topic: 'digest' },
  };
}

/** A client wrote back: who, and the start of what they said. */
export function replyNotification(reply: { clientId: string; clientName: string; excerpt: string }): PushNotification {
  return {
    message: {
      title: `${cut(reply.clientName, 60)} replied`,
      body: cut(reply.excerpt),
      url: `/inbox/${reply.clientId}`,
    },
    options: { ttlSeconds: 24 * HOUR, urgency: 'high' },
  };
}

/** A client clicked "Ask me for a free home valuation" in their monthly home update. */
export function homeValuationNotification(client: { clientId: string; clientName: string }): PushNotification {
  return {
    message: {
      title: `${cut(client.clientName, 60)} wants a home valuation`,
      body: 'They clicked "Ask me for a free home valuation" in their home update.',
      url: `/inbox/${client.clientId}`,
    },
    options: { ttlSeconds: 24 * HOUR, urgency: 'high' },
  };
}

/** Home updates stopped for a client: six went without a click. */
export function homeUpdatesStoppedNotification(client: { clientId: string; clientName: string }): PushNotification {
  return {
    message: {
      title: `Home updates to ${cut(client.clientName, 60)} stopped`,
      body: 'Six monthly updates went without a click. Send one by hand if they still want them.',
      url: `/clients/${client.clientId}`,
    },
    options: { ttlSeconds: 24 * HOUR, urgency: 'normal' },
  };
}

/** The day's automatic messages that wait for the agent's approval (once per run of the automations). */
export function approvalsNotification(count: number): PushNotification {
  return {
    message: {
      title: 'Messages to approve',
      body: `${plural(count, 'automatic message')} ${count === 1 ? 'is' : 'are'} waiting for your approval.`,
      url: '/today',
    },
    options: { ttlSeconds: 12 * HOUR, urgency: 'normal', topic: 'approvals' },
  };
}
