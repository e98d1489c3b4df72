// The API contract: the shapes the web client compiles against and the handlers return.
import type { HomeValue } from './home-value';
import type { MonthlyActivity } from './activity';
import type { ClientRelationship, NextBestFeedback, NextBestList, ReferralInsights } from './next-best';
import type { AutomationOccasion, AutomationRule } from './automations';
import type { ReminderEvent } from './reminders';
import type { PushPrefs } from './push';
import type { ReminderPrefs } from './reminder-prefs';
import type { GoogleFeature } from './google';

/** Every error answer (docs/architecture.md, Security model). */
export type ApiErrorBody = {
  message: string;
  code?: string;
  errors?: Record<string, string>;
};

/** The current user as the API returns it: never a password hash or token. */
export type User = {
  id: string;
  username: string;
  fullName: string;
  phone: string | null;
  isPro: boolean;
  /** Administrator now: the e-mail is verified and in ADMIN_EMAILS (decided on every request). */
  isAdmin: boolean;
  /** Until the e-mail is verified the agent can use the workspace but sends nothing to clients. */
  emailVerified: boolean;
  googlePlaceId: string | null;
  businessName: string | null;
  businessLocation: string | null;
  signupDate: string;
  lastLoginDate: string | null;
  /** IANA zone the agent's 8 am digest and "today" are in. */
  timeZone: string;
  reminderPrefs: ReminderPrefs;
  /** Which notifications web push brings to the agent's devices (all on until changed). */
  pushPrefs: PushPrefs;
  /** Client sends paused: the agent's e-mails bounced or drew complaints past SES's review levels; null otherwise. */
  sendingPaused: SendingPaused | null;
};

// Web push (GET /api/push/key, GET, POST and DELETE /api/push/subscriptions, POST /api/push/test).
/** The server's VAPID public key (base64url, an uncompressed P-256 point): applicationServerKey of subscribe(). */
export type PushKey = { publicKey: string };
/** A device's subscription as the server keeps it: the same endpoint always has the same id. */
export type PushSubscriptionCreated = { id: string };
/** How many of the agent's devices the push services took the test notification for. */
export type PushTestResult = { sent: number };
/** One of the agent's devices with notifications on; the times are ISO-8601. */
export type PushDevice = {
  id: string;
  /** The browser and system in plain words ("Chrome on Android"), from when it subscribed. */
  deviceLabel: string;
  createdAt: string;
  /** When a push service last took a notification for it; null until one did. */
  lastUsedAt: string | null;
};
/** GET /api/push/subscriptions: the agent's devices, the latest added first. */
export type PushDevices = { subscriptions: PushDevice[] };

/** Why and since when (ISO-8601) an agent's client sends are paused, until an administrator lifts it. */
export type SendingPaused = { reason: 'bounces' | 'complaints'; since: string };

export type ReviewStatus = 'pending' | 'requested' | 'submitted';

/** `pending`: ticked on the directory form, not yet confirmed by the number's YES (no text goes to it meanwhile). */
export type SmsConsentStatus = 'granted' | 'pending' | 'none' | 'revoked';
/**
 * How the consent came: the client ticked the box of a registration form, the agent attested it, the client texted a
 * keyword (STOP, START), an import created the client, or the number answered YES to our text asking it to confirm
 * the box ticked on the directory form (`form-confirmed`).
 */
export type SmsConsentSource = 'client-form' | 'form-confirmed' | 'agent-attested' | 'keyword' | 'import';

/** Whether the client agreed to receive texts (TCPA): who, how, when and, from a form, the exact words agreed to. */
export type SmsConsent = {
  status: SmsConsentStatus;
  source: SmsConsentSource | null;
  /** When it was given or taken back (ISO-8601 UTC); null when it never was. */
  at: string | null;
  /** The words the client agreed to (SMS_CONSENT_WORDS of shared/sms-consent.ts) when they ticked the box. */
  words?: string;
};

/** A custom key date: `date` is `YYYY-MM-DD`, or `--MM-DD` when the year is unknown. */
export type KeyDate = { label: string; date: string };

/** A client as the API returns it. Key dates are `YYYY-MM-DD`; timestamps ISO-8601 UTC. */
export type Client = {
  id: string;
  agentId: string;
  name: string;
  email: string;
  phone: string;
  address: string | null;
  birthday: string | null;
  anniversary: string | null;
  purchaseDate: string | null;
  /** The home's five-digit ZIP code: from the address when it ends with one, or as the agent set it. */
  postalCode: string | null;
  /** What the client paid for the home, in whole dollars (GET /api/clients/{id}/home-value rolls it forward). */
  purchasePrice: number | null;
  /** The latest sent message or logged touch (ISO-8601 UTC). */
  lastContactDate: string | null;
  /** IANA zone for the client's quiet hours (texts 8:00–21:00 there); null: the agent's zone. */
  timeZone: string | null;
  /** The client unsubscribed from this agent's e-mail (the link or one-click header). */
  emailOptedOut: boolean;
  /** The client replied STOP (or the carrier says the number opted out): no more texts. */
  smsOptedOut: boolean;
  /** No automatic messages for this client (PATCH /api/clients/{id} { automationsPaused }). */
  automationsPaused: boolean;
  /** Whether texts may go to the client at all: every text needs `granted` (409 NO_SMS_CONSENT otherwise). */
  smsConsent: SmsConsent;
  reviewStatus: ReviewStatus;
  reviewRequestedAt: string | null;
  reviewSubmittedAt: string | null;
  /** The client left a video testimonial (GET /api/clients/{id}/testimonials lists them). */
  hasTestimonial: boolean;
  /** The agent's labels for the client (at most 20, 1–32 characters each, unique regardless of case). */
  tags: string[];
  /** Dates of the agent's own (a child's birthday, a lease's end), each recurring yearly; at most 10. */
  keyDates: KeyDate[];
  /** Keep-in-touch rhythm: the client is due for a check-in this many days after Last Contact; null: no rhythm. */
  cadenceDays: number | null;
  /**
   * Registered through the public directory and not yet confirmed (by the client from the e-mail, or accepted by the
   * agent): takes no plan slot and gets no automatic message until then. Absent otherwise.
   */
  registrationPending?: true;
  createdAt: string;
  updatedAt: string;
  // The client's page: how they came in, and whether they opened their latest review link.
  /** Absent for clients added before it was recorded. */
  origin?: ClientOrigin;
  /** When the client first opened the review link of their latest request. Absent until then. */
  reviewLinkOpenedAt?: string;
  /** The client of the same agent who referred this one (GET /api/clients/{id}/relationship names them). */
  referredBy?: string;
};

