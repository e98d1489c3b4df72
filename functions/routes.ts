// THE route table. The CDK stack (one Lambda per route) and the local server are both generated
// from it, so a route exists in both or in neither. `handler` names the file
// functions/handlers/<handler>.ts, which exports `handler`.

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type Access = 'public' | 'agent' | 'admin';

/** Item reads (GetItem, BatchGetItem, Query), or reads and writes; no route may Scan. */
export type TableUse = 'table:read' | 'table:write';
/**
 * `uploads`/`exports`: objects of that bucket (presigned URLs included); `inbound-originals`: reading (a presigned GET
 * of) the kept originals of clients' e-mail replies, the uploads bucket's inbound-email/* and nothing else of it;
 * `mail`: SES from the stack's identity; `sms`: SNS or the Twilio secret, whichever provider the stack sends with;
 * `stripe`, `google`: that provider's secret; `ai`: the configured AI model (Bedrock InvokeModel/Converse
 * on that model only, or the OpenAI-compatible endpoint's secret); `import-queue`: sending to the
 * background tasks queue (imports, account erasures, bulk actions, broadcasts: functions/jobs/background-tasks.ts; it
 * keeps its first name); `push`: the web push (VAPID) secret.
 */
export type ResourceUse =
  'uploads' | 'inbound-originals' | 'exports' | 'mail' | 'sms' | 'stripe' | 'google' | 'ai' | 'import-queue' | 'push';
export const RESOURCE_USES: readonly ResourceUse[] = [
  'uploads',
  'inbound-originals',
  'exports',
  'mail',
  'sms',
  'stripe',
  'google',
  'ai',
  'import-queue',
  'push',
];
/** The table access first, then the rest in any order. */
export type RouteUses = readonly [TableUse, ...ResourceUse[]];

export type Route = {
  method: HttpMethod;
  /** API Gateway path syntax: `/api/clients/{id}`. */
  path: string;
  /** `<resource>/<verb>-<resource>`: the handler file, the CDK construct id and the bundle name. */
  handler: string;
  access: Access;
  /** Request bodies this route accepts besides JSON (a file upload, a signed webhook). */
  body?: 'json' | 'multipart' | 'raw';
  /**
   * What the handler's code touches, and so exactly what the stack grants its function
   * (infra/constructs/api.ts): the table read-only or read-write first, then the buckets and
   * providers. Every function may also read the session and origin-verify secrets.
   */
  uses: RouteUses;
  /** Lambda memory; ROUTE_DEFAULTS when not given. */
  memoryMb?: number;
  /** ROUTE_DEFAULTS when not given; at most MAX_ROUTE_TIMEOUT_SECONDS. */
  timeoutSeconds?: number;
  /**
   * Which nested stack of its access class the route's function deploys in (infra/constructs/api.ts: `AgentRoutes`,
   * `AgentRoutes2`, …); 1 when not given. Fixed here, never by the route's place in the table: a route moved to another
   * stack makes CloudFormation create its route key there while the old stack still holds it, and the deploy rolls
   * back. A new route goes in a stack with room (at most ROUTES_PER_NESTED_STACK; infra/stack.test.ts says which).
   */
  stack?: number;
};

/**
 * What a route gets unless it says otherwise, read by the CDK stack and the local server alike.
 * User-facing functions get 1024 MB (docs/architecture.md, Performance budgets and bench) and 10 s
 * in AWS; locally 30 s, as the emulators share the machine with everything else.
 */
export const ROUTE_DEFAULTS = { memoryMb: 1024, timeoutSeconds: 10, localTimeoutSeconds: 30 } as const;
/** API Gateway gives up on an HTTP API integration after 30 s (a hard limit). */
export const MAX_ROUTE_TIMEOUT_SECONDS = 30;

