// The changes a client can go through, described as values (`ClientChange`), and what each does to the item
// (`applyChange`, pure). The client record (record.ts) reads the client, applies the change, and writes the item and
// what it derives (derived.ts); nothing here touches the table.
import type { ReviewStatus } from '@shared/api-types';
import { CLEARABLE_CLIENT_FIELDS, postalCodeFromAddress } from '@shared/client-schema';
import { hasTag, TAGS_PER_CLIENT_MAX, withoutTag, withTag } from '@shared/tags';
import { unmergedFields } from '../domain/duplicates';
import { phoneToE164 } from '../domain/phone-numbers';
import { withInterest, withReply, withTouch, type InterestKind, type TouchWeight } from '../domain/relationship';
import { currentSmsConsent, nextSmsConsent, type ConsentRequest } from '../domain/sms-consent';
import type { ClientChanges, ClientItem } from '../data/clients';
import type { GoogleContactLink, SyncBase, SyncedValues } from '../domain/google-contacts';
import { contactIndexKeys } from '../data/keys/clients';

/** What can happen to a client. Each is applied to the item as it is read (applyChange). */
export type ClientChange =
  /** Fields of the form, an import row or a registration (null or '' clears an optional one). */
  | { kind: 'edit'; changes: ClientChanges }
  /**
   * A tag added to or taken off the client (a bulk action): applied to the tags as they are, so a concurrent edit
   * keeps its own; refused ('tags-full') when adding would pass TAGS_PER_CLIENT_MAX.
   */
  | { kind: 'tag'; add: string }
  | { kind: 'untag'; remove: string }
  /** The agent sets the review status (or the review check found the review). */
  | { kind: 'review-status'; status: ReviewStatus }
  /** A review request goes out: refused when the client already reviewed, or was asked within `minIntervalMs`. */
  | { kind: 'request-review'; minIntervalMs: number }
  /**
   * A request that could not be sent is taken back, only if nothing changed the review since it was marked: the review
   * is as the request found it, the opening of the earlier request's link included.
   */
  | {
      kind: 'withdraw-review-request';
      requestedAt: string;
      previous: Pick<ClientItem, 'reviewStatus' | 'reviewRequestedAt' | 'reviewLinkOpenedAt'>;
    }
  /** The client opened the review link of their request (`at`): the first open after each request is kept. */
  | { kind: 'review-link-opened'; at: string }
  /**
   * The agent confirmed a Google review (written at `at`) as the client's: submitted, dated by the review, which stops
   * any further review request.
   */
  | { kind: 'review-found'; at: string }
  /**
   * A message or touch on `on` (YYYY-MM-DD, or the ISO instant): Last Contact only ever moves forward. With `touch`,
   * the relationship's strength takes the touch's weight (functions/domain/relationship.ts), and a personal touch
   * after a referral thanks the client for it.
   */
  | { kind: 'contacted'; on: string; touch?: TouchWeight }
  /**
   * The client wrote back at `at` (ISO) on `channel`: Last Contact moves forward, the strength and interest take the
   * reply, and the automatic sends to the client pause until `pauseUntil` (ISO; a later pause already set is kept).
   */
  | { kind: 'replied'; at: string; pauseUntil: string; channel: 'email' | 'sms' }
  /** The client showed interest at `at` (a profile visit, a link opened): the interest signal takes it. */
  | { kind: 'interest'; interest: InterestKind; at: string }
  /** A client the agent added or who registered names this one as their referrer: one more referral, to thank. */
  | { kind: 'referral-credited'; referred: { id: string; name: string }; at: string }
  /** A client no longer names this one as their referrer (the form changed or cleared it): the credit goes back. */
  | { kind: 'referral-withdrawn'; referredId: string }
  /** A monthly home update went to the client (`month`: YYYY-MM): one more without a click, until one is clicked. */
  | { kind: 'home-update-sent'; month: string }
  /** The client clicked a home update's link at `at`: the count starts again, and it is strong interest. */
  | { kind: 'home-update-clicked'; at: string }
  /** The agent snoozed or dismissed the client from Today's next best touch: left out until `until` (YYYY-MM-DD). */
  | { kind: 'next-best-hidden'; until: string }
  /** The client stopped a channel (an unsubscribe link, a STOP reply, a refused text); a text opt-out revokes it. */
  | { kind: 'opt-out'; channel: 'email' | 'sms' }
  /**
   * The client's consent to texts is given, attested or taken back (functions/services/sms-consent.ts, which also keeps
   * its history). Once revoked, only the client's own keyword gives it again: anything else is refused ('opted-out').
   * A request `from` a number (a keyword, a YES) applies only while the client is at that number.
   */
  | { kind: 'sms-consent'; consent: ConsentRequest }
  /** These milestones were awarded (each once; remembered so later writes try only new ones). */
  | { kind: 'milestones-awarded'; types: readonly string[] }
  /** A video testimonial was confirmed for the client. */
  | { kind: 'testimonial-received' }
  /** The agent approved an automatic message for the client (the first lets the next ones leave by themselves). */
  | { kind: 'automatic-approved' }
  /** Linked to a Google contact (an import matched it): only the fields the client has no value for take `fill`. */
  | { kind: 'google-linked'; link: GoogleContactLink; fill: ClientChanges; google: SyncedValues }
  /** A sync read the linked contact again: Google's `changes` taken (mergeContact), both sides' values the new base. */
  | { kind: 'google-synced'; etag: string; changes: Partial<SyncedValues>; base: SyncBase }
  /** The linked contact was deleted in Google: the client stays, unlinked. */
  | { kind: 'google-unlinked'; resourceName: string }
  /** Nothing of the client changes: its keys are derived again (for items written before a key existed). */
  | { kind: 'rederive' }
  /**
   * A directory registration is confirmed (by the client from the e-mail, or accepted by the agent): the client takes
   * a plan slot (refused with PlanLimitError when the free plan is full) and gets its occasions.
   */
  | { kind: 'confirm-registration' }
  /** Another client is merged into this one: these fields (functions/domain/duplicates.ts mergedFields) are set. */
  | { kind: 'merge-absorb'; fields: Partial<ClientItem> }
  /** A merge is undone: what it set (`absorbed`) and nothing changed since goes back to `item`'s (unmergedFields). */
  | { kind: 'restore'; item: ClientItem; absorbed: Partial<ClientItem> };

