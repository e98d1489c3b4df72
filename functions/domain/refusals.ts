// What a use case refuses, as a plain value: which rule said no and the facts a person needs to
// hear it, in the product's words, never how an answer says it. A service's public function
// returns `outcome | refusal` (an outcome has no `kind` of its own); each handler declares once
// how the kinds it can meet are answered (functions/http/errors.ts, refusalAnswers), and a job
// reads the value like any other.
import type { MessageChannel } from '@shared/messages';
import type { ImportFormat } from './client-import';

/** What a refusal may say it could not find; each has its own sentence in the answer. */
export type Missing =
  'client' | 'agent' | 'message' | 'support-request' | 'invitation' | 'import' | 'latest-import' | 'review';
export type NotFound<W extends Missing = Missing> = { kind: 'not-found'; what: W };

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
export type PlatformLimit = { kind: 'platform-limit'; channel: MessageChannel; resetsAt: string; timeZone: string };
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
/** The provider refused or could not be reached: nothing left, the cap slot was given back. */
export type SendFailed<C extends MessageChannel = MessageChannel> = { kind: 'send-failed'; channel: C };
/** Why nothing can be e-mailed to a client. */
export type EmailDestinationRefusal = OptedOut<'email'> | NoEmail | EmailSuppressed;
/** Why no text can go to a client. */
export type TextDestinationRefusal = OptedOut<'sms'> | NoPhone | SmsCountryNotAllowed | SmsUnavailable | NoSmsConsent;

/** A fixed-window limit on how often an agent may do something. */
export type RateLimited<
  W extends 'support-requests' | 'invitations' | 'imports' = 'support-requests' | 'invitations' | 'imports',
> = { kind: 'rate-limited'; what: W; max: number; retryAfterSeconds: number };

// Following an e-mail verification link: only the account it was mailed to, signed in, may use it.
export type SignInRequired = { kind: 'sign-in-required' };
export type AnotherAccount = { kind: 'another-account' };
export type InvalidLink = { kind: 'invalid-link' };

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
/** Neither a CSV nor a vCard file by its name and type. */
export type UnsupportedFile = { kind: 'unsupported-file' };
export type UploadMissing = { kind: 'upload-missing' };
export type FileTooLarge = { kind: 'file-too-large' };
/** The file's head cannot be a client file of its format: `problem` says why, as the request's import does. */
export type UnreadableFile = { kind: 'unreadable-file'; format: ImportFormat; problem: string };
/** Another import of the agent's is still running (one at a time). */
export type ImportRunning = { kind: 'import-running' };

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
  | GoogleNotConnected
  | GoogleNoLocation
  | UnknownLocation
  | AnonymousReview;
export type RefusalKind = Refusal['kind'];

// Every kind, so a value is told apart from an outcome at run time as the types tell it apart.
const KINDS: Record<RefusalKind, true> = {
  'not-found': true,
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
  'google-not-connected': true,
  'google-no-location': true,
  'unknown-location': true,
  'anonymous-review': true,
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
