// Keys of an agent's clients and what hangs off them: the client item, its e-mail lock and indexes, the occasion and
// check-in indexes, the book's insights, milestones, testimonials, invitations and registrations, tags, segments and
// merges (the list and search entries' keys are client-lists.ts's). Access patterns:
//  - an agent's clients .... Query AGENT#<agentId>, sk begins_with CLIENT# (tenancy by construction)
//  - client e-mail per agent GetItem AGENT#<agentId> / CLIENTEMAIL#<email> → clientId (no duplicates)
//  - client by id (admin) .. Query gsi2 CLIENT#<id>
//  - all clients (admin) ... Query gsi1 CLIENTS, sorted by creation
//  - clients by last contact Query gsi3 CONTACT#<agentId>, sk <lastContactDate or 0000-00-00>#<clientId> (keys only:
//                            the quiet clients oldest first, and a count of the recently contacted)
//  - an agent's client lists Query CLIST#<agentId>#<sort> / <value>#<clientId> and CSEARCH#<agentId> /
//                            <word>#<clientId> (GET /api/clients pages, sorts and search: client-lists.ts)
//  - occasions by date ..... Query OCCASIONS#<agentId>, sk <MM-DD>#<folded name>#<kind rank>#<clientId>: one day with
//                            begins_with <MM-DD># (the automations), the next ones from today with sk >= <MM-DD>, then
//                            from the start of the year (the dashboard, /reminders a page at a time); custom key dates
//                            have the rank 3 and their place in the client's list (`300`, `301`…)
//  - due for a check-in .... Query CHECKIN#<agentId>, sk < <today>$ (sk <due date>#<clientId>, one per client with a
//                            keep-in-touch rhythm: GET /api/clients?due=check-in, Today, the check-in automation)
//  - an agent's insights ... GetItem INSIGHTS#<agentId> / BOOK (completion bands and key dates per MM-DD of the book as
//                            it is) and Query INSIGHTS#<agentId>, sk >= M#<YYYY-MM> (month counters, months in the
//                            agent's zone); both kept by ADD on write (functions/data/insights.ts), rebuilt by
//                            insights:recompute
//  - a client's milestones . Query CLIENT#<clientId>, sk begins_with MILESTONE#
//  - all milestones (export) Query gsi1 MILESTONES, sorted by award date
//  - a client's testimonials Query CLIENT#<clientId>, sk begins_with TESTIMONIAL# (deleted with the client)
//  - all testimonials (export) Query gsi1 TESTIMONIALS, sorted by upload (items carry testimonialIndexKeys)
//  - pending video upload .. GetItem UPLOAD#<uploadId> / UPLOAD (key, size and type the server chose)
//  - invitation by token ... GetItem INVITE#<sha256(token)> / INVITE (the token itself is never stored)
//  - an agent's live invite  GetItem AGENT#<agentId> / INVITEEMAIL#<email> → tokenHash, invitationId (re-invite
//                            replaces; deleted when the invitation is used or cancelled)
//  - an agent's open invitations Query AGENT#<agentId>, sk begins_with INVITEEMAIL# (the pointers), then BatchGet
//                            their INVITE# items (usedAt, expiry); one by id: the same Query, then GetItem INVITE#
//  - all invitations (export) Query gsi1 INVITATIONS, sorted by creation (items carry invitationIndexKeys)
//  - registration submission GetItem REGSUB#<id> / REGSUB (details for a known client, waiting for the client's
//                            confirmation; TTL)
//  - an agent's clients with a tag  Query CTAG#<agentId>#<sort>#<folded tag> / <sort value>#<clientId> (one entry per
//                            tag and order, derived by the client record like the list entries: client-lists.ts)
//  - an agent's tags and counts  Query TAGS#<agentId> / <folded tag> → name (as first written), count
//  - an agent's segments ... Query AGENT#<agentId>, sk begins_with SEGMENT#
//  - a client merge (undo) . GetItem AGENT#<agentId> / MERGE#<mergeId> (both clients as they were, its state and undo
//                            deadline; TTL), and what it moved: Query MERGED#<mergeId> (each item as it was and where
//                            it went, in order; TTL); a client being merged: AGENT#<agentId> / MERGING#<clientId>
//                            (a unique lock naming the merge, for the length of the merge or its undo)
//  - a client who went ...... GetItem AGENT#<agentId> / GONE#<clientId> (deleted or merged away: the keyed hash of the
//                            address and the client merged into, for the unsubscribe links already mailed; TTL 30 days)
import { agentItemKey, numberedItemKey } from './table';