/** Why clients look like the same person: the same number; the same name and a same key date; similar names. */
export type DuplicateReason = 'phone' | 'name-and-date' | 'similar-name';
/** GET /api/clients/duplicates: groups of likely duplicates (oldest client first), and those clients. */
export type DuplicateGroups = {
  groups: Array<{ clientIds: string[]; reason: DuplicateReason }>;
  clients: Client[];
};
/** POST /api/clients/merge: the kept client, and the merge's id for its undo until `undoUntil` (ISO). */
export type ClientMerge = { id: string; client: Client; mergedId: string; undoUntil: string };
/** POST /api/clients/merge/{id}/undo: both clients as they were. */
export type ClientMergeUndone = { clients: Client[] };
/** How a client came in: added by the agent, imported from a file, registered through the directory, invited. */
export type ClientOrigin = 'added' | 'imported' | 'directory' | 'invitation';

/** POST /api/clients: the client, and how many more the free plan allows (null: Pro, unlimited). */
export type CreatedClient = Client & { remainingFreeSlots: number | null };

export type ClientMilestone = {
  type: string;
  name: string;
  description: string;
  icon: 'Star' | 'Home';
  achievedAt: string;
};

export type ImportRowError = { row: number; message: string };

/** An import job (POST /api/imports, its start, GET /api/imports/{id}): where a big import stands. */
export type ImportJob = {
  id: string;
  fileName: string;
  /** What the counts count: spreadsheet rows of a CSV, or the cards of a vCard file. */
  unit: 'row' | 'card';
  /** uploading (waiting for the file), ready (Google contacts read, not started yet), queued, running, done, failed. */
  status: 'uploading' | 'ready' | 'queued' | 'running' | 'done' | 'failed';
  /**
   * A Google contacts import (POST /api/google/contacts/import): what starting it will do, as read: contacts that
   * become new clients, contacts that are clients already (by e-mail or phone: linked, never duplicated), contacts that
   * cannot be clients (no e-mail, no phone…), and the first of those with why.
   */
  preview?: ImportPreview;
  /** Entries in the file, once the job has read it through (null before). */
  total: number | null;
  rowsDone: number;
  imported: number;
  updated: number;
  /** Left out: invalid, over the free plan's cap, or replaced by a later row with the same e-mail. */
  skipped: number;
  /** Rows taken with a warning (in the report too). */
  warnings: number;
  createdAt: string;
  finishedAt: string | null;
  /** Done: what happened, in a sentence; failed: why. */
  message: string | null;
  /**
   * Every skipped row and warning with its row, line and reason: a link valid a few minutes (asked again on each read),
   * while the file is kept.
   */
  report: { url: string; expiresAt: string } | null;
  /** Queued or running, but the job has given no sign of life for 10 minutes: starting it again resumes it. */
  stalled: boolean;
};

/** POST /api/google/contacts/sync: what one contacts sync did. */
export type ContactsSyncResult = {
  /** Contacts Google said changed since the last sync (every contact after a full read). */
  itemsIn: number;
  /**
   * Contacts written in Google: the agent's edits of e-mails and phones, and (with the "Hearthside clients" group on)
   * clients made contacts, added to the group or taken out of it.
   */
  itemsOut: number;
  /** New clients made from new contacts, clients linked to new contacts, clients whose e-mail or phone was updated. */
  created: number;
  linked: number;
  updated: number;
  /** Clients whose contact was deleted in Google: unlinked, never deleted. */
  unlinked: number;
  /** Fields both sides changed: the client kept the agent's value. */
  conflicts: number;
  /** New contacts left out at the free plan's cap. */
  capped: number;
  /** Google no longer took the sync token: every contact was read again. */
  fullSync: boolean;
};

export type ImportPreview = {
  new: number;
  matched: number;
  errors: number;
  firstErrors: Array<{ name: string; reason: string }>;
};

/**
 * POST /api/imports: the import, and the presigned POST the browser sends the file with (fields first, then `file`).
 */
export type CreatedImport = {
  import: ImportJob;
  upload: { url: string; fields: Record<string, string>; expiresAt: string };
};

/** POST /api/clients/import. */
export type ImportResult = {
  imported: number;
  updated: number;
  skipped: number;
  errors: ImportRowError[];
  warnings: ImportRowError[];
  /**
   * What `row` counts in errors and warnings: spreadsheet rows of a CSV, or the cards of a vCard file (1 = the first
   * card).
   */
  unit?: 'row' | 'card';
  /** Why rows were left out (the free-plan cap), when any were. */
  message: string;
};

/** GET /api/public/agents: what a visitor may see of an agent, and nothing more. */
/** A realtor as the public directory shows them: never the login e-mail. */
export type PublicAgent = {
  id: string;
  fullName: string;
  businessName: string | null;
  businessLocation: string | null;
};

