// Automated follow-ups: the rules an agent sets per occasion (PUT /api/user/automations validates
// with this schema, the Automations page's form too), and the words for why an automatic message
// was not sent as the rule says.
import * as yup from 'yup';
import { MESSAGE_CHANNELS, QUIET_HOURS, type MessageChannel } from './messages';

/**
 * `check-in`: a client whose keep-in-touch rhythm says they are due (functions/domain/check-ins.ts). `home-update`
 * (Pro, e-mail only): once a month, a past client's home value from the public price index (functions/services/
 * home-updates.ts), quarterly after 3 without a click, stopped after 6.
 */
export const AUTOMATION_OCCASIONS = ['birthday', 'anniversary', 'home-anniversary', 'check-in', 'home-update'] as const;
export type AutomationOccasion = (typeof AUTOMATION_OCCASIONS)[number];

/** `approve`: each message waits in the agent's queue; `auto`: sent without asking (Pro only). */
export const AUTOMATION_MODES = ['approve', 'auto'] as const;
export type AutomationMode = (typeof AUTOMATION_MODES)[number];

export type AutomationRule = {
  occasion: AutomationOccasion;
  enabled: boolean;
  channel: MessageChannel;
  mode: AutomationMode;
  /** `HH:MM` in the client's time zone (the agent's when the client has none). */
  sendTime: string;
};

export const DEFAULT_SEND_TIME = '09:00';
/** A client contacted this recently (a message sent or a touch logged) gets no automatic message. */
export const RECENT_CONTACT_DAYS = 3;

/** Every occasion's rule: what is stored, or off, by e-mail, for approval, at 09:00. */
export function withDefaultRules(stored: readonly AutomationRule[] | undefined): AutomationRule[] {
  return AUTOMATION_OCCASIONS.map(
    (occasion) =>
      stored?.find((rule) => rule.occasion === occasion) ?? {
        occasion,
        enabled: false,
        channel: 'email',
        mode: 'approve',
        sendTime: DEFAULT_SEND_TIME,
      },
  );
}

export const AUTOMATION_MESSAGES = {
  occasion: `Choose one of ${AUTOMATION_OCCASIONS.join(', ')}`,
  channel: `Choose ${MESSAGE_CHANNELS.join(' or ')}`,
  mode: 'Choose approve or auto',
  enabled: 'enabled must be true or false',
  sendTime: 'Enter a time as HH:MM (24-hour)',
  smsSendTime: `Texts go out between ${QUIET_HOURS.start}:00 and ${QUIET_HOURS.end}:00: choose a time in that window`,
  duplicate: 'One rule per occasion',
  rules: 'Send the rules as a list',
  proRequired: 'Sending without approval is a Pro feature. Upgrade to Pro, or choose approval for each message.',
  homeUpdatePro: 'Monthly home value updates are a Pro feature. Upgrade to Pro to send them.',
  homeUpdateEmail: 'Home value updates go by e-mail',
} as const;

/** Occasions only a Pro agent may turn on. */
export const PRO_OCCASIONS: readonly AutomationOccasion[] = ['home-update'];

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Minutes after midnight of `HH:MM`. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
}

const ruleSchema = yup
  .object({
    occasion: yup
      .string<AutomationOccasion>()
      .strict()
      .required(AUTOMATION_MESSAGES.occasion)
      .oneOf(AUTOMATION_OCCASIONS, AUTOMATION_MESSAGES.occasion),
    enabled: yup.boolean().strict().typeError(AUTOMATION_MESSAGES.enabled).required(AUTOMATION_MESSAGES.enabled),
    channel: yup
      .string<MessageChannel>()
      .strict()
      .required(AUTOMATION_MESSAGES.channel)
      .oneOf(MESSAGE_CHANNELS, AUTOMATION_MESSAGES.channel)
      .when('occasion', {
        is: 'home-update',
        then: (s) => s.test('email-only', AUTOMATION_MESSAGES.homeUpdateEmail, (value) => value !== 'sms'),
      }),
    mode: yup
      .string<AutomationMode>()
      .strict()
      .required(AUTOMATION_MESSAGES.mode)
      .oneOf(AUTOMATION_MODES, AUTOMATION_MESSAGES.mode),
    sendTime: yup
      .string()
      .strict()
      .required(AUTOMATION_MESSAGES.sendTime)
      .matches(HH_MM, AUTOMATION_MESSAGES.sendTime)
      .when('channel', {
        is: 'sms',
        then: (s) =>
          s.test(
            'quiet-hours',
            AUTOMATION_MESSAGES.smsSendTime,
            (value) =>
              !value ||
              !HH_MM.test(value) ||
              (minutesOf(value) >= QUIET_HOURS.start * 60 && minutesOf(value) < QUIET_HOURS.end * 60),
          ),
      }),
  })
  .noUnknown(true, ({ unknown }) => `Unknown field: ${unknown}`);

