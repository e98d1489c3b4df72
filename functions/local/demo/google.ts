// The demo agent's Google Business Profile, on the local runtime's fake Google (functions/local/fake-google.ts): the
// reviews the clients wrote on Google over the year, the agent's consent given as the browser gives it, the location
// chosen, then the reviews synced, matched to the clients who wrote them, and one answered. Only without a Google
// OAuth client of the developer's own: then the fake serves, and the seed knows where it keeps its reviews.
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { config } from '../../config';
import type { GoogleFeature } from '@shared/google';
import { getClient } from '../../data/clients';
import { getReview } from '../../data/google-reviews';
import type { UserItem } from '../../data/users';
import { randomId } from '../../domain/signed-tokens';
import {
  completeGoogleConnection,
  confirmMatch,
  postReviewReply,
  startGoogleConnection,
  syncReviews,
  updateGoogleConnection,
} from '../../services/google-reviews';
import { syncGoogleCalendar } from '../../services/google-calendar-sync';
import { FAKE_GOOGLE_CLIENT_ID, FAKE_LOCATIONS, type FakeReview } from '../fake-google';
import { hm, type DemoClock } from './clock';
import { DemoStoryError, type Cast } from './play';

/** A review on Google: its id, who signed it, the stars, the words and how many days ago. */
type Written = [id: string, reviewer: string | null, stars: FakeReview['starRating'], comment: string, daysAgo: number];

const REVIEWS: readonly Written[] = [
  ['rev-maria', 'Maria L.', 'FIVE', 'Jordan sold our condo in a week and found us the house we live in now.', 320],
  ['rev-kevin', 'Kevin Brooks', 'FOUR', 'Helpful at the open house even though we did not buy through him.', 230],
  [
    'rev-aisha',
    'Aisha O.',
    'FIVE',
    'Patient, honest and always one step ahead. Our first home, thanks to Jordan!',
    197,
  ],
  ['rev-grace', 'Grace Thompson', 'FIVE', 'Second time working with Jordan and just as good as the first.', 147],
  ['rev-thomas', 'Tom Nguyen', 'FIVE', 'Knew Round Rock inside out. The negotiation saved us thousands.', 92],
  ['rev-anon', null, 'TWO', 'Slow to call back during closing week.', 55],
  ['rev-hannah', 'Hannah W.', 'FIVE', 'Made buying our first place painless. Highly recommend!', 36],
];
/** The reviews the agent confirmed are by these clients; Hannah's stays a suggestion for the agent to confirm. */
const CONFIRMED: Array<[string, string]> = [
  ['rev-maria', 'Maria Lopez'],
  ['rev-aisha', 'Aisha Okafor'],
  ['rev-grace', 'Grace Thompson'],
  ['rev-thomas', 'Thomas Nguyen'],
];
export const SUGGESTED_REVIEW = { id: 'rev-hannah', client: 'Hannah Wright' };
const ANSWERED = {
  id: 'rev-anon',
  reply:
    'Thank you for telling us. Closing week should never feel like that: please call me, I would like to make it right.',
};
/** The review Maria wrote long ago, answered then. */
const EARLIER_REPLY = { id: 'rev-maria', comment: 'Thank you, Maria! Enjoy the new home.', daysAgo: 318 };

/** True when the runtime's fake Google serves (no Google OAuth client of the developer's own). */
const fakeGoogleServes = (): boolean => process.env.GOOGLE_OAUTH_CLIENT_ID === FAKE_GOOGLE_CLIENT_ID;

/**
 * Writes the year's reviews where the fake Google keeps them (`fake-google/` beside the outbox, as the local runtime
 * places it), then connects the agent through the consent page and picks the first location. False when no fake serves.
 */
export async function connectGoogle(agent: UserItem, clock: DemoClock): Promise<boolean> {
  const { outboxDir } = config();
  if (!fakeGoogleServes() || !outboxDir) return false;
  const dir = join(dirname(outboxDir), 'fake-google');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'reviews.json'),
    JSON.stringify(
      REVIEWS.map((review) => onGoogle(review, clock)),
      null,
      2,
    ),
  );

  await consentAs(agent);
  await updateGoogleConnection(agent.id, { locationName: FAKE_LOCATIONS[0]!.name });
  return true;
}