/** GET /api/public/agents?q=: at most a few matches; `available` says whether any realtor is listed at all. */
export type PublicAgentSearch = {
  agents: PublicAgent[];
  available: boolean;
  /** Set when the search text is too short to search. */
  message?: string;
};

/** POST /api/client-invitations/preview {token}: enough to greet the invited client, or that the link is no good. */
export type InvitationPreview =
  | { valid: true; name: string; email: string; agentName: string; businessName: string | null; expiresAt: string }
  | { valid: false; message: string };

/** POST /api/client-registration. `clientToken` lets this browser upload a testimonial for this client only. */
export type ClientRegistrationResult = {
  clientId: string;
  /** False when the e-mail was already one of the agent's clients and that client was updated. */
  created: boolean;
  clientToken: string;
  clientTokenExpiresAt: string;
};

/** POST /api/client-registration/confirm: the details were applied to the client. */
export type RegistrationConfirmResult = {
  agentName: string;
  /** Videos uploaded with the registration, now shown to the agent. */
  videos: number;
};

/** POST /api/video-testimonials: a presigned POST; send `fields` then the file (as `file`, last) to `url`. */
export type TestimonialUpload = {
  uploadId: string;
  url: string;
  fields: Record<string, string>;
  expiresAt: string;
};

/** GET /api/clients/{id}/testimonials; `url` is a presigned GET valid until `urlExpiresAt`. */
export type Testimonial = {
  id: string;
  contentType: string;
  size: number;
  uploadedAt: string;
  url: string;
  urlExpiresAt: string;
};

/** One month's count (`month` is `YYYY-MM`), oldest first; months with nothing in them count 0. */
export type MonthCount = { month: string; count: number };

/** GET /api/admin/analytics: read from the platform counters and the agents index. */
export type AdminAnalytics = {
  overview: { totalAgents: number; totalClients: number; proAgents: number; averageClientsPerAgent: number };
  /** Clients added each month (among those that still exist). */
  clientGrowth: MonthCount[];
  reviewsOverTime: MonthCount[];
  remindersOverTime: MonthCount[];
  agentDetails: Array<{ id: string; username: string; isPro: boolean; clientCount: number }>;
  /** The IANA zone the months are counted in: the platform's reporting zone (REPORTING_TIME_ZONE). */
  timeZone: string;
};

/** GET /api/agents: every agent (administrators included), never a password hash or token. */
export type AdminAgent = {
  id: string;
  username: string;
  fullName: string;
  phone: string | null;
  signupDate: string;
  lastLoginDate: string | null;
  isPro: boolean;
  isAdmin: boolean;
  clientCount: number;
  businessName: string | null;
  businessLocation: string | null;
  sendingPaused: SendingPaused | null;
};

/** A client in the admin lists: with its agent's username (null when the agent no longer exists). */
export type AdminClient = Client & { agentUsername: string | null };

/**
 * GET /api/admin/clients and /api/admin/clients/{agentId}: one page; pass `nextCursor` back as `cursor` until it is
 * null.
 */
export type AdminClientPage = { clients: AdminClient[]; nextCursor: string | null };

/** POST /api/admin/clients/export: the ids of the clients to export (the filtered list), at most 10,000. */
export type AdminClientsExportRequest = { clients: Array<string | { id: string; agentId?: string }> };

/** POST /api/admin/export: a short-lived link to admin-export.zip. */
export type AdminExport = { url: string; fileName: string; expiresAt: string };

/** POST /api/test-twilio. */
export type TestSmsResult = { message: string; to: string };

/** POST /api/subscription/create-checkout and POST /api/subscription/portal: where to send the browser. */
export type RedirectUrl = { url: string };

/** POST /api/clients/{id}/check-review: what was checked, said plainly, and the client as it is now. */
export type ReviewCheck = { hasReview: boolean; message: string; client: Client };

/** POST /api/clients/{id}/request-review. */
export type ReviewRequestResult = { client: Client; emailed: boolean; texted: boolean; message: string };

/** GET /api/user/calendar: whether the agent has a calendar feed, and its URL when it can be shown. */
export type CalendarFeedStatus = {
  exists: boolean;
  /** Null when there is no feed (or, rarely, when the server's key changed: rotate for a new URL). */
  url: string | null;
  createdAt: string | null;
};

/** POST /api/user/calendar-secret: the new feed URL (the old one stops working). */
export type CalendarFeed = { url: string; createdAt: string };

/** Who wrote a draft: `local` is the composer without a model (free agents, or a fallback). */
export type DraftProvider = 'bedrock' | 'openai' | 'local';
export type DraftEngine = {
  provider: DraftProvider;
  /** The model or inference profile id; null for `local`. */
  model: string | null;
  /** The configured model was asked but its answer was not used (`note` says why). */
  fallback?: true;
};

/** POST /api/clients/{id}/drafts. */
export type Draft = {
  /** Null for a text message. */
  subject: string | null;
  body: string;
  engine: DraftEngine;
  /** AI drafts today and the daily limit (a free plan's limit is 0: no AI drafts). */
  quota: { used: number; limit: number };
  /** Why the draft is not what was asked for (a fallback, or instructions only AI follows). */
  note?: string;
  /** A free agent: AI drafts come with Pro. */
  upgrade?: true;
};
/**
 * Where a message stands: `scheduled` waits for its send time (a text for the client's 8:00, an
 * automatic message for its rule's time); `awaiting-approval` is an automatic draft in the agent's
 * queue; `skipped` an automatic message that was not sent (its `problem` says why);
 * `bounced`/`complained` come back from SES; `received` is a message the client sent (direction `inbound`).
 */
export type MessageStatus =
  'awaiting-approval' | 'scheduled' | 'sending' | 'sent' | 'failed' | 'skipped' | 'bounced' | 'complained' | 'received';

