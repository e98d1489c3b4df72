// Writing a message draft for one of an agent's clients (POST /api/clients/{id}/drafts): the
// facts (with the client's last message when they wrote last and the agent is answering), then
// the configured model for a Pro agent within the daily quota, else the local composer. A model
// that fails, times out or writes something the check refuses never leaves the agent with
// nothing: the local draft comes back with a note saying why.
import type { Draft, DraftEngine } from '@shared/api-types';
import { todayIn } from '@shared/dates';
import type { DraftChannel, DraftOccasion, DraftTone } from '@shared/drafts';
import { config } from '../config';
import { actorOf, clientFor } from '../data/client-access';
import { getConversation } from '../data/conversations';
import { draftCountKey } from '../data/keys/counters';
import { countOne, countSoFar, dailyCounter, uncountOne } from '../data/outbound-caps';
import type { UserItem } from '../data/users';
import { composeLocalDraft } from '../domain/draft-composer';
import { draftFacts, type DraftReply } from '../domain/draft-facts';
import { checkModelDraft } from '../domain/draft-output';
import { AiDraftError, askModel, configuredEngine, modelStandInRefusal } from '../integrations/ai-drafts';
import { writeReviewUrl } from '../integrations/reviews';
import { createLogger } from '../observability/logger';

export type DraftRequestInput = {
  occasion: DraftOccasion;
  channel: DraftChannel;
  tone: DraftTone;
  instructions?: string | null;
  /** With occasion 'custom': the label of the client's custom date it is for. */
  label?: string | null;
  variant?: number;
  /** The local composer only (an automatic draft once the day's AI quota is spent). */
  localOnly?: boolean;
  /** An agent answering: the client's last message goes in when they wrote last (automatic drafts go without). */
  readsReply?: boolean;
};
export type DraftOutcome =
  | { outcome: 'draft'; draft: Draft }
  | { outcome: 'no-such-client' }
  | { outcome: 'no-place-id' }
  | { outcome: 'quota'; limit: number; resetsAt: Date };

const LOCAL: DraftEngine = { provider: 'local', model: null };
const log = createLogger({ module: 'drafts' });
export const DRAFT_NOTES = {
  instructions: 'Suggested without AI: only AI drafts follow your instructions.',
  fallback: (why: string) => `Written without AI: ${why}, so this is a suggested draft instead.`,
} as const;

export async function writeDraft(
  agent: UserItem,
  clientId: string,
  request: DraftRequestInput,
  now = new Date(),
): Promise<DraftOutcome> {
  const client = await clientFor(actorOf(agent), clientId);
  if (!client) return { outcome: 'no-such-client' };
  if (request.occasion === 'review-request' && !agent.googlePlaceId) return { outcome: 'no-place-id' };
  const today = todayIn(agent.timeZone, now);
  const facts = draftFacts({
    client,
    agent,
    request,
    today,
    reviewLink: agent.googlePlaceId ? writeReviewUrl(agent.googlePlaceId) : null,
    lastReply: request.readsReply ? await lastReplyOf(agent, client.id) : null,
  });
  // The same client, day and variant read the same; "Suggest another" asks for the next variant.
  const local = composeLocalDraft(facts, `${client.id}|${today}|${request.variant ?? 0}`);
  const limit = config().aiDraftsPerDay;
  const suggestion = (quota: Draft['quota'], extra: Partial<Draft> = {}): DraftOutcome => ({
    outcome: 'draft',
    draft: {
      ...local,
      engine: LOCAL,
      quota,
      ...(facts.instructions ? { note: DRAFT_NOTES.instructions } : {}),
      ...extra,
    },
  });

  if (!agent.isPro) return suggestion({ used: 0, limit: 0 }, { upgrade: true });
  if (request.localOnly)
    return suggestion({
      used: await countSoFar(dailyCounter((day) => draftCountKey(agent.id, day), limit, 'ai-draft-count', now).key),
      limit,
    });
  const engine = configuredEngine();
  const counter = dailyCounter((day) => draftCountKey(agent.id, day), limit, 'ai-draft-count', now);
  if (!engine) {
    const refused = modelStandInRefusal();
    const used = await countSoFar(counter.key);
    return refused
      ? suggestion({ used, limit }, { engine: { ...LOCAL, fallback: true }, note: DRAFT_NOTES.fallback(refused) })
      : suggestion({ used, limit });
  }

  const used = await countOne(counter);
  if (used === null) return { outcome: 'quota', limit, resetsAt: counter.resetsAt };
  // Never silent: the agent reads the note, operators the log line (a model not enabled or not offered in the region
  // shows here first).
  const fallback = (why: string, quotaUsed: number, error?: unknown) => {
    const fields = { reason: why, provider: engine.provider, model: engine.model, agentId: agent.id };
    if (error instanceof AiDraftError || error === undefined)
      log.warn('AI draft fell back to the local composer', { ...fields, ...causeOf(error) });
    else log.error('AI draft fell back to the local composer', { ...fields, error });
    return suggestion(
      { used: quotaUsed, limit },
      { engine: { ...LOCAL, fallback: true }, note: DRAFT_NOTES.fallback(why) },
    );
  };
  try {
    const answer = await askModel(facts);
    const check = checkModelDraft(answer.text, facts);
    if (!check.ok) return fallback(`the AI draft was not used because ${check.reason}`, used);
    return { outcome: 'draft', draft: { ...check.draft, engine: answer.engine, quota: { used, limit } } };
  } catch (error) {
    if (!(error instanceof AiDraftError)) return fallback('the AI model failed', used, error);
    // Nothing was written, so nothing was spent: the slot goes back.
    if (error.refused) await uncountOne(counter.key);
    return fallback(error.reason, error.refused ? used - 1 : used, error);
  }
}

/** The provider's own error behind a fallback (its name and message: AccessDeniedException, the ARN it names…). */
function causeOf(error: AiDraftError | undefined): Record<string, unknown> {
  const cause = error?.cause;
  return cause instanceof Error ? { cause: { name: cause.name, message: cause.message } } : {};
}

/** The client's message when it is the last of the conversation (one read of the conversation item), else null. */
async function lastReplyOf(agent: UserItem, clientId: string): Promise<DraftReply | null> {
  const last = (await getConversation(agent.id, clientId))?.lastMessage;
  if (last?.direction !== 'inbound' || (last.channel !== 'email' && last.channel !== 'sms')) return null;
  return { channel: last.channel, on: todayIn(agent.timeZone, new Date(last.at)), excerpt: last.excerpt };
}