/** What a change did: the item before and after, or why it did nothing. */
export type ChangeOutcome =
  | { kind: 'changed'; before: ClientItem; after: ClientItem }
  | { kind: 'unchanged'; client: ClientItem }
  | { kind: 'not-found' }
  | { kind: 'already-submitted' }
  | { kind: 'opted-out' }
  | { kind: 'tags-full' }
  | { kind: 'too-soon'; lastRequestedAt: string };

type Applied = { kind: 'changed'; after: ClientItem } | Exclude<ChangeOutcome, { kind: 'changed' }>;

/** The client after the change, or why it does not apply. Pure: the same item and change give the same answer. */
export function applyChange(before: ClientItem, change: ClientChange, now: Date): Applied {
  const stamp = now.toISOString();
  const unchanged = { kind: 'unchanged', client: before } as const;
  const changed = (fields: Partial<ClientItem>): Applied => ({ kind: 'changed', after: { ...before, ...fields } });
  switch (change.kind) {
    case 'edit':
      return changed({
        ...editedFields(change.changes),
        ...followedPostalCode(before, change.changes),
        updatedAt: stamp,
      });
    case 'tag': {
      if (hasTag(before.tags, change.add)) return unchanged;
      const tags = withTag(before.tags, change.add);
      return tags.length > TAGS_PER_CLIENT_MAX ? { kind: 'tags-full' } : changed({ tags, updatedAt: stamp });
    }
    case 'untag':
      if (!hasTag(before.tags, change.remove)) return unchanged;
      return changed({ tags: withoutTag(before.tags, change.remove), updatedAt: stamp });
    case 'review-status': {
      const was = before.reviewStatus ?? 'pending';
      const fields: Partial<ClientItem> = { reviewStatus: change.status, updatedAt: stamp };
      // Marked requested by hand: asked now, a new funnel (a status already requested keeps the time it was asked).
      if (change.status === 'requested' && was !== 'requested') {
        Object.assign(fields, { reviewRequestedAt: stamp, reviewLinkOpenedAt: null });
      }
      if (change.status === 'submitted' && was !== 'submitted') fields.reviewSubmittedAt = stamp;
      if (change.status !== 'submitted') fields.reviewSubmittedAt = null;
      return changed(fields);
    }
    case 'request-review': {
      if (before.reviewStatus === 'submitted') return { kind: 'already-submitted' };
      const last = before.reviewRequestedAt;
      if (last && Date.parse(last) > now.getTime() - change.minIntervalMs)
        return { kind: 'too-soon', lastRequestedAt: last };
      // A new request starts a new funnel: its link has not been opened yet.
      return changed({
        reviewStatus: 'requested',
        reviewRequestedAt: stamp,
        reviewLinkOpenedAt: null,
        updatedAt: stamp,
      });
    }
    case 'review-link-opened': {
      // Every opening is a sign of interest; the first after each request is the funnel's.
      const interest = withInterest(before, 'review-link', change.at);
      return changed(before.reviewLinkOpenedAt ? interest : { ...interest, reviewLinkOpenedAt: change.at });
    }
    case 'review-found':
      if (before.reviewStatus === 'submitted') return unchanged;
      return changed({ reviewStatus: 'submitted', reviewSubmittedAt: change.at, updatedAt: stamp });
    case 'withdraw-review-request':
      if (before.reviewStatus !== 'requested' || before.reviewRequestedAt !== change.requestedAt) return unchanged;
      return changed({
        reviewStatus: change.previous.reviewStatus ?? 'pending',
        reviewRequestedAt: change.previous.reviewRequestedAt ?? null,
        reviewLinkOpenedAt: change.previous.reviewLinkOpenedAt ?? null,
      });
    case 'contacted': {
      const fields: Partial<ClientItem> = change.touch ? touchedFields(before, change.touch, change.on, stamp) : {};
      if (!before.lastContactDate || before.lastContactDate < change.on) fields.lastContactDate = change.on;
      return Object.keys(fields).length ? changed(fields) : unchanged;
    }
    case 'interest':
      return changed(withInterest(before, change.interest, change.at));
    case 'referral-credited':
      return changed({
        referrals: (before.referrals ?? 0) + 1,
        referralThanks: { clientId: change.referred.id, name: change.referred.name, at: change.at },
      });
    case 'referral-withdrawn': {
      if (!before.referrals) return unchanged;
      const fields: Partial<ClientItem> = { referrals: before.referrals - 1 };
      if (before.referralThanks?.clientId === change.referredId) fields.referralThanks = null;
      return changed(fields);
    }
    case 'home-update-sent': {
      const state = before.homeUpdate;
      if (state?.lastSentMonth && state.lastSentMonth >= change.month) return unchanged;
      return changed({ homeUpdate: { ...state, unclicked: (state?.unclicked ?? 0) + 1, lastSentMonth: change.month } });
    }
    case 'home-update-clicked': {
      // A click is the strongest sign of interest there is: it weighs as two.
      const interest = withInterest(withInterest(before, 'home-value', change.at), 'home-value', change.at);
      return changed({ ...interest, homeUpdate: { ...before.homeUpdate, unclicked: 0, lastClickAt: change.at } });
    }
    case 'next-best-hidden':
      return before.nextBestHiddenUntil === change.until ? unchanged : changed({ nextBestHiddenUntil: change.until });
    case 'replied': {
      const fields: Partial<ClientItem> = withReply(before, change.channel, change.at);
      if (!before.lastContactDate || before.lastContactDate < change.at) fields.lastContactDate = change.at;
      if (!before.repliedAt || before.repliedAt < change.at) fields.repliedAt = change.at;
      if (!before.repliesPauseUntil || before.repliesPauseUntil < change.pauseUntil)
        fields.repliesPauseUntil = change.pauseUntil;
      return Object.keys(fields).length ? changed(fields) : unchanged;
    }
    case 'opt-out': {
      const field = change.channel === 'email' ? 'emailOptedOut' : 'smsOptedOut';
      if (before[field] === true) return unchanged;
      const revoked: Partial<ClientItem> =
        change.channel === 'sms' ? { smsConsent: { status: 'revoked', source: 'keyword', at: stamp } } : {};
      return changed({ [field]: true, [`${field}At`]: stamp, ...revoked });
    }
    case 'sms-consent': {
      // A keyword or YES from a number the client no longer has is not theirs.
      if (change.consent.from !== undefined && phoneToE164(before.phone) !== change.consent.from) return unchanged;
      const step = nextSmsConsent(currentSmsConsent(before), change.consent, stamp);
      if (step.kind !== 'set') return step.kind === 'unchanged' ? unchanged : step;
      const fields: Partial<ClientItem> = { smsConsent: step.consent, updatedAt: stamp };
      if (step.consent.status === 'revoked' && before.smsOptedOut !== true) {
        Object.assign(fields, { smsOptedOut: true, smsOptedOutAt: stamp });
      }
      // The client's own START undoes their STOP.
      if (step.consent.status === 'granted' && before.smsOptedOut === true) fields.smsOptedOut = false;
      return changed(fields);
    }
    case 'milestones-awarded': {
      const awarded = new Set(before.awardedMilestones ?? []);
      if (change.types.every((type) => awarded.has(type))) return unchanged;
      return changed({ awardedMilestones: new Set([...awarded, ...change.types]) });
    }
    case 'testimonial-received':
      return before.hasTestimonial === true ? unchanged : changed({ hasTestimonial: true });
    case 'automatic-approved':
      return before.automaticApprovedAt ? unchanged : changed({ automaticApprovedAt: stamp });
    case 'confirm-registration':
      return before.registrationPendingAt ? changed({ registrationPendingAt: null, updatedAt: stamp }) : unchanged;
    case 'merge-absorb':
      return Object.keys(change.fields).length ? changed({ ...change.fields, updatedAt: stamp }) : unchanged;
    case 'restore': {
      const fields = unmergedFields(before, change.item, change.absorbed);
      return Object.keys(fields).length ? changed({ ...fields, updatedAt: stamp }) : unchanged;
    }
    case 'google-linked': {
      const blank = Object.fromEntries(
        Object.entries(change.fill).filter(([field]) => isBlank(before[field as keyof ClientItem])),
      ) as ClientChanges;
      const linked = before.googleContact;
      const sameLink = linked?.resourceName === change.link.resourceName && linked.etag === change.link.etag;
      if (sameLink && Object.values(blank).every((value) => value === undefined || value === '')) return unchanged;
      const fields = { ...editedFields(blank), ...followedPostalCode(before, blank) };
      const after = { ...before, ...fields };
      return changed({
        ...fields,
        googleContact: {
          ...change.link,
          linkedAt: sameLink ? linked.linkedAt : stamp,
          base: { google: change.google, client: { email: after.email, phone: after.phone } },
        },
        updatedAt: stamp,
      });
    }
    case 'google-synced': {
      const linked = before.googleContact; // unlinked meanwhile: what the contact says is no longer this client's
      if (!linked) return unchanged;
      return changed({
        ...editedFields(change.changes),
        googleContact: { ...linked, etag: change.etag, base: change.base },
        updatedAt: stamp,
      });
    }
    case 'google-unlinked':
      if (before.googleContact?.resourceName !== change.resourceName) return unchanged;
      return changed({ googleContact: null, updatedAt: stamp });
    case 'rederive': {
      const keys = contactIndexKeys(before.agentId, before.lastContactDate, before.id);
      return before.gsi3pk === keys.gsi3pk && before.gsi3sk === keys.gsi3sk ? unchanged : changed({});
    }
  }
}