/** One entry of a client's activity: a message sent (or scheduled) through Hearthside, or one the client sent. */
export type MessageActivity = {
  type: 'message';
  id: string;
  /** `inbound`: the client wrote it (a text or an e-mail reply); `outbound`: sent to the client. */
  direction: 'inbound' | 'outbound';
  /** When it arrived (inbound), left, or is due to leave; when it was made if neither. */
  at: string;
  channel: 'email' | 'sms';
  occasion: string | null;
  /** Null for a text. */
  subject: string | null;
  body: string;
  status: MessageStatus;
  /** When it left (sent, bounced, complained); null while scheduled or when it failed. */
  sentAt: string | null;
  /** When a scheduled text goes out (the next 8:00 in the client's zone); null for an immediate send. */
  sendAt: string | null;
  engine: DraftEngine | null;
  /** Why a send failed or bounced, or an automatic message was skipped, in words. */
  problem: string | null;
  /** Written by an automation rule (a date came round), not by the agent's hand. */
  automatic: boolean;
  /** Why an automatic message waits for approval instead of going out by itself. */
  note: string | null;
  createdAt: string;
};

/** One entry of a client's activity: a touch made outside the product, logged by the agent. */
export type TouchActivity = {
  type: 'touch';
  id: string;
  kind: 'call' | 'meeting' | 'note';
  note: string | null;
  /** When the touch happened (ISO-8601 UTC; a plain date is noon UTC). */
  date: string;
  createdAt: string;
};

/** One entry of a client's activity: the client's consent to texts was given, attested or taken back. */
export type ConsentActivity = {
  type: 'consent';
  id: string;
  status: SmsConsentStatus;
  source: SmsConsentSource | null;
  at: string;
  words: string | null;
  createdAt: string;
};

export type Activity = MessageActivity | TouchActivity | ConsentActivity;

/** GET /api/clients/{id}/messages: newest first (by sentAt, sendAt or the touch's date). */
/** `client`: the client as it is now (the Inbox's thread answers from it, with the composer). */
export type ClientActivity = { activity: Activity[]; lastContactDate: string | null; client: Client };

/** POST /api/clients/{id}/messages: 201 `sent`, or 202 `scheduled` for the next 8:00 in the client's zone. */
export type SendMessageResult =
  | { status: 'sent'; message: MessageActivity; client: Client }
  | { status: 'scheduled'; sendAt: string; timeZone: string; message: MessageActivity; client: Client };

/** POST /api/clients/{id}/touches. */
export type LogTouchResult = { touch: TouchActivity; client: Client };

/** POST /api/unsubscribe/{token}. */
export type UnsubscribeResult = { unsubscribed: true; agentName: string; message: string };

/** A sentence for the person: e-mail resends, password resets. */
export type MessageResult = { message: string };

/** POST /api/verify-email: the address is verified; the user as they are now. */
export type EmailVerified = { message: string; user: User };

/** POST /api/client-invitations: the invitation sent. */
export type SentInvitation = { name: string; email: string; expiresAt: string };

/**
 * GET /api/client-invitations (newest first) and POST /api/client-invitations/{id}/resend: an invitation its client has
 * not used yet.
 */
export type OpenInvitation = {
  id: string;
  name: string;
  email: string;
  sentAt: string;
  expiresAt: string;
  expired: boolean;
};

/** GET /api/clients/export: a short-lived link to a CSV of every client of the agent. */
export type ClientsExport = { url: string; expiresAt: string; rows: number; fileName: string };

/** GET /api/clients/{id}/messages/{messageId}/original: a short-lived link to an e-mail reply as it arrived (.eml). */
export type MessageOriginal = { url: string; expiresAt: string };

/** POST /api/video-testimonials/{id}/complete: the testimonial recorded (its URL comes with the list). */
export type RecordedTestimonial = Omit<Testimonial, 'url' | 'urlExpiresAt'>;

/** POST /api/stripe/webhook: Stripe only reads the status; the outcome helps reading its delivery log. */
export type StripeWebhookResult = { received: true; outcome: string };

/** One client whose occasion comes round on a given day, as the Automations page previews it. */
export type AutomationPreview = {
  clientId: string;
  clientName: string;
  occasion: AutomationOccasion;
  /** "7th home anniversary", "birthday" */ label: string;
};

/** GET and PUT /api/user/automations: every occasion's rule, and whose occasions come tomorrow. */
export type Automations = { rules: AutomationRule[]; tomorrow: { date: string; occasions: AutomationPreview[] } };

/** A message in the agent's queue (GET /api/outgoing): waiting for approval, or scheduled. */
export type OutgoingMessage = MessageActivity & {
  status: 'awaiting-approval' | 'scheduled';
  clientId: string;
  clientName: string;
  /** The client's number and address as they are now, for the one-tap Call, Text and E-mail; null when none. */
  clientPhone: string | null;
  clientEmail: string | null;
};

/** GET /api/outgoing: the queue, soonest first, and how many wait for approval (the navigation badge). */
export type Outgoing = { messages: OutgoingMessage[]; awaiting: number };

/** POST /api/outgoing/{id}/approve and /skip: what became of the message. */
export type OutgoingAction = { status: 'sent' | 'scheduled' | 'skipped'; message: MessageActivity };

/** POST /api/outgoing/{id}/snooze: the waiting message is off the queue until `until` (8:00 tomorrow, their zone). */
export type OutgoingSnooze = { status: 'snoozed'; until: string; message: MessageActivity };

/** How GET /api/clients may order a page: each is served by an index designed for it. */
export const CLIENT_SORTS = ['name', 'created', 'completion', 'review', 'lastContact'] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];
export type SortOrder = 'asc' | 'desc';
export const CLIENT_PAGE = { default: 50, max: 500 } as const;

