// What a use case refuses, as a plain value: which rule said no and the facts a person needs to
// hear it, in the product's words, never how an answer says it. A service's public function
// returns `outcome | refusal` (an outcome has no `kind` of its own); each handler declares once
// how the kinds it can meet are answered (functions/http/errors.ts, refusalAnswers), and a job
// reads the value like any other.
import type { GoogleFeature } from '@shared/google';
import type { MessageChannel } from '@shared/messages';
import type { ImportFormat } from './client-import';

/** What a refusal may say it could not find; each has its own sentence in the answer. */
export type Missing =
  | 'client'
  | 'agent'
  | 'message'
  | 'support-request'
  | 'invitation'
  | 'import'
  | 'latest-import'
  | 'review'
  | 'account'
  | 'broadcast'
  | 'bulk-action'
  | 'merge'
  | 'segment'
  | 'push-subscription'
  /** A message that came in with no stored original e-mail (a text, or one of ours). */
  | 'original-email'
  /** A registered client's registration (or the client it became), gone since the upload token was issued. */
  | 'registration'
  | 'upload'
  /** A contacts sync conflict the agent resolved already (or a newer sync replaced). */
  | 'contact-conflict';
export type NotFound<W extends Missing = Missing> = { kind: 'not-found'; what: W };

// The request itself, refused by the handler before any use case: what its schema cannot hold.
/** An id in the URL that cannot be one (`what` names whose). */
export type InvalidId = { kind: 'invalid-id'; what: 'agent' | 'client' | 'support-request' };
/**
 * The request breaks a rule of its shape the schema cannot hold (a combination of fields, a value checked against
 * the stored record): `problem` is the rule's sentence, `field` names the field it is told on, when one is.
 */
export type InvalidInput = { kind: 'invalid-input'; problem: string; field?: string };
/** A body the route cannot read: not one of the types it takes, or over `maxBytes`. */
export type UnsupportedMediaType = { kind: 'unsupported-media-type' };
export type BodyTooLarge = { kind: 'body-too-large'; maxBytes: number };
/** A webhook whose signature cannot be checked (the secret not configured) or does not hold. */
export type BadSignature = { kind: 'bad-signature'; reason: 'not-configured' | 'mismatch' };

// Sending to a client.
export type EmailUnverified = { kind: 'email-unverified' };
/** The agent's daily cap on a channel is used up; it resets at `resetsAt`, told in `timeZone`, the agent's. */
export type DailyLimit = {
  kind: 'daily-limit';
  channel: MessageChannel;
  limit: number;
  resetsAt: string;
  timeZone: string;
};
/**
 * The platform's daily circuit breaker on a channel tripped: no client sends on it, for anyone, until `resetsAt`
 * (told in `timeZone`, the agent's).
 */
export type PlatformLimit = {
  kind: 'platform-limit';
  channel: MessageChannel;
  resetsAt: string;
  timeZone: string;
  /** `free`: only the share free accounts and new senders draw on is used up (Pro sends on). */
  share?: 'free';
};
/** The agent's client sends are paused: their e-mails bounced or drew complaints past SES's review levels. */
export type SendingPaused = { kind: 'sending-paused'; reason: 'bounces' | 'complaints' };
/** Why a send to a client gets no slot: the agent's cap, the platform's breaker, or a pause. */
export type SendCapRefusal = DailyLimit | PlatformLimit | SendingPaused;
export type OptedOut<C extends MessageChannel = MessageChannel> = { kind: 'opted-out'; channel: C };
export type NoEmail = { kind: 'no-email' };
export type NoPhone = { kind: 'no-phone' };
export type EmailSuppressed = { kind: 'email-suppressed'; reason: 'bounce' | 'complaint' };
export type SmsCountryNotAllowed = { kind: 'sms-country-not-allowed'; allowedCountries: readonly string[] };
export type SmsUnavailable = { kind: 'sms-unavailable' };
/** The client has not agreed to receive texts (their consent is none), or the agent has not attested it. */
export type NoSmsConsent = { kind: 'no-sms-consent' };
/**
 * The provider refused or could not be reached: nothing left, the cap slot was given back. `reason` is the
 * provider's own, when the answer tells it (an administrator's test text).
 */
export type SendFailed<C extends MessageChannel = MessageChannel> = {
  kind: 'send-failed';
  channel: C;
  reason?: string;
};
/** Why nothing can be e-mailed to a client. */
export type EmailDestinationRefusal = OptedOut<'email'> | NoEmail | EmailSuppressed;
/** Why no text can go to a client. */
export type TextDestinationRefusal = OptedOut<'sms'> | NoPhone | SmsCountryNotAllowed | SmsUnavailable | NoSmsConsent;