/** A touch this recent leaves the client off Today's list (functions/domain/next-best.ts RECENT_TOUCH_DAYS). */
const RECENT_TOUCH_MS = 3 * 86_400_000;

/**
 * Whether a written change takes the client off the day's next best touch (functions/data/next-best.ts), and whether
 * that counts as acted on: the agent's own touch made now does (a personal message, a call, a meeting, a note); a
 * snooze, a dismissal, a reply or an automatic send takes them off without counting; a touch dated long ago, nothing.
 */
export function nextBestDrop(
  change: ClientChange,
  before: ClientItem,
  after: ClientItem,
  now: Date,
): { acted: boolean } | null {
  if (change.kind === 'next-best-hidden') return { acted: false };
  const touchedAt = after.lastTouchAt;
  if (!touchedAt || touchedAt === before.lastTouchAt) return null;
  if (now.getTime() - Date.parse(touchedAt) >= RECENT_TOUCH_MS) return null;
  return { acted: change.kind === 'contacted' && change.touch !== undefined && change.touch !== 'automatic' };
}

/**
 * What a touch on `on` changes: the strength, the last touch, and a referral's thanks when the touch is a personal one
 * after it. A plain date is taken as the moment of the call (`stamp`) when it is today, else noon UTC that day.
 */
function touchedFields(before: ClientItem, weight: TouchWeight, on: string, stamp: string): Partial<ClientItem> {
  const at = on.length > 10 ? on : on === stamp.slice(0, 10) ? stamp : `${on}T12:00:00.000Z`;
  const fields: Partial<ClientItem> = withTouch(before, weight, at);
  if (weight !== 'automatic' && before.referralThanks && at >= before.referralThanks.at) fields.referralThanks = null;
  return fields;
}

