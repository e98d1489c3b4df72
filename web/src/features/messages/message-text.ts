// The words the composer and the activity use: occasion, tone and channel names, which engine wrote
// a draft, and when a scheduled text goes out in the client's own time.
import type { DraftEngine, MessageStatus } from '@shared/api-types';
import type { DraftOccasion, DraftTone } from '@shared/drafts';
import type { MessageChannel, TouchKind } from '@shared/messages';
import type { ReminderKind } from '@shared/reminders';

export const OCCASION_LABELS: Record<DraftOccasion, string> = {
  birthday: 'Birthday',
  anniversary: 'Wedding anniversary',
  'home-anniversary': 'Home anniversary',
  'review-request': 'Review request',
  'check-in': 'Check-in',
  'thank-referrer': 'Thank for a referral',
  custom: 'Something else',
};

export const TONE_LABELS: Record<DraftTone, string> = { warm: 'Warm', professional: 'Professional', brief: 'Brief' };

export const CHANNEL_LABELS: Record<MessageChannel, string> = { email: 'E-mail', sms: 'Text message' };

export const TOUCH_LABELS: Record<TouchKind, string> = { call: 'Call', meeting: 'Meeting', note: 'Note' };

export const STATUS_LABELS: Record<MessageStatus, string> = {
  'awaiting-approval': 'Awaiting approval',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Not sent',
  skipped: 'Skipped',
  bounced: 'Bounced',
  complained: 'Marked as spam',
  received: 'Received',
};

/** The occasion a reminder's "Send a message" opens the composer with. */
export function occasionForReminder(kind: ReminderKind): DraftOccasion {
  return kind === 'home' ? 'home-anniversary' : kind;
}

export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}

/** Which engine wrote a draft, honestly: the model by name, or Hearthside's composer without AI. */
export function engineText(engine: DraftEngine): string {
  if (engine.provider === 'local')
    return engine.fallback
      ? "Suggested by Hearthside's composer: the AI model's draft could not be used"
      : "Suggested by Hearthside's composer, without AI";
  const where = engine.provider === 'bedrock' ? ' on Amazon Bedrock' : '';
  return `Written with AI (${engine.model ?? 'model'}${where})`;
}

/** "Scheduled for 8:00 Jane's time, Tue, Nov 24": the send time in the client's zone. */
export function scheduledText(sendAt: string, timeZone: string, name: string): string {
  const at = new Date(sendAt);
  // en-US pads a 24-hour hour ("08:00") whatever `hour` asks for: build "8:00" from the parts.
  const parts = new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const time = `${Number(part('hour'))}:${part('minute')}`;
  const day = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone }).format(
    at,
  );
  return `Scheduled for ${time} ${name}'s time, ${day}`;
}