/** The memory and timeout a route runs with in AWS or in the local server. */
export function routeSettings(
  route: Pick<Route, 'memoryMb' | 'timeoutSeconds'>,
  where: 'aws' | 'local',
): { memoryMb: number; timeoutSeconds: number } {
  const defaultTimeout = where === 'aws' ? ROUTE_DEFAULTS.timeoutSeconds : ROUTE_DEFAULTS.localTimeoutSeconds;
  return {
    memoryMb: route.memoryMb ?? ROUTE_DEFAULTS.memoryMb,
    timeoutSeconds: route.timeoutSeconds ?? defaultTimeout,
  };
}

// One route per line, so the table reads as a table.
// prettier-ignore
export const routes: readonly Route[] = [
  { method: 'POST', path: '/api/register', handler: 'auth/post-register', access: 'public', uses: ['table:write', 'mail'] },
  { method: 'POST', path: '/api/login', handler: 'auth/post-login', access: 'public', uses: ['table:write'] },
  { method: 'POST', path: '/api/logout', handler: 'auth/post-logout', access: 'public', uses: ['table:write'] },
  { method: 'POST', path: '/api/verify-email', handler: 'auth/post-verify-email', access: 'public', uses: ['table:write'] },
  { method: 'POST', path: '/api/verify-email/resend', handler: 'auth/post-verify-email-resend', access: 'agent', uses: ['table:write', 'mail'] },
  { method: 'GET', path: '/api/user', handler: 'user/get-user', access: 'agent', uses: ['table:read'] },
  { method: 'DELETE', path: '/api/user', handler: 'user/delete-user', access: 'agent', uses: ['table:write', 'mail', 'stripe', 'import-queue'] },
  { method: 'POST', path: '/api/password-reset/request', handler: 'password-reset/post-password-reset-request', access: 'public', uses: ['table:write', 'mail'] },
  { method: 'POST', path: '/api/password-reset/confirm', handler: 'password-reset/post-password-reset-confirm', access: 'public', uses: ['table:write'] },
  { method: 'GET', path: '/api/clients', handler: 'clients/get-clients', access: 'agent', uses: ['table:read'] },
  { method: 'GET', path: '/api/clients/duplicates', handler: 'clients/get-clients-duplicates', access: 'agent', uses: ['table:read'], timeoutSeconds: 29 },
  { method: 'POST', path: '/api/clients/merge', handler: 'clients/post-clients-merge', access: 'agent', uses: ['table:write'], timeoutSeconds: 29 },
  { method: 'POST', path: '/api/clients/merge/{id}/undo', handler: 'clients/post-clients-merge-undo', access: 'agent', uses: ['table:write'], timeoutSeconds: 29 },
  { method: 'GET', path: '/api/clients/export', handler: 'clients/get-clients-export', access: 'agent', uses: ['table:read', 'exports'], timeoutSeconds: 29 },
  { method: 'POST', path: '/api/clients', handler: 'clients/post-clients', access: 'agent', uses: ['table:write'] },
  { method: 'POST', path: '/api/clients/bulk', handler: 'clients/post-clients-bulk', access: 'agent', uses: ['table:write', 'uploads', 'import-queue'], timeoutSeconds: 29 },
  { method: 'GET', path: '/api/clients/bulk/{id}', handler: 'clients/get-clients-bulk', access: 'agent', uses: ['table:read'] },
  { method: 'POST', path: '/api/clients/bulk/{id}/undo', handler: 'clients/post-clients-bulk-undo', access: 'agent', uses: ['table:write'], timeoutSeconds: 29 },
  { method: 'GET', path: '/api/tags', handler: 'tags/get-tags', access: 'agent', uses: ['table:read'] },
  { method: 'GET', path: '/api/segments', handler: 'segments/get-segments', access: 'agent', uses: ['table:read'] },
  { method: 'POST', path: '/api/segments', handler: 'segments/post-segments', access: 'agent', uses: ['table:write'] },
  { method: 'DELETE', path: '/api/segments/{id}', handler: 'segments/delete-segment', access: 'agent', uses: ['table:write'] },
  { method: 'PATCH', path: '/api/segments/{id}', handler: 'segments/patch-segment', access: 'agent', uses: ['table:write'], stack: 3 },
  { method: 'POST', path: '/api/clients/import', handler: 'clients/post-clients-import', access: 'agent', uses: ['table:write'], body: 'multipart', timeoutSeconds: 29 },
  { method: 'POST', path: '/api/imports', handler: 'imports/post-imports', access: 'agent', uses: ['table:write', 'uploads'] },
  { method: 'POST', path: '/api/imports/{id}/start', handler: 'imports/post-import-start', access: 'agent', uses: ['table:write', 'uploads', 'import-queue'] },
  { method: 'GET', path: '/api/imports/{id}', handler: 'imports/get-import', access: 'agent', uses: ['table:read', 'exports'] },
  { method: 'GET', path: '/api/clients/{id}', handler: 'clients/get-client', access: 'agent', uses: ['table:read'] },
  { method: 'PATCH', path: '/api/clients/{id}', handler: 'clients/patch-client', access: 'agent', uses: ['table:write'] },
  { method: 'DELETE', path: '/api/clients/{id}', handler: 'clients/delete-client', access: 'agent', uses: ['table:write', 'uploads'] },
  { method: 'POST', path: '/api/clients/{id}/review-status', handler: 'clients/post-client-review-status', access: 'agent', uses: ['table:write'] },
  { method: 'POST', path: '/api/clients/{id}/accept-registration', handler: 'clients/post-client-accept-registration', access: 'agent', uses: ['table:write'] },
  { method: 'GET', path: '/api/clients/{id}/milestones', handler: 'clients/get-client-milestones', access: 'agent', uses: ['table:read'] },
  { method: 'POST', path: '/api/clients/{id}/check-review', handler: 'clients/post-client-review-check', access: 'agent', uses: ['table:write', 'google'] },
  { method: 'POST', path: '/api/clients/{id}/drafts', handler: 'clients/post-client-drafts', access: 'agent', uses: ['table:write', 'ai'], timeoutSeconds: 15 },
  { method: 'POST', path: '/api/clients/{id}/request-review', handler: 'clients/post-client-review-request', access: 'agent', uses: ['table:write', 'mail', 'sms'] },
  { method: 'PATCH', path: '/api/user/business', handler: 'user/patch-user-business', access: 'agent', uses: ['table:write'] },
  { method: 'POST', path: '/api/subscription/create-checkout', handler: 'subscription/post-subscription-checkout', access: 'agent', uses: ['table:write', 'stripe'] },
  { method: 'POST', path: '/api/subscription/portal', handler: 'subscription/post-subscription-portal', access: 'agent', uses: ['table:read', 'stripe'] },
  { method: 'POST', path: '/api/stripe/webhook', handler: 'stripe/post-stripe-webhook', access: 'public', uses: ['table:write', 'mail', 'stripe'], body: 'raw' },
  { method: 'GET', path: '/api/clients/{id}/testimonials', handler: 'clients/get-client-testimonials', access: 'agent', uses: ['table:read', 'uploads'] },
  { method: 'POST', path: '/api/client-invitations', handler: 'client-invitations/post-client-invitations', access: 'agent', uses: ['table:write', 'mail'] },
  { method: 'POST', path: '/api/client-invitations/preview', handler: 'client-invitations/post-client-invitation-preview', access: 'public', uses: ['table:read'] },
  { method: 'GET', path: '/api/client-invitations', handler: 'client-invitations/get-client-invitations', access: 'agent', uses: ['table:read'] },
  { method: 'POST', path: '/api/client-invitations/{id}/resend', handler: 'client-invitations/post-client-invitation-resend', access: 'agent', uses: ['table:write', 'mail'] },
  { method: 'DELETE', path: '/api/client-invitations/{id}', handler: 'client-invitations/delete-client-invitation', access: 'agent', uses: ['table:write'] },
  { method: 'POST', path: '/api/client-registration', handler: 'client-registration/post-client-registration', access: 'public', uses: ['table:write', 'mail', 'sms'] },
  { method: 'POST', path: '/api/client-registration/confirm', handler: 'client-registration/post-client-registration-confirm', access: 'public', uses: ['table:write', 'uploads', 'sms'] },
  { method: 'GET', path: '/api/public/agents', handler: 'public/get-public-agents', access: 'public', uses: ['table:write'] },
  { method: 'POST', path: '/api/video-testimonials', handler: 'video-testimonials/post-video-testimonials', access: 'public', uses: ['table:write', 'uploads'] },
  { method: 'POST', path: '/api/video-testimonials/{id}/complete', handler: 'video-testimonials/post-video-testimonial-complete', access: 'public', uses: ['table:write', 'uploads'] },
  { method: 'GET', path: '/api/admin/analytics', handler: 'admin/get-admin-analytics', access: 'admin', uses: ['table:read'] },
  { method: 'GET', path: '/api/agents', handler: 'agents/get-agents', access: 'admin', uses: ['table:read'] },
  { method: 'POST', path: '/api/admin/agents/{id}/sending', handler: 'admin/post-admin-agent-sending', access: 'admin', uses: ['table:write'] },
  { method: 'GET', path: '/api/admin/clients', handler: 'admin/get-admin-clients', access: 'admin', uses: ['table:read'] },
  { method: 'GET', path: '/api/admin/clients/{agentId}', handler: 'admin/get-admin-agent-clients', access: 'admin', uses: ['table:read'] },
  { method: 'POST', path: '/api/admin/clients/export', handler: 'admin/post-admin-clients-export', access: 'admin', uses: ['table:read'], timeoutSeconds: 29 },
  { method: 'POST', path: '/api/admin/export', handler: 'admin/post-admin-export', access: 'admin', uses: ['table:read', 'exports'], timeoutSeconds: 29 },
  { method: 'POST', path: '/api/test-twilio', handler: 'admin/post-test-twilio', access: 'admin', uses: ['table:write', 'sms'], timeoutSeconds: 15 },
  { method: 'PATCH', path: '/api/user/preferences', handler: 'user/patch-user-preferences', access: 'agent', uses: ['table:write'] },
  { method: 'GET', path: '/api/user/calendar', handler: 'user/get-user-calendar', access: 'agent', uses: ['table:read'] },
  { method: 'POST', path: '/api/user/calendar-secret', handler: 'user/post-user-calendar-secret', access: 'agent', uses: ['table:write'] },
  { method: 'DELETE', path: '/api/user/calendar-secret', handler: 'user/delete-user-calendar-secret', access: 'agent', uses: ['table:write'], stack: 2 },
  { method: 'POST', path: '/api/clients/{id}/messages', handler: 'clients/post-client-messages', access: 'agent', uses: ['table:write', 'mail', 'sms'], timeoutSeconds: 15, stack: 2 },
  { method: 'GET', path: '/api/clients/{id}/messages', handler: 'clients/get-client-messages', access: 'agent', uses: ['table:read'], stack: 2 },
  { method: 'GET', path: '/api/clients/{id}/messages/{messageId}/original', handler: 'clients/get-client-message-original', access: 'agent', uses: ['table:read', 'inbound-originals'], stack: 2 },
  { method: 'POST', path: '/api/clients/{id}/touches', handler: 'clients/post-client-touches', access: 'agent', uses: ['table:write'], stack: 2 },
  { method: 'GET', path: '/api/user/automations', handler: 'user/get-user-automations', access: 'agent', uses: ['table:read'], stack: 2 },
  { method: 'PUT', path: '/api/user/automations', handler: 'user/put-user-automations', access: 'agent', uses: ['table:write'], stack: 2 },
  { method: 'GET', path: '/api/dashboard', handler: 'dashboard/get-dashboard', access: 'agent', uses: ['table:read'], stack: 2 },
  { method: 'GET', path: '/api/reminders', handler: 'reminders/get-reminders', access: 'agent', uses: ['table:read'], stack: 2 },
  { method: 'GET', path: '/api/insights', handler: 'insights/get-insights', access: 'agent', uses: ['table:read'], stack: 2 },
  { method: 'GET', path: '/api/insights/referrals', handler: 'insights/get-insights-referrals', access: 'agent', uses: ['table:read'], stack: 2 },
  { method: 'GET', path: '/api/today/next-best', handler: 'today/get-next-best', access: 'agent', uses: ['table:write'], stack: 2 },
  { method: 'POST', path: '/api/today/next-best/{clientId}/done', handler: 'today/post-next-best-done', access: 'agent', uses: ['table:write'], stack: 2 },
  { method: 'POST', path: '/api/today/next-best/{clientId}/snooze', handler: 'today/post-next-best-snooze', access: 'agent', uses: ['table:write'], stack: 3 },
  { method: 'POST', path: '/api/today/next-best/{clientId}/dismiss', handler: 'today/post-next-best-dismiss', access: 'agent', uses: ['table:write'], stack: 3 },
  { method: 'GET', path: '/api/clients/{id}/relationship', handler: 'clients/get-client-relationship', access: 'agent', uses: ['table:read'], stack: 3 },
  { method: 'GET', path: '/api/clients/{id}/home-value', handler: 'clients/get-client-home-value', access: 'agent', uses: ['table:read'], stack: 3 },
  { method: 'GET', path: '/api/outgoing', handler: 'outgoing/get-outgoing', access: 'agent', uses: ['table:read'], stack: 2 },
  { method: 'POST', path: '/api/outgoing/{id}/approve', handler: 'outgoing/post-outgoing-approve', access: 'agent', uses: ['table:write', 'mail', 'sms'], timeoutSeconds: 15, stack: 2 },
  { method: 'POST', path: '/api/outgoing/{id}/skip', handler: 'outgoing/post-outgoing-skip', access: 'agent', uses: ['table:write'], stack: 2 },
  { method: 'POST', path: '/api/outgoing/{id}/snooze', handler: 'outgoing/post-outgoing-snooze', access: 'agent', uses: ['table:write'], stack: 2 },
  { method: 'POST', path: '/api/outgoing/approve-all', handler: 'outgoing/post-outgoing-approve-all', access: 'agent', uses: ['table:write', 'mail', 'sms'], timeoutSeconds: 29, stack: 2 },
  { method: 'POST', path: '/api/broadcasts', handler: 'broadcasts/post-broadcasts', access: 'agent', uses: ['table:write', 'import-queue'], stack: 2 },
  { method: 'GET', path: '/api/broadcasts', handler: 'broadcasts/get-broadcasts', access: 'agent', uses: ['table:read'], stack: 2 },
  { method: 'GET', path: '/api/broadcasts/{id}', handler: 'broadcasts/get-broadcast', access: 'agent', uses: ['table:read'], stack: 2 },
  { method: 'POST', path: '/api/support', handler: 'support/post-support', access: 'agent', uses: ['table:write', 'mail'], stack: 2 },
  { method: 'GET', path: '/api/support', handler: 'support/get-support', access: 'agent', uses: ['table:read'], stack: 2 },
  { method: 'GET', path: '/api/admin/support', handler: 'admin/get-admin-support', access: 'admin', uses: ['table:read'] },
  { method: 'POST', path: '/api/admin/support/{id}', handler: 'admin/post-admin-support', access: 'admin', uses: ['table:write', 'mail'] },
  // RFC 8058 one-click unsubscribe comes from mailbox providers, cross-site, as a form: `raw` exempts
  // it from the JSON-and-same-origin rule on purpose (the signed token is the authority; see the handler).
  { method: 'POST', path: '/api/unsubscribe/{token}', handler: 'unsubscribe/post-unsubscribe', access: 'public', uses: ['table:write'], body: 'raw' },
  // A mail client that opens the List-Unsubscribe URI gets the page that explains and confirms (one-click is the POST).
  { method: 'GET', path: '/api/unsubscribe/{token}', handler: 'unsubscribe/get-unsubscribe', access: 'public', uses: ['table:read'] },
  { method: 'POST', path: '/api/twilio/inbound', handler: 'twilio/post-twilio-inbound', access: 'public', uses: ['table:write', 'mail', 'sms', 'push'], body: 'raw' },
  { method: 'POST', path: '/api/google/connect', handler: 'google/post-google-connect', access: 'agent', uses: ['table:write', 'google'], stack: 2 },
  // Google's consent page sends the browser back here (a top-level GET, so the Lax session cookie comes along).
  { method: 'GET', path: '/api/google/callback', handler: 'google/get-google-callback', access: 'public', uses: ['table:write', 'google'] },
  { method: 'GET', path: '/api/google/connection', handler: 'google/get-google-connection', access: 'agent', uses: ['table:read'], stack: 2 },
  { method: 'PUT', path: '/api/google/connection', handler: 'google/put-google-connection', access: 'agent', uses: ['table:write'], stack: 2 },
  { method: 'DELETE', path: '/api/google/connection', handler: 'google/delete-google-connection', access: 'agent', uses: ['table:write', 'google'], stack: 2 },
  { method: 'POST', path: '/api/google/contacts/import', handler: 'google/post-google-contacts-import', access: 'agent', uses: ['table:write', 'uploads', 'google'], timeoutSeconds: 29, stack: 3 },
  { method: 'GET', path: '/api/integrations', handler: 'google/get-integrations', access: 'agent', uses: ['table:read'], stack: 3 },
  { method: 'POST', path: '/api/google/contacts/sync', handler: 'google/post-google-contacts-sync', access: 'agent', uses: ['table:write', 'google'], timeoutSeconds: 29, stack: 3 },
  { method: 'GET', path: '/api/google/contacts/conflicts', handler: 'google/get-google-contacts-conflicts', access: 'agent', uses: ['table:read'], stack: 3 },
  { method: 'POST', path: '/api/google/contacts/conflicts/resolve', handler: 'google/post-google-contacts-conflicts-resolve', access: 'agent', uses: ['table:write', 'google'], timeoutSeconds: 15, stack: 3 },
  { method: 'PUT', path: '/api/google/contacts/group', handler: 'google/put-google-contacts-group', access: 'agent', uses: ['table:write'], stack: 3 },
  { method: 'POST', path: '/api/google/calendar/sync', handler: 'google/post-google-calendar-sync', access: 'agent', uses: ['table:write', 'google'], timeoutSeconds: 29, stack: 3 },
  // Google's watch channels POST here when the agent's calendar changes: checked by the channel's token, then queued.
  { method: 'POST', path: '/api/google/calendar/push/{channelId}', handler: 'google/post-google-calendar-push', access: 'public', uses: ['table:read', 'import-queue'], body: 'raw', stack: 3 },
  { method: 'GET', path: '/api/reviews', handler: 'reviews/get-reviews', access: 'agent', uses: ['table:read'], stack: 2 },
  { method: 'POST', path: '/api/reviews/sync', handler: 'reviews/post-reviews-sync', access: 'agent', uses: ['table:write', 'google'], timeoutSeconds: 29, stack: 2 },
  { method: 'POST', path: '/api/reviews/{id}/match', handler: 'reviews/post-review-match', access: 'agent', uses: ['table:write'], stack: 2 },
  { method: 'DELETE', path: '/api/reviews/{id}/match', handler: 'reviews/delete-review-match', access: 'agent', uses: ['table:write'], stack: 2 },
  { method: 'POST', path: '/api/reviews/{id}/reply-draft', handler: 'reviews/post-review-reply-draft', access: 'agent', uses: ['table:write', 'ai'], timeoutSeconds: 15, stack: 2 },
  { method: 'PUT', path: '/api/reviews/{id}/reply', handler: 'reviews/put-review-reply', access: 'agent', uses: ['table:write', 'google'], stack: 2 },
  // The tracked link in review requests ({APP_URL}/r/{token}): CloudFront sends /r/* to the API as it does /api/*.
  { method: 'GET', path: '/r/{token}', handler: 'reviews/get-review-link', access: 'public', uses: ['table:write'] },
  // The "free home valuation" link of a monthly home update, opened from the client's e-mail.
  { method: 'GET', path: '/api/home-valuation/{token}', handler: 'clients/get-home-valuation', access: 'public', uses: ['table:write', 'push'] },
  { method: 'GET', path: '/api/conversations', handler: 'conversations/get-conversations', access: 'agent', uses: ['table:read'], stack: 2 },
  { method: 'POST', path: '/api/conversations/{clientId}/read', handler: 'conversations/post-conversation-read', access: 'agent', uses: ['table:write'], stack: 2 },
  // API Gateway HTTP APIs take no suffix after a path parameter ({secret}.ics): the handler requires `.ics`.
  { method: 'GET', path: '/api/push/key', handler: 'push/get-push-key', access: 'agent', uses: ['table:read', 'push'], stack: 2 },
  { method: 'GET', path: '/api/push/subscriptions', handler: 'push/get-push-subscriptions', access: 'agent', uses: ['table:read'], stack: 2 },
  { method: 'POST', path: '/api/push/subscriptions', handler: 'push/post-push-subscriptions', access: 'agent', uses: ['table:write'], stack: 2 },
  { method: 'DELETE', path: '/api/push/subscriptions/{id}', handler: 'push/delete-push-subscription', access: 'agent', uses: ['table:write'], stack: 2 },
  { method: 'POST', path: '/api/push/test', handler: 'push/post-push-test', access: 'agent', uses: ['table:write', 'push'], timeoutSeconds: 15, stack: 2 },
  { method: 'GET', path: '/api/calendar/{file}', handler: 'calendar/get-calendar-feed', access: 'public', uses: ['table:read'] },
];

