// What the demo's people write: the agent's own e-mails and texts, the clients' answers, the notes of calls and
// meetings. Picked by the demo's random stream (functions/local/demo/clock.ts), the client's first name filled in.
import type { Random } from './clock';

type Email = { subject: string; body: string };

const EMAILS: ReadonlyArray<(first: string) => Email> = [
  (first) => ({
    subject: 'Checking in',
    body: `Hi ${first},\n\nIt has been a little while, so I wanted to say hello and see how everything is going at home. If there is anything I can help with, just reply here.\n\nBest,\nJordan`,
  }),
  (first) => ({
    subject: 'What homes sold for near you',
    body: `Hi ${first},\n\nA few homes on your side of town sold this month, and prices held up better than the headlines suggest. Happy to send you the numbers for your street if you are curious.\n\nJordan`,
  }),
  (first) => ({
    subject: 'A listing you might like',
    body: `Hi ${first},\n\nThis one just came on the market and it made me think of you: three bedrooms, a big yard and a short walk to the park. Want me to set up a showing this weekend?\n\nJordan`,
  }),
  (first) => ({
    subject: 'Property tax protest season',
    body: `Hi ${first},\n\nAppraisal notices are going out. If yours looks high, I can pull the comparable sales you would need to protest it. It takes me ten minutes.\n\nJordan`,
  }),
  (first) => ({
    subject: 'Thinking of you',
    body: `Hi ${first},\n\nI drove past your neighborhood today and it reminded me of our search together. I hope you are enjoying the place!\n\nJordan`,
  }),
];

const TEXTS: ReadonlyArray<(first: string) => string> = [
  (first) => `Hi ${first}, Jordan here. How is everything going? Anything I can help with?`,
  (first) => `Hi ${first}! A house two streets from you just sold well over asking. Want the details?`,
  (first) => `${first}, I found a contractor I trust for the deck you mentioned. Want his number?`,
  (first) => `Hi ${first}, quick one: are you still thinking about selling in the spring?`,
  (first) => `Morning ${first}! The open house on Sunday went great. Coffee soon?`,
];

const EMAIL_REPLIES: readonly string[] = [
  'Thanks Jordan! All good here. We finally finished the kitchen, you should come see it.',
  'Great to hear from you. Yes, please send the numbers, we are curious.',
  'Perfect timing, my sister is looking to buy. Can I pass on your details?',
  'Thank you! We might think about moving next year, let us talk after the holidays.',
  'Appreciate it. Could you send me the comparable sales? Ours went up a lot.',
];

const TEXT_REPLIES: readonly string[] = [
  'Thanks! All good on our side 😊',
  'Yes please, send it over!',
  'Ha, great timing. Can we talk this week?',
  'Sure, Saturday works for us.',
  'Thank you Jordan!',
];

const NOTES: Record<'call' | 'meeting' | 'note', readonly string[]> = {
  call: [
    'Caught up on the phone: happy with the house, asked about refinancing.',
    'Called about the HOA letter; sent them the right contact.',
    'Quick call: thinking about a bigger place in a year or two.',
  ],
  meeting: [
    'Coffee at the usual place. Kids are growing fast, they may need a fourth bedroom.',
    'Met at the open house on Elm; introduced me to a neighbor who wants to sell.',
  ],
  note: ['Sent a handwritten card.', 'Dropped off a pie on the porch.', 'Their daughter starts college in the fall.'],
};

export const firstName = (name: string): string => name.split(' ')[0]!;

export const agentEmail = (random: Random, name: string): Email => random.pick(EMAILS)(firstName(name));
export const agentText = (random: Random, name: string): string => random.pick(TEXTS)(firstName(name));
export const clientReply = (random: Random, channel: 'email' | 'sms'): string =>
  random.pick(channel === 'email' ? EMAIL_REPLIES : TEXT_REPLIES);
export const touchNote = (random: Random, kind: 'call' | 'meeting' | 'note'): string => random.pick(NOTES[kind]);