/**
 * GET /api/clients?limit=&cursor=&q=&sort=&order= (any of them): a page of the agent's clients, the
 * cursor of the next page (null at the end) and how many clients the list holds (with `q`: how many
 * match). Without any of them the route still answers the whole book as an array, sorted by name
 * (kept for API users who read it so; the web app reads pages).
 */
export type ClientPage = { clients: Client[]; nextCursor: string | null; total: number };

// Tags, segments and bulk actions.
/** GET /api/tags: each tag the agent's clients carry, as first written, and how many carry it. */
export type TagCount = { name: string; count: number };
export type TagList = { tags: TagCount[] };

/** Which clients: every field given must hold (a segment's definition, a bulk action's or a broadcast's audience). */
export type ClientFilter = {
  tag?: string;
  q?: string;
  /** Clients due for a check-in (their keep-in-touch rhythm). */
  dueForCheckIn?: boolean;
  /** Clients not contacted in at least this many days (never contacted included). */
  notContactedDays?: number;
};
export const SEGMENTS_PER_AGENT_MAX = 50;
export const SEGMENT_NAME_MAX = 60;
/** A saved filter, with how many clients match it now. */
export type Segment = { id: string; name: string; filter: ClientFilter; count: number; createdAt: string };
export type SegmentList = { segments: Segment[] };