export function findRouteByHandler(handler: string): Route {
  const route = routes.find((r) => r.handler === handler);
  if (!route) throw new Error(`No route in functions/routes.ts names the handler "${handler}"`);
  return route;
}

/**
 * The routes in the order a request is matched against them: API Gateway prefers the most specific path, so at the
 * first segment where two paths differ a fixed segment wins over a `{param}` (`/api/clients/export` never reaches
 * `/api/clients/{id}`). Otherwise the table's order is kept (paths of different lengths never match the same URL).
 */
export function bySpecificity<R extends Pick<Route, 'path'>>(table: readonly R[]): R[] {
  const segments = (route: R) => route.path.split('/').map((segment) => segment.startsWith('{'));
  return table
    .map((route, index) => ({ route, index, params: segments(route) }))
    .sort((a, b) => {
      const length = Math.min(a.params.length, b.params.length);
      for (let i = 0; i < length; i += 1) if (a.params[i] !== b.params[i]) return a.params[i] ? 1 : -1;
      return a.params.length - b.params.length || a.index - b.index;
    })
    .map(({ route }) => route);
}

/** Turns `/api/clients/{id}` into a matcher that returns the path parameters, or null. */
export function compilePath(path: string): (actual: string) => Record<string, string> | null {
  const names: string[] = [];
  const pattern = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{([^}]+)\\?\}/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const regex = new RegExp(`^${pattern}$`);
  return (actual) => {
    const match = regex.exec(actual);
    if (!match) return null;
    const params: Record<string, string> = {};
    names.forEach((name, i) => {
      params[name] = decodeURIComponent(match[i + 1] ?? '');
    });
    return params;
  };
}