export const automationsSchema = yup
  .object({
    rules: yup
      .array()
      .strict()
      .typeError(AUTOMATION_MESSAGES.rules)
      .required(AUTOMATION_MESSAGES.rules)
      .max(AUTOMATION_OCCASIONS.length, AUTOMATION_MESSAGES.duplicate)
      .of(ruleSchema.required())
      .test(
        'one-per-occasion',
        AUTOMATION_MESSAGES.duplicate,
        (rules) => !rules || new Set(rules.map((r) => r?.occasion)).size === rules.length,
      ),
  })
  .noUnknown(true, ({ unknown }) => `Unknown field: ${unknown}`);

export type AutomationsInput = { rules: AutomationRule[] };

/** Why an automatic message was not sent as its rule says (kept on the message, shown to the agent). */
/** A client who writes back gets no automatic message for this many days (the agent answers in person). */
export const REPLY_PAUSE_DAYS = 14;

export const SKIP_REASONS = {
  paused: 'Automatic messages are paused for this client.',
  optedOut: (channel: MessageChannel) =>
    channel === 'email' ? 'The client unsubscribed from your e-mails.' : 'The client opted out of text messages.',
  noAddress: (channel: MessageChannel) =>
    channel === 'email'
      ? 'The client has no e-mail address.'
      : 'The client has no phone number that can receive texts.',
  recentContact: `You were in touch with this client in the last ${RECENT_CONTACT_DAYS} days.`,
  noConsent: 'The client has not agreed to receive text messages.',
  noEstimate: 'No home value estimate for this client: check their ZIP code and purchase date.',
  homeUpdatesResting: 'Home updates go every three months now: the last three were not opened.',
  homeUpdatesStopped: 'Home updates stopped: six went without a click. Send one by hand if they still want them.',
  skippedByAgent: 'Skipped by you.',
  /** `date`: the day the client wrote back (YYYY-MM-DD). */
  replied: (date: string) =>
    `The client replied on ${date}: automatic messages to them wait ${REPLY_PAUSE_DAYS} days after a reply.`,
} as const;

/** Why an automatic message waits for approval instead of going out by itself. */
export const APPROVAL_NOTES = {
  dailyLimit: (channel: MessageChannel) =>
    `Your daily ${channel === 'email' ? 'e-mail' : 'text'} limit was reached, so this waits for your approval.`,
  platformLimit: (channel: MessageChannel, share?: 'free') =>
    `Hearthside's daily ${channel === 'email' ? 'e-mail' : 'text'} limit for ${share === 'free' ? 'free and new' : 'all'} accounts was reached, so this waits for your approval.`,
  sendingPaused: 'Sending to clients is paused, so this waits for your approval.',
  draftFailed: 'The AI draft could not be used as it was, so this waits for your approval.',
  notPro: 'Automatic sending is a Pro feature, so this waits for your approval.',
  directoryClient:
    'This client registered through the directory: their first automatic message waits for your approval.',
  unverified:
    'Verify your e-mail address so messages can go out in your name; until then this waits for your approval.',
  /** `date`: the day the client wrote back (YYYY-MM-DD). */
  replied: (date: string) => `The client replied on ${date}, so this waits for your approval.`,
} as const;

/** POST /api/outgoing/{id}/approve: the agent's edits to the draft, if any. */
export const approveSchema = yup
  .object({
    subject: yup.string().strict(false).trim(),
    body: yup.string().strict(false).trim(),
  })
  .noUnknown(true, ({ unknown }) => `Unknown field: ${unknown}`);

export type ApproveInput = yup.InferType<typeof approveSchema>;