export const clientKey = (agentId: string, clientId: string) => ({ pk: `AGENT#${agentId}`, sk: `CLIENT#${clientId}` });
export const CLIENT_PREFIX = 'CLIENT#';
export const clientIndexKeys = (createdAt: string, clientId: string) => ({
  gsi1pk: 'CLIENTS',
  gsi1sk: `${createdAt}#${clientId}`,
  gsi2pk: `CLIENT#${clientId}`,
  gsi2sk: 'CLIENT',
});
export const CLIENTS_PARTITION = 'CLIENTS';
export const CLIENT_EMAIL_PREFIX = 'CLIENTEMAIL#';
export const clientEmailLockKey = (agentId: string, email: string) => ({
  pk: `AGENT#${agentId}`,
  sk: `${CLIENT_EMAIL_PREFIX}${email.toLowerCase()}`,
});
/** Sorts before every date: a client never contacted is the quietest. */
export const NEVER_CONTACTED = '0000-00-00';
export const contactPartition = (agentId: string) => `CONTACT#${agentId}`;
export const contactIndexKeys = (agentId: string, lastContactDate: string | null | undefined, clientId: string) => ({
  gsi3pk: contactPartition(agentId),
  gsi3sk: `${lastContactDate || NEVER_CONTACTED}#${clientId}`,
});

/**
 * A client's key date under the day it comes round each year (`MM-DD`): the automations' due clients, without reading
 * the book.
 */
/**
 * The occasion index: an agent's key dates by the day of the year (sk `<MM-DD>#<folded name>#<kind rank>#<clientId>`).
 */
export const occasionsPartition = (agentId: string) => `OCCASIONS#${agentId}`;
/**
 * The check-in index: an agent's clients with a keep-in-touch rhythm by the day they become due (sk
 * `<YYYY-MM-DD>#<clientId>`): the clients due today are a Query with sk up to today's date.
 */
export const checkInPartition = (agentId: string) => `CHECKIN#${agentId}`;
/**
 * The home update index (`HOMEUPDATE#<agentId>` / `<DD>#<clientId>`, one entry per past client with a ZIP code and a
 * purchase date, under their day of the month: functions/domain/home-update.ts): a day's due clients are one Query
 * with sk begins_with `<DD>#`.
 */
export const homeUpdatePartition = (agentId: string) => `HOMEUPDATE#${agentId}`;
/**
 * The per-day partitions the occasion index had before it became one sorted partition: `npm run occasions:rebuild`
 * deletes them.
 */
export const legacyOccasionPartition = (agentId: string, monthDay: string) => `OCCASION#${agentId}#${monthDay}`;

export const insightsPartition = (agentId: string) => `INSIGHTS#${agentId}`;
export const INSIGHTS_MONTH_PREFIX = 'M#';
export const insightsMonthKey = (agentId: string, month: string) => ({
  pk: insightsPartition(agentId),
  sk: `${INSIGHTS_MONTH_PREFIX}${month}`,
});
export const insightsBookKey = (agentId: string) => ({ pk: insightsPartition(agentId), sk: 'BOOK' });

export const milestoneKey = (clientId: string, type: string) => ({ pk: `CLIENT#${clientId}`, sk: `MILESTONE#${type}` });
export const milestonePartition = (clientId: string) => `CLIENT#${clientId}`;
export const MILESTONE_PREFIX = 'MILESTONE#';
export const milestoneIndexKeys = (achievedAt: string, clientId: string, type: string) => ({
  gsi1pk: 'MILESTONES',
  gsi1sk: `${achievedAt}#${clientId}#${type}`,
});
export const MILESTONES_PARTITION = 'MILESTONES';

