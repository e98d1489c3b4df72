// Which business metrics a route's answer counts, declared once by handler slug (the route table's
// `handler`) rather than remembered in each handler. The HTTP stack calls `countRouteOutcome` once
// per request, after the answer (error answers included) is known.
import { countMetric, type MetricName } from './metrics';

export type RouteOutcome = { status: number; body?: unknown };

type Counter = (outcome: RouteOutcome) => Partial<Record<MetricName, number>>;

const numberField = (body: unknown, field: string): number => {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
  return typeof value === 'number' ? value : 0;
};

export const ROUTE_METRICS: Readonly<Record<string, Counter>> = {
  'clients/post-clients': ({ status }) => (status === 201 ? { ClientsCreated: 1 } : {}),
  'clients/post-clients-import': ({ status, body }) =>
    status === 200 ? { ImportRowsImported: numberField(body, 'imported') + numberField(body, 'updated') } : {},
  'client-invitations/post-client-invitations': ({ status }) => (status === 201 ? { InvitationsSent: 1 } : {}),
  'client-invitations/post-client-invitation-resend': ({ status }) => (status === 200 ? { InvitationsSent: 1 } : {}),
  'clients/post-client-review-request': ({ status }) => (status === 200 ? { ReviewRequestsSent: 1 } : {}),
  'auth/post-register': ({ status }) => (status === 201 ? { AgentsRegistered: 1 } : {}),
  'auth/post-login': ({ status }) => (status === 401 ? { LoginFailures: 1 } : {}),
};

export function countRouteOutcome(handler: string, outcome: RouteOutcome): void {
  // Every per-IP, per-account and daily-send refusal answers 429, whatever the route.
  if (outcome.status === 429) countMetric('ThrottleRefusals');
  for (const [name, value] of Object.entries(ROUTE_METRICS[handler]?.(outcome) ?? {}))
    countMetric(name as MetricName, value);
}
