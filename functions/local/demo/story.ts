// The demo agent's year (issue 44, "A demo that tells the story"): on top of the dozen clients functions/local/seed.ts
// adds, the rest of a real agent's book and a year of keeping in touch with it, laid out back from the seeding day so
// it never goes stale, and the same for the same day. In order: the fake Google connected (review requests need a
// location), the year played event by event through the use cases (functions/local/demo/play.ts), then what happens
// only now: an invited client registering with a video, a directory registration waiting, the Google reviews synced.
import { todayIn } from '@shared/dates';
import type { ClientItem } from '../../data/clients';
import { getUserById } from '../../data/users';
import { newClients } from './book';
import { regulars } from './regulars';
import { demoClock, type DemoClock } from './clock';
import { connectCalendar, connectGoogle, settleReviews } from './google';
import { DemoStoryError, playEvent, type Cast } from './play';
import { welcomeNewClients } from './registrations';
import { demoTimeline, type StoryClient } from './timeline';

type DozenClient = Pick<ClientItem, 'name' | 'birthday' | 'anniversary' | 'purchaseDate'>;
const REVIEW_EVENTS: ReadonlySet<string> = new Set(['review-request', 'review-link-opened']);
/** The dozen were in the book before the story's year (functions/local/seed.ts adds them so long ago). */
export const DOZEN_ADDED_DAYS_AGO = 3 * 365;

export async function seedStory(agentId: string, dozen: readonly ClientItem[], now = new Date()): Promise<void> {
  const agent = await getUserById(agentId, true);
  if (!agent) throw new DemoStoryError('the demo agent is missing');
  const clock = demoClock(todayIn(agent.timeZone, now));
  const cast: Cast = { agent, ids: new Map(dozen.map((client) => [client.name, client.id])) };
  const google = await connectGoogle(agent, clock);

  // Without the fake Google (a developer's own Google client) there is no location to ask reviews for.
  const events = demoTimeline(clock, storyClients(clock, dozen), now).filter(
    (event) => google || !REVIEW_EVENTS.has(event.kind),
  );
  for (const event of events) await playEvent(event, cast);

  await welcomeNewClients(cast, clock);
  if (google) {
    await settleReviews(cast);
    await connectCalendar(cast, clock);
  }
}

/** The story's clients: the dozen already in the book, with what the story gives them, then the ones the agent adds. */
export function storyClients(clock: DemoClock, dozen: ReadonlyArray<DozenClient>): StoryClient[] {
  const keeping = regulars(clock);
  return [
    ...dozen.map(({ name, birthday, anniversary, purchaseDate }) => ({
      id: name,
      name,
      birthday,
      anniversary,
      purchaseDate,
      ...(keeping[name] ?? { tags: [], rhythm: 'quiet' as const, prefers: 'email' as const }),
      addedDaysAgo: DOZEN_ADDED_DAYS_AGO,
    })),
    ...newClients(clock).map((client) => ({ ...client, id: client.name, added: client })),
  ];
}