/** What a fixed-window limit counts: an agent's, a client's or an address's requests of one kind. */
export type Limited =
  | 'support-requests'
  | 'invitations'
  | 'imports'
  | 'agent-registrations'
  | 'verification-emails'
  | 'password-resets'
  | 'agent-searches'
  | 'test-texts'
  | 'client-registrations'
  | 'directory-registrations'
  | 'review-checks'
  | 'video-uploads'
  | 'test-pushes';
/** A fixed-window limit on how often an agent (or a client, or an address) may do something. */
export type RateLimited<W extends Limited = Limited> = {
  kind: 'rate-limited';
  what: W;
  max: number;
  retryAfterSeconds: number;
};

// Accounts.
/** Too many failed logins from the address or at the account: the next try waits `retryAfterSeconds`. */
export type TooManyFailedLogins = { kind: 'too-many-failed-logins'; retryAfterSeconds: number };
/** No account has this username with this password (which of the two is never told). */
export type WrongCredentials = { kind: 'wrong-credentials' };
/** Another account already has this e-mail (the username) or phone number. */
export type AccountExists = { kind: 'account-exists'; field: 'username' | 'phone' };
export type AlreadyVerified = { kind: 'already-verified' };
/** The platform took as many new accounts as it takes in an hour, from every address together. */
export type RegistrationsBusy = { kind: 'registrations-busy'; retryAfterSeconds: number };

// Following a link: only the account an e-mail verification link was mailed to, signed in, may use it; any link
// (verification, invitation, calendar feed, review request, unsubscribe) may be unknown, used or expired.
export type SignInRequired = { kind: 'sign-in-required' };
export type AnotherAccount = { kind: 'another-account' };
/** `reason`, for a link whose answer tells it (a registration's confirmation): never issued, used, or expired. */
export type InvalidLink = { kind: 'invalid-link'; reason?: 'invalid' | 'used' | 'expired' };

// The Pro plan.
/** What the agent asked is part of Pro. */
/** `feature`: which Pro feature, when the answer names it (a Pro occasion of the automations). */
export type ProRequired = { kind: 'pro-required'; feature?: 'home-update' };
export type AlreadyPro = { kind: 'already-pro' };
/** Pro, but not through Stripe (granted by hand): no subscription to manage. */
export type NoStripeSubscription = { kind: 'no-stripe-subscription' };
/** Another delivery of the same Stripe event is being applied. */
export type EventInProgress = { kind: 'event-in-progress' };

// Drafts, broadcasts, segments, devices, exports.
/** The agent's AI drafts of the day are used up; they come back at `resetsAt`. */
export type AiDraftsUsedUp = { kind: 'ai-drafts-used-up'; limit: number; resetsAt: string };
/** The agent keeps `max` segments already. */
export type SegmentsFull = { kind: 'segments-full'; max: number };
/** The agent has notifications on for `max` devices already. */
export type TooManyDevices = { kind: 'too-many-devices'; max: number };
/** None of the clients named is there to export. */
export type NothingToExport = { kind: 'nothing-to-export' };
/** The export's file would be over `maxBytes`. */
export type ExportTooLarge = { kind: 'export-too-large'; maxBytes: number };

// Undoing a bulk delete or a merge.
/** Only a bulk delete can be undone. */
export type NotUndoable = { kind: 'not-undoable' };
/** The bulk delete is still running: it can be undone once it has finished. */
export type StillRunning = { kind: 'still-running' };
export type AlreadyUndone = { kind: 'already-undone' };
export type UndoExpired = { kind: 'undo-expired'; undoUntil: string };

// Merging two clients.
/** A client who registered from the directory and is not confirmed yet takes no merge. */
export type RegistrationPending = { kind: 'registration-pending'; clientId: string };
/** The merge stopped partway: it cannot be undone. */
export type MergeUnfinished = { kind: 'merge-unfinished' };
/** One of the two clients is in another merge (or its undo) right now. */
export type MergeInProgress = { kind: 'merge-in-progress' };

// A client registering: with an invitation, or with an agent of the directory, then sharing a video.
/** Another registration is redeeming the invitation right now. */
export type InvitationInUse = { kind: 'invitation-in-use' };
/** The agent's free plan is full: no new client can join. */
export type AgentAtCapacity = { kind: 'agent-at-capacity' };
/** The uploaded object is not a video, or over the size a video may have. */
export type VideoRejected = { kind: 'video-rejected'; reason: 'not-a-video' | 'too-large' };

