// The keywords a text may be instead of a message, matched as carriers match them: the whole text, in any case, with
// spaces anywhere and a closing full stop or exclamation mark ignored ("Stop", " s t o p ", "STOP!"). The opt-out
// family is the union of the CTIA list Twilio honours and the keywords of AWS End User Messaging; START and UNSTOP opt
// back in; HELP and INFO ask who is writing. YES is a reply like any other: a client answering "Yes" to "Would Friday
// work?" means Friday. Only when the last text to the number was ours asking for an opt-in by YES (optInRequest: the
// box ticked on the directory form, confirmed by the number itself) does it confirm that consent
// (functions/services/inbound-texts.ts knows which text was last).

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
/** The answer to optInRequest that confirms it (a message like any other, unless it answers that request). */
export const CONFIRM_KEYWORDS = ['YES'] as const;

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

/** Whether a text says YES (in the keywords' form: "yes", " Yes! "): what confirms an optInRequest. */
export const isConfirmation = (body: string | null | undefined): boolean => has(CONFIRM_KEYWORDS, keywordForm(body));

/**
 * The text asking a number typed into the directory form to confirm the consent ticked beside it: who asks (the
 * agent's business, else Hearthside), for whom, and how to stop. Names cut to 40 characters keep it within one SMS
 * segment (160 GSM-7 characters).
 */
export function optInRequest(agent: { fullName: string; businessName?: string | null }): string {
  const business = agent.businessName?.trim() ? agentText(agent.businessName, 40) : 'Hearthside';
  return `${business}: reply YES to get texts from ${agentText(agent.fullName, 40)}. Reply STOP to opt out.`;
}

/** The one answer to HELP: who writes (the agent, if we know them) and how to stop. */
export function helpReply(agent: { fullName: string; businessName?: string | null } | undefined): string {
  const who = agent
    ? `${agentText(agent.fullName)}${agent.businessName ? ` (${agentText(agent.businessName)})` : ''} texts you through Hearthside`
    : 'Hearthside sends texts for real-estate agents';
  return `${who}. Reply STOP to opt out, START to opt back in. Msg & data rates may apply.`;
}