export const BULK_ACTIONS = ['add-tag', 'remove-tag', 'set-cadence', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
/** Up to this many clients a bulk action answers at once; more run as a job. */
export const BULK_AT_ONCE_MAX = 100;
/** A bulk delete can be undone this long. */
export const BULK_UNDO_MS = 10 * 60 * 1000;
/** POST /api/clients/bulk (at most BULK_AT_ONCE_MAX clients): done at once. `id`: for a delete's undo. */
export type BulkResult = { id: string; action: BulkAction; total: number; done: number; failed: number };
/** POST /api/clients/bulk (more clients): 202, the job to follow. */
export type BulkStarted = { id: string };
export type BulkJobStatus = 'queued' | 'running' | 'done' | 'undone';
/** GET /api/clients/bulk/{id}. `undoUntil`: a delete's undo window. */
export type BulkJob = {
  id: string;
  action: BulkAction;
  status: BulkJobStatus;
  total: number;
  done: number;
  failed: number;
  undoUntil: string | null;
};
/** POST /api/clients/bulk/{id}/undo: how many deleted clients came back (and how many could not). */
export type BulkUndo = { restored: number; failed: number };

// Broadcasts: one personal draft for each client of an audience (a saved segment or a client filter).
export const BROADCAST_CHANNELS = ['email', 'sms'] as const;
export const BROADCAST_OCCASIONS = ['holiday', 'check-in', 'custom'] as const;
export const BROADCAST_MODES = ['approve', 'auto'] as const;
export type BroadcastChannel = (typeof BROADCAST_CHANNELS)[number];
export type BroadcastOccasion = (typeof BROADCAST_OCCASIONS)[number];
export type BroadcastMode = (typeof BROADCAST_MODES)[number];
export const BROADCAST_INSTRUCTIONS_MAX = 500;
/** Why a recipient got no message (the automatic messages' reasons). */
export type BroadcastSkipReason = 'paused' | 'replied' | 'opted-out' | 'no-consent' | 'no-address' | 'recent-contact';
export type BroadcastRequest = {
  segmentId?: string;
  filter?: ClientFilter;
  channel: BroadcastChannel;
  occasion: BroadcastOccasion;
  instructions?: string;
  mode: BroadcastMode;
};
/** GET /api/broadcasts/{id}: where the drafting stands and what became of the messages. */
export type Broadcast = {
  id: string;
  status: 'queued' | 'drafting' | 'done';
  channel: BroadcastChannel;
  occasion: BroadcastOccasion;
  mode: BroadcastMode;
  createdAt: string;
  total: number;
  /** Recipients handled so far (drafted or skipped). */
  handled: number;
  drafted: number;
  awaiting: number;
  scheduled: number;
  sent: number;
  skipped: Partial<Record<BroadcastSkipReason, number>>;
  /** The last UTC day a scheduled message of it goes out (later than today when the daily caps held some back). */
  lastSendDate: string | null;
};
export type BroadcastList = { broadcasts: Broadcast[] };
/** POST /api/outgoing/approve-all: what became of the waiting messages. */
export type ApproveAllResult = {
  sent: number;
  scheduled: number;
  /** Scheduled for a later day: the daily caps held them back. */
  heldBack: number;
  failed: number;
  lastSendDate: string | null;
  /** Waiting messages this request did not reach: it stopped before the API's time limit. */
  remaining: number;
  /** When some remain: send it back as `after` to approve the rest (the messages after it); else null. */
  continueAfter: string | null;
};

/**
 * GET /api/dashboard: the dashboard in one request, from counters and the occasion index (its cost
 * does not grow with the book): how many clients and submitted reviews, the next occasions within
 * DASHBOARD_REMINDER_WINDOW_DAYS (at most DASHBOARD_REMINDER_LIMIT), and the monthly activity
 * (reviews received and reminders provided per month, in the agent's time zone).
 */
export type Dashboard = {
  today: string;
  /** The Google Business Profile location's rating (null: no location followed). */
  googleRating: GoogleRating | null;
  clients: number;
  reviews: number;
  /** Clients asked for a review who have not left one yet. */
  reviewsAwaiting: number;
  upcoming: ReminderEvent[];
  /** The clients of `upcoming` (the composer opens on them). */
  upcomingClients: Client[];
  activity: MonthlyActivity;
};

export const REMINDER_PAGE = { default: 50, max: 200 } as const;

/**
 * GET /api/reminders?limit=&cursor=: the agent's occasions from today on, soonest first (by name on
 * a day), a page at a time from the occasion index: every key date's next occurrence within a year,
 * with the clients they belong to (the composer opens on them), and the cursor of the next page
 * (null at the end). `today` is the agent's day the list was read for: the pages of one cursor
 * chain keep it.
 */
export type ReminderPage = {
  today: string;
  events: ReminderEvent[];
  clients: Client[];
  nextCursor: string | null;
};

/** One month of an agent's activity (GET /api/insights): the month is `YYYY-MM` in the agent's time zone. */
export type InsightsMonth = {
  month: string;
  /** Messages sent (e-mail, text), manual or automatic, and touches logged by hand. */
  touches: {
    email: { manual: number; auto: number };
    sms: { manual: number; auto: number };
    call: number;
    meeting: number;
    note: number;
  };
  /** Key dates that came round (for clients in the book that day), and those the agent messaged the client for. */
  occasions: { due: number; messaged: number };
  reviews: { requested: number; submitted: number };
  invitations: { sent: number; completed: number };
  /** Clients who unsubscribed or replied STOP, and e-mails that bounced or were complained about. */
  optOuts: number;
  bounces: number;
};

/**
 * A client with no touch for `Insights.reach.quietDays` days, longest quiet first: the whole client (the composer opens
 * on it) and when they were last contacted.
 */
export type QuietClient = Client & { lastContactAt: string | null };

/** Profile completion (shared/completion.ts) in bands; `complete` is 100 %. */
export type CompletionBand = '0-24' | '25-49' | '50-74' | '75-99' | '100';

/**
 * GET /api/insights?months=N (Pro): N months ending with the current one, oldest first, from per-agent counters and
 * indexes.
 */
export type Insights = {
  timeZone: string;
  /** The Google Business Profile location's rating now, whatever the period (null: no location followed). */
  googleRating: GoogleRating | null;
  months: InsightsMonth[];
  totals: {
    touches: { total: number; manual: number; auto: number };
    /** rate = messaged / due, null when nothing was due. */
    occasions: { due: number; messaged: number; rate: number | null };
    /**
     * The review funnel of the requests made in the period: requested → clicked (reached the review page: opened the
     * tracked link, or reviewed) → reviewed; each a subset of the one before, and rate = reviewed / requested.
     * `submitted`: every review received in the period, asked for or not; medianDays: request to submission, of those
     * submitted in the period.
     */
    reviews: {
      requested: number;
      clicked: number;
      reviewed: number;
      submitted: number;
      rate: number | null;
      medianDays: number | null;
    };
    invitations: { sent: number; completed: number; rate: number | null };
    optOuts: number;
    bounces: number;
  };
  reach: { quietDays: number; count: number; clients: QuietClient[] };
  book: {
    clients: number;
    completion: Array<{ band: CompletionBand; count: number }>;
    occasionsNext30: number;
    occasionsNext90: number;
  };
};

/** Where a support request stands: `open` until an administrator closes it. */
export type SupportStatus = 'open' | 'closed';
/** `pro`: the agent was on Pro when they wrote, so the request is answered first. */
export type SupportPriority = 'pro' | 'standard';

/** An administrator's answer on a support request (also e-mailed to the agent). */
export type SupportReply = { id: string; author: string; text: string; createdAt: string };

/**
 * A support request (priority support): the agent as they were when they wrote, what they asked and the
 * answers.
 */
export type SupportTicket = {
  id: string;
  agentId: string;
  agentName: string;
  agentEmail: string;
  priority: SupportPriority;
  subject: string;
  message: string;
  status: SupportStatus;
  createdAt: string;
  closedAt: string | null;
  /** Oldest first. */
  replies: SupportReply[];
};

/** GET /api/support: the agent's own requests, newest first (the most recent SUPPORT_HISTORY_LIMIT). */
export type SupportTickets = { tickets: SupportTicket[] };

/**
 * GET /api/admin/support: open requests, Pro agents' first and then the oldest first; with
 * `?status=closed`, the recently closed ones, newest first. `more`: the list goes on past this page.
 */
export type SupportQueue = { status: SupportStatus; tickets: SupportTicket[]; more: boolean };

/**
 * POST /api/admin/support/{id}: the request as it is now, and whether a reply reached the agent by e-mail (`none`: no
 * reply sent).
 */
export type SupportTicketUpdate = { ticket: SupportTicket; mail: 'sent' | 'failed' | 'none' };

/** DELETE /api/user: the account can no longer sign in; its erasure runs. */
export type AccountClosed = { message: string };

/** A Business Profile location: Google's name (`locations/…`) and its title. */
export type GoogleLocation = { name: string; title: string };

/**
 * GET /api/google/connection (and PUT, which picks `locationName` among `locations`). The refresh token is never part
 * of any answer.
 */
export type GoogleConnection = {
  connected: boolean;
  accountName: string | null;
  locations: GoogleLocation[];
  locationName: string | null;
};

/** A feature of the Google connection: `granted`, Google's consent is there; `enabled`, the agent has it on. */
export type GoogleFeatureState = { enabled: boolean; granted: boolean };

/**
 * GET, PUT and DELETE /api/google/connection: the connection with each feature beyond the reviews (both off and not
 * granted when not connected).
 */
export type GoogleConnectionStatus = GoogleConnection & { features: Record<GoogleFeature, GoogleFeatureState> };

/**
 * How one synced feature stands (GET /api/integrations): `ok`; `degraded` (its last sync failed, or none succeeded for
 * a day); `reauth_needed` (Google refused the grant: connect again); `off`. What the last sync brought in and sent
 * out, and the conflicts kept for the agent.
 */
/**
 * A field both the agent (here) and Google changed since the last contacts sync: the client kept the agent's value
 * until the agent chooses (POST /api/google/contacts/conflicts/resolve).
 */
export type ContactConflictView = {
  clientId: string;
  clientName: string;
  field: 'email' | 'phone';
  /** Google's value, and the client's here. */
  google: string;
  hearthside: string;
  /** When the sync found it. */
  at: string;
};
/** PUT /api/google/contacts/group: whether the "Hearthside clients" group is kept in the agent's Google contacts. */
export type ContactsGroupStatus = { enabled: boolean };

/** GET /api/google/contacts/conflicts, and what POST …/resolve leaves: the newest first. */
export type ContactConflicts = { conflicts: ContactConflictView[] };

/** POST /api/google/calendar/sync: what one calendar sync did, both ways. */
export type CalendarSyncResult = {
  /** Events of the agent's calendar Google said changed since the last sync (every one after a full read). */
  itemsIn: number;
  /** Events written to the Hearthside calendar: added, changed, removed. */
  itemsOut: number;
  /** Writes left for the next sync (one sync writes at most 500: a first sync of a big book takes a few). */
  waitingOut: number;
  /** Meetings with a client found (that have begun: each a touch on the client's timeline). */
  meetings: number;
  /** Meetings found that have not begun yet: each becomes a touch once it has. */
  upcoming: number;
  /** Whether the agent's calendar was read in full (the first sync, the daily reconcile, or an expired token). */
  fullSync: boolean;
};

export type IntegrationStatus = {
  state: 'ok' | 'degraded' | 'reauth_needed' | 'off';
  lastSuccessAt: string | null;
  lastError: string | null;
  itemsIn: number;
  itemsOut: number;
  conflicts: number;
};

/** GET /api/integrations: each connection, and each of its features. */
export type Integrations = {
  google: {
    connected: boolean;
    features: { reviews: IntegrationStatus } & Record<GoogleFeature, IntegrationStatus>;
    /** Whether the "Hearthside clients" contact group is kept in the agent's Google contacts (PUT …/contacts/group). */
    clientsGroup: boolean;
  };
};

/**
 * The location the agent follows on Google, with its rating and number of reviews as the last sync read them (null
 * until a sync has): GET /api/reviews' summary, and the dashboard's and Insights' rating.
 */
export type GoogleRating = {
  locationTitle: string;
  averageRating: number | null;
  totalReviewCount: number | null;
  lastSyncAt: string | null;
};

/** POST /api/google/connect: Google's consent page for this agent (state and PKCE bound to the session). */
export type GoogleAuthorization = { authorizationUrl: string };

/** POST /api/reviews/sync. */
export type ReviewSyncResult = { added: number; updated: number; total: number };

/** The owner's reply: `published` on Google, or `failed` (kept so the agent can post it again). */
export type ReviewReply = { comment: string; updatedAt: string; state: 'published' | 'failed' };

/** Who most likely wrote a review: a `suggested` client (with why) until the agent confirms or dismisses it. */
export type ReviewMatch = {
  clientId: string;
  clientName: string;
  confidence: number;
  status: 'suggested' | 'confirmed';
  evidence: string[];
};

/** A Google review of the agent's location; `needsAttention`: 1 to 3 stars. */
export type BusinessReview = {
  id: string;
  reviewer: { displayName: string | null; isAnonymous: boolean };
  stars: number | null;
  comment: string | null;
  createdAt: string;
  updatedAt: string;
  needsAttention: boolean;
  reply: ReviewReply | null;
  match: ReviewMatch | null;
};

/** GET /api/reviews?filter=all|unreplied|unmatched&cursor=. */
export type ReviewInbox = {
  reviews: BusinessReview[];
  nextCursor: string | null;
  summary: {
    connected: boolean;
    locationTitle: string | null;
    averageRating: number | null;
    totalReviewCount: number | null;
    lastSyncAt: string | null;
  };
};

/** POST /api/reviews/{id}/reply-draft: a reply to edit; nothing is posted. */
export type ReviewReplyDraft = { comment: string; engine: DraftEngine; note?: string };

/**
 * Every route's JSON answer, by its handler slug in functions/routes.ts. The handler is checked
 * against it (functions/http/handler.ts) and the web app's fetchers name the same types, so the two
 * cannot drift. `never`: the route answers a file (CSV, ICS) or nothing (204).
 */
export type ApiResponses = {
  'admin/get-admin-agent-clients': AdminClientPage;
  'admin/get-admin-analytics': AdminAnalytics;
  'admin/get-admin-clients': AdminClientPage;
  'admin/get-admin-support': SupportQueue;
  'admin/post-admin-clients-export': never;
  'admin/post-admin-export': AdminExport;
  'admin/post-admin-support': SupportTicketUpdate;
  'admin/post-admin-agent-sending': AdminAgent;
  'admin/post-test-twilio': TestSmsResult;
  'agents/get-agents': AdminAgent[];
  'auth/post-login': User;
  'auth/post-logout': never;
  'auth/post-register': User;
  'auth/post-verify-email': EmailVerified;
  'auth/post-verify-email-resend': MessageResult;
  'calendar/get-calendar-feed': never;
  'client-invitations/delete-client-invitation': never;
  'client-invitations/get-client-invitations': OpenInvitation[];
  'client-invitations/post-client-invitation-preview': InvitationPreview;
  'client-invitations/post-client-invitation-resend': OpenInvitation;
  'client-invitations/post-client-invitations': SentInvitation;
  'client-registration/post-client-registration': ClientRegistrationResult;
  'client-registration/post-client-registration-confirm': RegistrationConfirmResult;
  'clients/delete-client': never;
  'clients/get-client-messages': ClientActivity;
  'clients/get-client-message-original': MessageOriginal;
  'clients/get-client-milestones': ClientMilestone[];
  'clients/get-client-testimonials': Testimonial[];
  'clients/get-clients': ClientPage;
  'clients/get-clients-export': ClientsExport;
  'clients/get-client': Client;
  'clients/post-clients-bulk': BulkResult | BulkStarted;
  'clients/get-clients-bulk': BulkJob;
  'clients/post-clients-bulk-undo': BulkUndo;
  'segments/get-segments': SegmentList;
  'segments/post-segments': Segment;
  'segments/delete-segment': never;
  'segments/patch-segment': Segment;
  'broadcasts/post-broadcasts': { id: string };
  'broadcasts/get-broadcasts': BroadcastList;
  'broadcasts/get-broadcast': Broadcast;
  'outgoing/post-outgoing-approve-all': ApproveAllResult;
  'tags/get-tags': TagList;
  'clients/patch-client': Client;
  'clients/post-client-drafts': Draft;
  'clients/post-client-messages': SendMessageResult;
  'clients/post-client-review-check': ReviewCheck;
  'clients/post-client-review-request': ReviewRequestResult;
  'clients/post-client-review-status': Client;
  'clients/post-client-accept-registration': Client;
  'clients/post-client-touches': LogTouchResult;
  'clients/post-clients': CreatedClient;
  'clients/post-clients-import': ImportResult;
  'clients/get-clients-duplicates': DuplicateGroups;
  'clients/post-clients-merge': ClientMerge;
  'clients/post-clients-merge-undo': ClientMergeUndone;
  'dashboard/get-dashboard': Dashboard;
  'reminders/get-reminders': ReminderPage;
  'imports/get-import': ImportJob;
  'imports/post-import-start': ImportJob;
  'imports/post-imports': CreatedImport;
  'insights/get-insights': Insights;
  'insights/get-insights-referrals': ReferralInsights;
  'today/get-next-best': NextBestList;
  'today/post-next-best-done': NextBestFeedback;
  'today/post-next-best-snooze': NextBestFeedback;
  'today/post-next-best-dismiss': NextBestFeedback;
  'clients/get-client-relationship': ClientRelationship;
  'clients/get-client-home-value': HomeValue;
  'google/post-google-connect': GoogleAuthorization;
  'google/get-google-callback': never;
  'google/get-google-connection': GoogleConnectionStatus;
  'google/put-google-connection': GoogleConnectionStatus;
  'google/post-google-contacts-import': ImportJob;
  'google/post-google-contacts-sync': ContactsSyncResult;
  'google/get-integrations': Integrations;
  'google/post-google-calendar-sync': CalendarSyncResult;
  'google/get-google-contacts-conflicts': ContactConflicts;
  'google/put-google-contacts-group': ContactsGroupStatus;
  'google/post-google-contacts-conflicts-resolve': ContactConflicts;
  'google/post-google-calendar-push': { queued: boolean };
  'google/delete-google-connection': GoogleConnectionStatus;
  'reviews/get-reviews': ReviewInbox;
  'reviews/post-reviews-sync': ReviewSyncResult;
  'reviews/post-review-match': BusinessReview;
  'reviews/delete-review-match': BusinessReview;
  'reviews/post-review-reply-draft': ReviewReplyDraft;
  'reviews/put-review-reply': BusinessReview;
  'reviews/get-review-link': never;
  'clients/get-home-valuation': never;
  'outgoing/get-outgoing': Outgoing;
  'outgoing/post-outgoing-approve': OutgoingAction;
  'outgoing/post-outgoing-skip': OutgoingAction;
  'outgoing/post-outgoing-snooze': OutgoingSnooze;
  'conversations/get-conversations': ConversationPage;
  'conversations/post-conversation-read': ConversationRead;
  'password-reset/post-password-reset-confirm': MessageResult;
  'password-reset/post-password-reset-request': MessageResult;
  'public/get-public-agents': PublicAgentSearch;
  'push/get-push-key': PushKey;
  'push/get-push-subscriptions': PushDevices;
  'push/post-push-subscriptions': PushSubscriptionCreated;
  'push/delete-push-subscription': never;
  'push/post-push-test': PushTestResult;
  'stripe/post-stripe-webhook': StripeWebhookResult;
  'subscription/post-subscription-checkout': RedirectUrl;
  'subscription/post-subscription-portal': RedirectUrl;
  'support/get-support': SupportTickets;
  'support/post-support': SupportTicket;
  'twilio/post-twilio-inbound': never;
  'unsubscribe/get-unsubscribe': never;
  'unsubscribe/post-unsubscribe': UnsubscribeResult;
  'user/delete-user-calendar-secret': never;
  'user/delete-user': AccountClosed;
  'user/get-user': User;
  'user/get-user-automations': Automations;
  'user/get-user-calendar': CalendarFeedStatus;
  'user/patch-user-business': User;
  'user/patch-user-preferences': User;
  'user/post-user-calendar-secret': CalendarFeed;
  'user/put-user-automations': Automations;
  'video-testimonials/post-video-testimonial-complete': RecordedTestimonial;
  'video-testimonials/post-video-testimonials': TestimonialUpload;
};

export type HandlerSlug = keyof ApiResponses;

/** GET /api/conversations: a page of the agent's conversations, latest activity first. */
export const CONVERSATION_PAGE = { default: 20, max: 100 } as const;

export type ConversationSummary = {
  clientId: string;
  clientName: string;
  lastMessage: { direction: 'inbound' | 'outbound'; channel: 'email' | 'sms'; excerpt: string; at: string };
  /** The client wrote since the agent last opened the conversation. */
  unread: boolean;
};

/** GET /api/conversations?cursor=&filter=unread&limit= */
export type ConversationPage = {
  conversations: ConversationSummary[];
  nextCursor: string | null;
  /** The agent's unread conversations, all pages together (the navigation badge). */
  unreadTotal: number;
};

/** POST /api/conversations/{clientId}/read */
export type ConversationRead = { clientId: string; unread: false; unreadTotal: number };