/** Fields outside the form's that an edit clears with null. */
const CLEARED_BY_NULL: readonly string[] = ['lastContactDate', 'cadenceDays'];

/**
 * The ZIP code follows the address: an edit sending it blank takes the address's (the form sends every field); one
 * that changes the address without it takes the new address's, unless the agent had set one of their own (one the old
 * address did not end with).
 */
function followedPostalCode(before: ClientItem, changes: ClientChanges): Partial<ClientItem> {
  const given = changes.postalCode;
  if (given) return {};
  const address = changes.address === undefined ? before.address : changes.address;
  if (given !== undefined) return { postalCode: postalCodeFromAddress(address) ?? null };
  if (changes.address === undefined) return {};
  const followed = !before.postalCode || before.postalCode === postalCodeFromAddress(before.address);
  return followed ? { postalCode: postalCodeFromAddress(address) ?? null } : {};
}

/** A field the client has no value for: absent, null, empty text or an empty list. */
const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** The fields an edit sets: e-mail lower-cased; null or '' clears a field that may be cleared. */
function editedFields(changes: ClientChanges): Partial<ClientItem> {
  const fields: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (value === null || value === '') {
      if ((CLEARABLE_CLIENT_FIELDS as readonly string[]).includes(field) || CLEARED_BY_NULL.includes(field)) {
        fields[field] = null;
      }
    } else fields[field] = field === 'email' && typeof value === 'string' ? value.toLowerCase() : value;
  }
  return fields as Partial<ClientItem>;
}
