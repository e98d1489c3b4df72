// The `local` draft engine: no model, just the facts (draft-facts.ts) put into one of several
// hand-written phrasings per occasion and tone. The phrasing is picked from a seed (the client and
// the day), so a test sees the same draft every time while two clients get different ones. Texts
// fit in DRAFT_SMS_SEGMENTS segments; e-mails get a subject and the agent's signature.
import { DRAFT_SMS_SEGMENTS, smsSegments, type DraftOccasion, type DraftTone } from '@shared/drafts';
import type { DraftFacts } from './draft-facts';

export type ComposedDraft = { subject: string | null; body: string };

type Line = (f: DraftFacts) => string;
type Phrasings = Record<DraftTone, readonly Line[]>;

const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const link = (f: DraftFacts) => f.reviewLink ?? '';
const sinceKeys = (f: DraftFacts) =>
  f.years
    ? `Can you believe it has been ${f.years === 1 ? 'a whole year' : `${f.years} years`} since you got the keys? `
    : '';

const CORE: Record<DraftOccasion, Phrasings> = {
  birthday: {
    warm: [
      (f) => `Happy ${f.occasionLabel}! I hope your day is full of the people and things you love most.`,
      (f) =>
        `Wishing you a very happy ${f.occasionLabel}! I hope the year ahead brings you lots of joy and plenty of good moments at home.`,
      (f) => `I just wanted to wish you a wonderful ${f.occasionLabel}. I hope you get to celebrate in style.`,
    ],
    professional: [
      (f) =>
        `Wishing you a very happy ${f.occasionLabel}. It has been a pleasure working with you, and I hope the year ahead is a great one.`,
      (f) =>
        `Please accept my warmest wishes on your ${f.occasionLabel}. I hope the coming year brings you health and success.`,
    ],
    brief: [
      (f) => `Happy ${f.occasionLabel}! Hope it's a great one.`,
      (f) => `Wishing you a happy ${f.occasionLabel} and a great year ahead!`,
    ],
  },
  anniversary: {
    warm: [
      (f) => `Happy ${f.occasionLabel}! Wishing you both a wonderful celebration and many more happy years together.`,
      (f) => `Congratulations on your ${f.occasionLabel}! I hope you two find time to celebrate each other.`,
      (f) => `Sending warm wishes on your ${f.occasionLabel}. Here's to many more years of happiness together.`,
    ],
    professional: [
      (f) => `Congratulations on your ${f.occasionLabel}. Wishing you both continued happiness.`,
      (f) => `Please accept my best wishes on your ${f.occasionLabel}. I hope it is a memorable one.`,
    ],
    brief: [
      (f) => `Happy ${f.occasionLabel}! Wishing you both the best.`,
      (f) => `Congratulations on your ${f.occasionLabel}!`,
    ],
  },
  'home-anniversary': {
    warm: [
      (f) => `${sinceKeys(f)}Happy ${f.occasionLabel}! I hope your home is still full of good memories.`,
      (f) =>
        `Happy ${f.occasionLabel}! It was a joy helping you find your home, and I hope you love it as much as ever.`,
      (f) => `It's your ${f.occasionLabel}! I loved being part of your move, and I hope home still feels just right.`,
    ],
    professional: [
      (f) =>
        `Congratulations on your ${f.occasionLabel}. It was a pleasure helping with your purchase. If you ever have questions about your home's value or the market, I'm happy to help.`,
      (f) =>
        `Happy ${f.occasionLabel}. If I can help with anything about your home or the local market, please let me know.`,
    ],
    brief: [
      (f) => `Happy ${f.occasionLabel}! Hope you're still loving the place.`,
      (f) => `Happy ${f.occasionLabel}! Enjoy your home.`,
    ],
  },
  'review-request': {
    warm: [
      (f) =>
        `Thank you again for trusting me with your home journey. If you have a minute, a short Google review would mean a lot and helps other families find me: ${link(f)}`,
      (f) =>
        `Working with you was a real pleasure. If you'd be willing to share your experience, a quick Google review would help me more than you know: ${link(f)}`,
    ],
    professional: [
      (f) =>
        `Thank you for choosing to work with me. If you have a moment, I would appreciate a short review of your experience on Google: ${link(f)}`,
      (f) =>
        `Your feedback matters to me. Would you consider leaving a brief Google review of our work together? ${link(f)}`,
    ],
    brief: [
      (f) => `Would you leave me a quick Google review? ${link(f)}`,
      (f) => `A short Google review would mean a lot: ${link(f)}`,
    ],
  },
  'check-in': {
    warm: [
      () =>
        `I was thinking of you and wanted to check in. How are you enjoying things at home? If there's ever anything I can help with, I'm only a message away.`,
      () =>
        `It's been a little while, so I wanted to say hello and see how you're doing. Let me know if there's anything I can do for you.`,
    ],
    professional: [
      () =>
        `I wanted to check in and see how everything is going. If you have any questions about your home or the market, I'm happy to help.`,
      () => `I hope all is well. Please don't hesitate to reach out if I can help with anything real-estate related.`,
    ],
    brief: [() => `Just checking in. How are you doing?`, () => `Thinking of you. Hope all is well!`],
  },
  'thank-referrer': {
    warm: [
      () =>
        `Thank you so much for sending someone my way. A referral from a client is the kindest compliment I can get, and I promise to take great care of them.`,
      () =>
        `I just wanted to say a heartfelt thank you for the referral. It means a lot that you'd trust me with someone you know.`,
    ],
    professional: [
      () =>
        `Thank you for your referral. I appreciate your confidence in my work and will take good care of the person you sent my way.`,
    ],
    brief: [() => `Thank you for the referral! It means a lot.`, () => `Thanks so much for sending someone my way!`],
  },
  custom: {
    warm: [
      () => `I wanted to reach out and say hello. I hope all is well with you and yours.`,
      () => `I was thinking of you today and wanted to say hello. I hope everything is going well.`,
    ],
    professional: [
      () => `I hope this note finds you well. Please let me know if there is anything I can help you with.`,
    ],
    brief: [() => `Hope all is well!`, () => `Just saying hello!`],
  },
};

