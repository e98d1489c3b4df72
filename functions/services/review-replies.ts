// Drafting the owner's reply to a Google review (POST /api/reviews/{id}/reply-draft): the model for a Pro agent, its
// answer checked as client messages are, else the local composer; a model that fails leaves the agent with the local
// draft and a note. Nothing is posted: the agent edits and posts (services/google-reviews.ts).
import type { DraftEngine, ReviewReplyDraft } from '@shared/api-types';
import { config } from '../config';
import { getReview } from '../data/google-reviews';
import { draftCountKey } from '../data/keys/counters';
import { countOne, dailyCounter, uncountOne } from '../data/outbound-caps';
import type { UserItem } from '../data/users';
import { checkModelReply, composeReviewReply, reviewReplyFacts, reviewReplyPrompt } from '../domain/review-reply';
import { AiDraftError, askModelWith, configuredEngine, modelStandInRefusal } from '../integrations/ai-drafts';
import { createLogger } from '../observability/logger';
import { NO_REVIEW, type MatchRefusal } from './google-reviews';

const LOCAL_ENGINE: DraftEngine = { provider: 'local', model: null };
const log = createLogger({ module: 'review-replies' });

/**
 * A reply to edit: the model for a Pro agent (its answer checked as client messages are), else the local composer;
 * a model that fails leaves the agent with the local draft and a note.
 */
export async function draftReviewReply(
  agent: UserItem,
  reviewId: string,
  variant = 0,
  now = new Date(),
): Promise<ReviewReplyDraft | MatchRefusal> {
  const review = await getReview(agent.id, reviewId);
  if (!review) return NO_REVIEW;
  const facts = reviewReplyFacts(review, agent);
  const local = composeReviewReply(facts, `${review.reviewId}|${variant}`);
  const engine = configuredEngine();
  const fallback = (why: string): ReviewReplyDraft => ({
    comment: local,
    engine: { ...LOCAL_ENGINE, fallback: true },
    note: `Written without AI: ${why}, so this is a suggested reply instead.`,
  });
  if (!agent.isPro) return { comment: local, engine: LOCAL_ENGINE };
  if (!engine) {
    const refused = modelStandInRefusal();
    return refused ? fallback(refused) : { comment: local, engine: LOCAL_ENGINE };
  }
  // AI replies share the agent's daily AI draft quota with client messages.
  const counter = dailyCounter((day) => draftCountKey(agent.id, day), config().aiDraftsPerDay, 'ai-draft-count', now);
  if ((await countOne(counter)) === null) return fallback("today's AI drafts are used up");
  try {
    const answer = await askModelWith(reviewReplyPrompt(facts));
    const check = checkModelReply(answer.text);
    return check.ok
      ? { comment: check.reply, engine: answer.engine }
      : fallback(`the AI reply was not used because ${check.reason}`);
  } catch (error) {
    if (error instanceof AiDraftError && error.refused) await uncountOne(counter.key);
    const why = error instanceof AiDraftError ? error.reason : 'the AI model failed';
    log.warn('AI review reply fell back to the local composer', {
      reason: why,
      provider: engine.provider,
      model: engine.model,
      agentId: agent.id,
      error: error instanceof AiDraftError && error.cause instanceof Error ? error.cause : error,
    });
    return fallback(why);
  }
}
