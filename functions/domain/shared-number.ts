// One number texts for every agent, so a text to it belongs to an agent only when it is clear which: the agent who
// texted that number within the reply window, when exactly one did. When several did, the text goes to none of them:
// the person is asked, once, which agent it is for ("Reply 1 for Whitfield Homes, 2 for Keller Realty"), and their
// answer routes the held text, and their later ones, to that agent. The rules here are pure; functions/services/
// inbound-texts.ts keeps the state.
import { agentText } from './message-text';
import { keywordForm } from './sms-keywords';

/** At most this many agents are offered in the question (the most recent texters): a text stays short. */
export const CHOICES_MAX = 5;

export type AgentChoice = { agentId: string; fullName: string; businessName?: string | null };

/** How an agent is named in the question: their business, else their name. */
export const choiceName = (agent: AgentChoice): string =>
  agentText(agent.businessName?.trim() ? agent.businessName : agent.fullName, 40);

/** The question the person gets, naming each agent with the number to reply. */
export function choiceQuestion(agents: readonly AgentChoice[]): string {
  const options = agents.map((agent, i) => `${i + 1} for ${choiceName(agent)}`).join(', ');
  return `Several agents text you from this number. Which one is your message for? Reply ${options}.`;
}

/** The agent a reply to the question picks (its number, "2" or " 2. "), or undefined when it is no such number. */
export function pickedChoice<T>(body: string, choices: readonly T[]): T | undefined {
  const word = keywordForm(body);
  if (!/^[1-9]$/.test(word)) return undefined;
  return choices[Number(word) - 1];
}