// Review requests.
export type PlaceIdRequired = { kind: 'place-id-required' };
export type AlreadyReviewed = { kind: 'already-reviewed' };
/** Asked too recently: the last request and the first moment another may go, told in the agent's `timeZone`. */
export type TooSoon = { kind: 'too-soon'; lastRequestedAt: string; nextAt: string; timeZone: string };

// Google Business Profile reviews.
export type GoogleNotConnected = { kind: 'google-not-connected' };
/** Connected, but no location chosen yet. */
export type GoogleNoLocation = { kind: 'google-no-location' };
/** A location that is not one of the connection's. */
export type UnknownLocation = { kind: 'unknown-location' };
/** A feature turned on whose consent Google has not given: the agent connects it first. */
export type GoogleFeatureNotGranted = { kind: 'google-feature-not-granted'; feature: GoogleFeature };
/** A feature the agent has not turned on (or turned off): its routes wait until it is on. */
export type GoogleFeatureOff = { kind: 'google-feature-off'; feature: GoogleFeature };
/** A contacts sync before any Google contacts import: the import chooses what the sync follows. */
export type ContactsNotImported = { kind: 'contacts-not-imported' };
/** More Google contacts than one import reads. */
export type TooManyContacts = { kind: 'too-many-contacts'; max: number };
/** A contact changed in Google again while the agent's value was written to it (read again, retried once). */
export type ContactChangedAgain = { kind: 'contact-changed-again' };
/** An anonymous reviewer: never matched to a client. */
export type AnonymousReview = { kind: 'anonymous-review' };

// The outgoing queue.
export type NotAwaiting = { kind: 'not-awaiting'; action: 'approve' | 'skip' | 'snooze' };
/** The edited text breaks a rule a message written by hand follows (`field` names it when one field does). */
export type InvalidContent = { kind: 'invalid-content'; problem: string; field?: string };

// Support requests.
export type RequestClosed = { kind: 'request-closed' };
export type RepliesFull = { kind: 'replies-full'; max: number };
/** Another write changed the item between the read and the conditional write: trying again may work. */
export type ChangedMeanwhile = { kind: 'changed-meanwhile' };

// Acting for another agent (admin mode).
export type InvalidAgentId = { kind: 'invalid-agent-id' };
export type NotAdmin = { kind: 'not-admin' };

// A registered client's upload token.
export type UploadTokenInvalid = { kind: 'upload-token-invalid' };
export type UploadTokenMismatch = { kind: 'upload-token-mismatch' };

// Closing an account.
/** The password that confirms a closing is missing or not the account's. */
export type WrongPassword = { kind: 'wrong-password' };

// Big imports.
/** No file sent, or an empty one. */
export type NoFile = { kind: 'no-file' };
/** Neither a CSV nor a vCard file by its name and type. */
export type UnsupportedFile = { kind: 'unsupported-file' };
export type UploadMissing = { kind: 'upload-missing' };
export type FileTooLarge = { kind: 'file-too-large' };
/** The file's head cannot be a client file of its format: `problem` says why, as the request's import does. */
export type UnreadableFile = { kind: 'unreadable-file'; format: ImportFormat; problem: string };
/** Another import of the agent's is still running (one at a time). */
export type ImportRunning = { kind: 'import-running' };

// A client's home value (GET /api/clients/{id}/home-value).
/**
 * No estimate: the client has no postal code or no purchase date, no price index covers their area, or none reaches
 * back to (`first`) or forward to (`through`) the purchase's quarter (quarters as `YYYYQn`).
 */
export type HomeValueUnavailable = {
  kind: 'home-value-unavailable';
  reason: HomeValueUnavailableReason;
  first?: string;
  through?: string;
};
export type HomeValueUnavailableReason =
  'no-postal-code' | 'no-purchase-date' | 'no-index-for-area' | 'purchase-before-series' | 'purchase-after-series';