export const invitationKey = (tokenHash: string) => ({ pk: `INVITE#${tokenHash}`, sk: 'INVITE' });
export const INVITE_EMAIL_PREFIX = 'INVITEEMAIL#';
export const invitationEmailKey = (agentId: string, email: string) => ({
  pk: `AGENT#${agentId}`,
  sk: `${INVITE_EMAIL_PREFIX}${email.toLowerCase()}`,
});
export const registrationSubmissionKey = (submissionId: string) => ({ pk: `REGSUB#${submissionId}`, sk: 'REGSUB' });
export const pendingUploadKey = (uploadId: string) => ({ pk: `UPLOAD#${uploadId}`, sk: 'UPLOAD' });
export const testimonialKey = (clientId: string, testimonialId: string) => ({
  pk: `CLIENT#${clientId}`,
  sk: `TESTIMONIAL#${testimonialId}`,
});
export const testimonialPartition = (clientId: string) => `CLIENT#${clientId}`;
export const TESTIMONIAL_PREFIX = 'TESTIMONIAL#';

// The admin export lists these across all agents (gsi1); their writers add the index keys.
export const invitationIndexKeys = (createdAt: string, invitationId: string) => ({
  gsi1pk: 'INVITATIONS',
  gsi1sk: `${createdAt}#${invitationId}`,
});
export const INVITATIONS_PARTITION = 'INVITATIONS';
export const testimonialIndexKeys = (uploadedAt: string, testimonialId: string) => ({
  gsi1pk: 'TESTIMONIALS',
  gsi1sk: `${uploadedAt}#${testimonialId}`,
});
export const TESTIMONIALS_PARTITION = 'TESTIMONIALS';

export const tagCountPartition = (agentId: string) => `TAGS#${agentId}`;
export const tagCountKey = (agentId: string, foldedTag: string) => ({
  pk: tagCountPartition(agentId),
  sk: foldedTag,
});
export const SEGMENT_PREFIX = 'SEGMENT#';
export const segmentKey = (agentId: string, segmentId: string) =>
  agentItemKey(agentId, `${SEGMENT_PREFIX}${segmentId}`);
/** How many segments the agent has (a conditional ADD keeps it within SEGMENTS_PER_AGENT_MAX). */
export const segmentCountKey = (agentId: string) => agentItemKey(agentId, 'SEGMENTCOUNT');

export const MERGE_PREFIX = 'MERGE#';
export const clientMergeKey = (agentId: string, mergeId: string) => agentItemKey(agentId, `${MERGE_PREFIX}${mergeId}`);
export const mergedItemsPartition = (mergeId: string) => `MERGED#${mergeId}`;
export const mergedItemKey = (mergeId: string, index: number) =>
  numberedItemKey(mergedItemsPartition(mergeId), index, 9);
export const mergingLockKey = (agentId: string, clientId: string) => agentItemKey(agentId, `MERGING#${clientId}`);

/** A client deleted or merged away, as its unsubscribe links need it (functions/data/client-tombstones.ts). */
export const clientTombstoneKey = (agentId: string, clientId: string) => agentItemKey(agentId, `GONE#${clientId}`);

/**
 * The next best touch (functions/data/next-best.ts), in the agent's partition:
 *  - the day's list ........ GetItem AGENT#<agentId> / NEXTBEST (one item: the list of the agent's latest day)
 *  - the days before ....... Query AGENT#<agentId>, sk BETWEEN NEXTBEST#<first day> AND NEXTBEST#<last day> (how many
 *                            were suggested and acted on each day: the insights' weeks)
 */
export const nextBestKey = (agentId: string) => agentItemKey(agentId, NEXT_BEST_SK);
export const nextBestDayKey = (agentId: string, date: string) => agentItemKey(agentId, `${NEXT_BEST_SK}#${date}`);
export const NEXT_BEST_SK = 'NEXTBEST';
