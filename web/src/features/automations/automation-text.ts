// The words of the Automations and Today pages: occasion and channel names, the choices of a rule,
// and when a queued message goes out (in the browser's time).
import type { OutgoingAction, OutgoingMessage } from '@shared/api-types';
import type { AutomationMode, AutomationOccasion } from '@shared/automations';
import type { MessageChannel } from '@shared/messages';
import { QUIET_HOURS } from '@shared/quiet-hours';

export const OCCASION_NAMES: Record<AutomationOccasion, string> = {
  birthday: 'Birthday',
  anniversary: 'Wedding anniversary',
  'home-anniversary': 'Home anniversary',
  'check-in': 'Keep-in-touch check-in',
  'home-update': 'Monthly home value update',
};

/** What each rule card says it is about. */
export const OCCASION_WHEN: Record<AutomationOccasion, string> = {
  birthday: "On the client's birthday.",
  anniversary: 'On the day the client married.',
  'home-anniversary': 'On the day the client bought their home with you.',
  'check-in': "When a client's keep-in-touch rhythm says they are due for a check-in.",
  'home-update':
    'Once a month, an e-mail to each past client with a ZIP code and purchase date: their home value from the public price index (Pro).',
};

export const CHANNEL_NAMES: Record<MessageChannel, string> = { email: 'E-mail', sms: 'Text message' };

export const MODE_NAMES: Record<AutomationMode, string> = {
  approve: 'Ask me to approve each message',
  auto: 'Send it automatically',
};

export const TEXT_HOURS = `Texts go out between ${QUIET_HOURS.start}:00 and ${QUIET_HOURS.end}:00 in the client's time zone.`;

export const SAVED = 'Automations saved';
export const SKIPPED = 'Skipped';
export const AWAITING = 'Waiting for your approval';

/** The occasion of a queued message, for people ("Birthday"); its own word when it is not a rule's. */
export function occasionName(occasion: string | null): string {
  if (!occasion) return 'Message';
  return OCCASION_NAMES[occasion as AutomationOccasion] ?? occasion;
}

export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}

/** "Scheduled for 9:00, Tue, Nov 24", in the browser's time zone (a 24-hour clock without a leading zero). */
export function scheduledFor(sendAt: string): string {
  const at = new Date(sendAt);
  const day = at.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric' });
  return `Scheduled for ${at.getHours()}:${String(at.getMinutes()).padStart(2, '0')}, ${day}`;
}

/** Where a queued message stands. */
export function queueStatus(message: OutgoingMessage): string {
  if (message.status === 'awaiting-approval') return AWAITING;
  return message.sendAt ? scheduledFor(message.sendAt) : 'Scheduled';
}

/** The toast after an approval: what became of the message, and a line more. */
export function approvedText(action: OutgoingAction, clientName: string): { title: string; description?: string } {
  const name = firstNameOf(clientName);
  if (action.status === 'sent') return { title: `Sent to ${name}`, description: `It is in ${name}'s activity.` };
  if (action.status === 'scheduled') {
    return {
      title: action.message.sendAt ? scheduledFor(action.message.sendAt) : 'Scheduled',
      description: `It goes to ${name} then. You can still stop it here until it leaves.`,
    };
  }
  return { title: `Not sent to ${name}`, description: action.message.problem ?? undefined };
}