export type Refusal =
  | NotFound
  | EmailUnverified
  | DailyLimit
  | PlatformLimit
  | SendingPaused
  | OptedOut
  | NoEmail
  | NoPhone
  | EmailSuppressed
  | SmsCountryNotAllowed
  | SmsUnavailable
  | NoSmsConsent
  | SendFailed
  | RateLimited
  | SignInRequired
  | AnotherAccount
  | InvalidLink
  | PlaceIdRequired
  | AlreadyReviewed
  | TooSoon
  | NotAwaiting
  | InvalidContent
  | RequestClosed
  | RepliesFull
  | ChangedMeanwhile
  | InvalidAgentId
  | NotAdmin
  | UploadTokenInvalid
  | UploadTokenMismatch
  | WrongPassword
  | UnsupportedFile
  | UploadMissing
  | FileTooLarge
  | UnreadableFile
  | ImportRunning
  | HomeValueUnavailable
  | GoogleNotConnected
  | GoogleNoLocation
  | UnknownLocation
  | GoogleFeatureNotGranted
  | GoogleFeatureOff
  | TooManyContacts
  | ContactsNotImported
  | AnonymousReview
  | ContactChangedAgain
  | InvalidId
  | InvalidInput
  | UnsupportedMediaType
  | BodyTooLarge
  | BadSignature
  | TooManyFailedLogins
  | WrongCredentials
  | AccountExists
  | AlreadyVerified
  | RegistrationsBusy
  | ProRequired
  | AlreadyPro
  | NoStripeSubscription
  | EventInProgress
  | AiDraftsUsedUp
  | SegmentsFull
  | TooManyDevices
  | NothingToExport
  | ExportTooLarge
  | NotUndoable
  | StillRunning
  | AlreadyUndone
  | UndoExpired
  | RegistrationPending
  | MergeUnfinished
  | MergeInProgress
  | InvitationInUse
  | AgentAtCapacity
  | VideoRejected
  | NoFile;
export type RefusalKind = Refusal['kind'];

// Every kind, so a value is told apart from an outcome at run time as the types tell it apart.
const KINDS: Record<RefusalKind, true> = {
  'not-found': true,
  'contact-changed-again': true,
  'email-unverified': true,
  'daily-limit': true,
  'platform-limit': true,
  'sending-paused': true,
  'opted-out': true,
  'no-email': true,
  'no-phone': true,
  'email-suppressed': true,
  'sms-country-not-allowed': true,
  'sms-unavailable': true,
  'no-sms-consent': true,
  'send-failed': true,
  'rate-limited': true,
  'sign-in-required': true,
  'another-account': true,
  'invalid-link': true,
  'place-id-required': true,
  'already-reviewed': true,
  'too-soon': true,
  'not-awaiting': true,
  'invalid-content': true,
  'request-closed': true,
  'replies-full': true,
  'changed-meanwhile': true,
  'invalid-agent-id': true,
  'not-admin': true,
  'upload-token-invalid': true,
  'upload-token-mismatch': true,
  'wrong-password': true,
  'unsupported-file': true,
  'upload-missing': true,
  'file-too-large': true,
  'unreadable-file': true,
  'import-running': true,
  'home-value-unavailable': true,
  'google-not-connected': true,
  'google-no-location': true,
  'unknown-location': true,
  'google-feature-not-granted': true,
  'google-feature-off': true,
  'too-many-contacts': true,
  'contacts-not-imported': true,
  'anonymous-review': true,
  'invalid-id': true,
  'invalid-input': true,
  'unsupported-media-type': true,
  'body-too-large': true,
  'bad-signature': true,
  'too-many-failed-logins': true,
  'wrong-credentials': true,
  'account-exists': true,
  'already-verified': true,
  'registrations-busy': true,
  'pro-required': true,
  'already-pro': true,
  'no-stripe-subscription': true,
  'event-in-progress': true,
  'ai-drafts-used-up': true,
  'segments-full': true,
  'too-many-devices': true,
  'nothing-to-export': true,
  'export-too-large': true,
  'not-undoable': true,
  'still-running': true,
  'already-undone': true,
  'undo-expired': true,
  'registration-pending': true,
  'merge-unfinished': true,
  'merge-in-progress': true,
  'invitation-in-use': true,
  'agent-at-capacity': true,
  'video-rejected': true,
  'no-file': true,
};

/** True for a refusal, false for an outcome (a value without a refusal's `kind`, `undefined` included). */
export function isRefusal<T>(value: T): value is Extract<T, Refusal> {
  if (typeof value !== 'object' || value === null || !('kind' in value)) return false;
  const { kind } = value;
  return typeof kind === 'string' && Object.hasOwn(KINDS, kind);
}

/** The refusals a service function may return: `RefusalOf<typeof sendClientMessage>`. */
export type RefusalOf<F extends (...args: never[]) => unknown> = Extract<Awaited<ReturnType<F>>, Refusal>;

/**
 * A refusal thrown, for a nested step that cannot return it (the public function that runs the flow catches it and
 * returns `refusal` as a value); the HTTP stack also carries a refusal a handler returns this way to its answer.
 */
export class Refused<R extends Refusal = Refusal> extends Error {
  override name = 'Refused';
  constructor(readonly refusal: R) {
    super(`refused: ${refusal.kind}`);
  }
}