const SUBJECT: Record<DraftOccasion, readonly Line[]> = {
  birthday: [
    (f) => `Happy ${f.occasionLabel}, ${f.clientFirstName}!`,
    (f) => `Birthday wishes for you, ${f.clientFirstName}`,
  ],
  anniversary: [(f) => `Happy ${f.occasionLabel}!`, (f) => `Congratulations, ${f.clientFirstName}!`],
  'home-anniversary': [
    (f) => `Happy ${f.occasionLabel}, ${f.clientFirstName}!`,
    (f) => `${cap(f.occasionLabel)} wishes`,
  ],
  'review-request': [() => `Would you share your experience?`, (f) => `A quick favor, ${f.clientFirstName}`],
  'check-in': [(f) => `Checking in, ${f.clientFirstName}`, (f) => `How are things, ${f.clientFirstName}?`],
  'thank-referrer': [(f) => `Thank you, ${f.clientFirstName}!`, () => `Thank you for the referral`],
  custom: [(f) => `A note from ${f.agentName}`, (f) => `Hello from ${f.agentName}`],
};

const GREETING: Record<DraftTone, readonly Line[]> = {
  warm: [(f) => `Hi ${f.clientFirstName},`, (f) => `Hello ${f.clientFirstName},`, (f) => `Dear ${f.clientFirstName},`],
  professional: [(f) => `Dear ${f.clientFirstName},`, (f) => `Hello ${f.clientFirstName},`],
  brief: [(f) => `Hi ${f.clientFirstName},`],
};

const CLOSING: Record<DraftTone, readonly string[]> = {
  warm: ['Warmly,', 'All the best,', 'Take care,'],
  professional: ['Best regards,', 'Kind regards,', 'Sincerely,'],
  brief: ['Best,', 'Cheers,'],
};

/**
 * Thanks for the client's last message, when they wrote last: it names the channel and nothing the client wrote (a
 * reply is untrusted text, and a local draft is sent as written).
 */
function acknowledgement(facts: DraftFacts): string {
  if (!facts.lastReply) return '';
  const sms = facts.lastReply.channel === 'sms';
  if (facts.tone === 'professional') return `Thank you for your ${sms ? 'text message' : 'e-mail'}.`;
  if (facts.tone === 'brief') return `Thanks for your ${sms ? 'text' : 'e-mail'}!`;
  return sms
    ? 'Thank you so much for your text!'
    : 'Thank you so much for your e-mail, it was lovely to hear from you.';
}

/** FNV-1a: a small, stable hash of the seed and the part being picked. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

const pick = <T>(options: readonly T[], seed: string, part: string): T =>
  options[hash(`${seed}|${part}`) % options.length]!;

/** `options` from the seeded one on, wrapping round: every phrasing once, the preferred first. */
function fromSeeded<T>(options: readonly T[], seed: string, part: string): T[] {
  const start = hash(`${seed}|${part}`) % options.length;
  return [...options.slice(start), ...options.slice(0, start)];
}

export function composeLocalDraft(facts: DraftFacts, seed: string): ComposedDraft {
  const { occasion, tone } = facts;
  if (facts.channel === 'sms') return { subject: null, body: composeSms(facts, seed) };
  const signature = [facts.agentName, facts.businessName].filter(Boolean).join('\n');
  const body = [
    pick(GREETING[tone], seed, 'greeting')(facts),
    acknowledgement(facts),
    pick(CORE[occasion][tone], seed, 'core')(facts),
    `${pick(CLOSING[tone], seed, 'closing')}\n${signature}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  return { subject: pick(SUBJECT[occasion], seed, 'subject')(facts), body };
}

/**
 * The tone's phrasing when it fits the segments, else a shorter one; the sign-off loses the business name, then the
 * agent's, before the message does.
 */
function composeSms(facts: DraftFacts, seed: string): string {
  const cores = [
    ...fromSeeded(CORE[facts.occasion][facts.tone], seed, 'core'),
    ...fromSeeded(CORE[facts.occasion].brief, seed, 'core'),
  ];
  const signOffs = [
    facts.businessName ? ` - ${facts.agentName}, ${facts.businessName}` : ` - ${facts.agentName}`,
    ` - ${facts.agentName}`,
    '',
  ];
  const thanks = acknowledgement(facts);
  const opening = `Hi ${facts.clientFirstName}, ${thanks ? `${thanks} ` : ''}`;
  for (const signOff of signOffs) {
    for (const core of cores) {
      const text = `${opening}${core(facts)}${signOff}`;
      if (smsSegments(text) <= DRAFT_SMS_SEGMENTS) return text;
    }
  }
  return cores.at(-1)!(facts);
}
