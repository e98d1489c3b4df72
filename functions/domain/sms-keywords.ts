// The keywords a text may be instead of a message, matched as carriers match them: the whole text, in any case, with
// spaces anywhere and a closing full stop or exclamation mark ignored ("Stop", " s t o p ", "STOP!"). The opt-out
// family is the union of the CTIA list Twilio honours and the keywords of AWS End User Messaging; START and UNSTOP opt
// back in; HELP and INFO ask who is writing. YES is a reply like any other: a client answering "Yes" to "Would Friday
// work?" means Friday (no text of ours asks for an opt-in by YES, which is what would make it one).

import { agentText } from './message-text';

export const OPT_OUT_KEYWORDS = [
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
  'OPT-OUT',
  'CANCEL',
  'REMOVE',
  'ARRET',
  'TD',
] as const;
export const OPT_IN_KEYWORDS = ['START', 'UNSTOP'] as const;
export const HELP_KEYWORDS = ['HELP', 'INFO'] as const;

export type TextKind = 'opt-out' | 'opt-in' | 'help' | 'message';

/** The text as a keyword reads: NFKC, upper case, without white space, without one closing `.` or `!`. */
export function keywordForm(body: string | null | undefined): string {
  return (body ?? '').normalize('NFKC').replace(/\s+/gu, '').toUpperCase().replace(/[.!]$/, '');
}

const has = (list: readonly string[], word: string) => list.includes(word);

/** What a text is: one of the keyword families, or a message for the agent. */
export function classifyText(body: string | null | undefined): TextKind {
  const word = keywordForm(body);
  if (has(OPT_OUT_KEYWORDS, word)) return 'opt-out';
  if (has(OPT_IN_KEYWORDS, word)) return 'opt-in';
  if (has(HELP_KEYWORDS, word)) return 'help';
  return 'message';
}

/** The one answer to HELP: who writes (the agent, if we know them) and how to stop. */
export function helpReply(agent: { fullName: string; businessName?: string | null } | undefined): string {
  const who = agent
    ? `${agentText(agent.fullName)}${agent.businessName ? ` (${agentText(agent.businessName)})` : ''} texts you through Hearthside`
    : 'Hearthside sends texts for real-estate agents';
  return `${who}. Reply STOP to opt out, START to opt back in. Msg & data rates may apply.`;
}