/** The agent's browser: the consent page's Allow (for `features` too), then the callback with Google's code. */
async function consentAs(agent: UserItem, features: GoogleFeature[] = []): Promise<void> {
  const session = { agentId: agent.id, sessionId: randomId() };
  const consent = await startGoogleConnection(agent.id, session.sessionId, features);
  const allowed = await fetch(consent, {
    method: 'POST',
    body: new URLSearchParams({ approve: 'yes' }),
    redirect: 'manual',
  });
  const back = new URL(allowed.headers.get('location') ?? 'http://invalid/');
  const code = back.searchParams.get('code') ?? undefined;
  const state = back.searchParams.get('state') ?? undefined;
  const { outcome } = await completeGoogleConnection({ code, state }, session);
  if (outcome !== 'connected') throw new DemoStoryError(`the fake Google did not connect: ${outcome}`);
}

/** A meeting with Maria three days ago, one with James tomorrow, and a day off, in the agent's own calendar. */
export const DEMO_MEETING = { with: 'Maria Lopez', summary: "Coffee: Maria's kitchen plans" };

/**
 * Google Calendar turned on (its own consent) after the agent's own calendar was written where the fake keeps it, then
 * synced as the hourly job syncs it: the Hearthside calendar filled with the key dates, Maria's coffee on her timeline.
 */
export async function connectCalendar(cast: Cast, clock: DemoClock): Promise<void> {
  const { outboxDir } = config();
  if (!outboxDir) return;
  const dir = join(dirname(outboxDir), 'fake-google', 'calendars');
  mkdirSync(dir, { recursive: true });
  const timed = (id: string, summary: string, at: Date, email: string) => ({
    id,
    status: 'confirmed',
    summary,
    start: { dateTime: at.toISOString() },
    end: { dateTime: new Date(at.getTime() + 3_600_000).toISOString() },
    attendees: [{ email: cast.agent.username, self: true }, { email }],
  });
  const emailOf = async (name: string) => (await getClient(cast.agent.id, cast.ids.get(name) ?? ''))?.email ?? '';
  writeFileSync(
    join(dir, 'primary.json'),
    JSON.stringify(
      [
        timed('demo-coffee', DEMO_MEETING.summary, clock.at(3, hm(10)), await emailOf(DEMO_MEETING.with)),
        timed('demo-showing', 'Second showing, Cedar Park', clock.at(-1, hm(16)), await emailOf('James Carter')),
        { id: 'demo-day-off', summary: 'Day off', start: { date: clock.day(1) }, end: { date: clock.day(0) } },
      ],
      null,
      2,
    ),
  );
  await consentAs(cast.agent, ['calendar']);
  const synced = await syncGoogleCalendar(cast.agent);
  if ('kind' in synced) throw new DemoStoryError(`the calendar did not sync: ${synced.kind}`);
}

/** The reviews synced as the hourly job syncs them, the agent's confirmations, and the answer to the unhappy one. */
export async function settleReviews(cast: Cast): Promise<void> {
  const synced = await syncReviews(cast.agent);
  if ('kind' in synced) throw new DemoStoryError(`the reviews did not sync: ${synced.kind}`);
  for (const [reviewId, name] of CONFIRMED) {
    const confirmed = await confirmMatch(cast.agent, reviewId, cast.ids.get(name) ?? '');
    if ('kind' in confirmed) throw new DemoStoryError(`${name}'s review was not confirmed: ${confirmed.kind}`);
  }
  if ((await getReview(cast.agent.id, SUGGESTED_REVIEW.id))?.match?.status !== 'suggested')
    throw new DemoStoryError(`${SUGGESTED_REVIEW.client}'s review was not suggested`);
  await postReviewReply(cast.agent.id, ANSWERED.id, ANSWERED.reply);
}

function onGoogle([reviewId, reviewer, starRating, comment, daysAgo]: Written, clock: DemoClock): FakeReview {
  const time = clock.at(daysAgo, hm(19, 30)).toISOString();
  const replied = reviewId === EARLIER_REPLY.id;
  return {
    reviewId,
    reviewer: reviewer ? { displayName: reviewer } : { isAnonymous: true, displayName: 'A Google user' },
    starRating,
    comment,
    createTime: time,
    updateTime: time,
    ...(replied
      ? {
          reviewReply: {
            comment: EARLIER_REPLY.comment,
            updateTime: clock.at(EARLIER_REPLY.daysAgo, hm(9)).toISOString(),
          },
        }
      : {}),
  };
}
