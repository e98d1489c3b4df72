// Small factories for test data.
import type {
  AdminAgent,
  Client,
  Dashboard,
  IntegrationStatus,
  Integrations,
  MessageActivity,
  SupportTicket,
  TouchActivity,
  User,
} from '@shared/api-types';
import { bareClient } from '@/lib/bare-client';

let sequence = 0;

export function createUser(overrides: Partial<User> = {}): User {
  sequence += 1;
  return {
    id: `user-${sequence}`,
    username: `agent${sequence}@example.com`,
    fullName: 'Jane Doe',
    phone: '(555) 123-4567',
    isPro: false,
    isAdmin: false,
    emailVerified: true,
    googlePlaceId: null,
    businessName: null,
    businessLocation: null,
    signupDate: '2025-01-15T10:00:00.000Z',
    lastLoginDate: null,
    timeZone: 'America/New_York',
    reminderPrefs: { emailDigest: true, sms: false, leadDays: 7, monthlySummary: true },
    pushPrefs: { digest: true, replies: true, approvals: true },
    sendingPaused: null,
    ...overrides,
  };
}

export function createClient(overrides: Partial<Client> = {}): Client {
  sequence += 1;
  return {
    ...bareClient({
      id: `client-${sequence}`,
      agentId: 'user-1',
      name: `Client ${sequence}`,
      email: `client${sequence}@example.com`,
      phone: '(555) 987-6543',
      createdAt: '2025-01-20T10:00:00.000Z',
    }),
    ...overrides,
  };
}

/** An agent as the admin lists show it. */
export function createAdminAgent(overrides: Partial<AdminAgent> = {}): AdminAgent {
  sequence += 1;
  return {
    id: `agent-${sequence}`,
    username: `agent${sequence}@example.com`,
    fullName: 'Jane Doe',
    phone: null,
    signupDate: '2025-01-15T12:00:00.000Z',
    lastLoginDate: null,
    isPro: false,
    isAdmin: false,
    clientCount: 0,
    businessName: null,
    businessLocation: null,
    sendingPaused: null,
    ...overrides,
  };
}

/** A message in a client's activity: an e-mail sent by default. */
export function createMessageActivity(overrides: Partial<MessageActivity> = {}): MessageActivity {
  sequence += 1;
  return {
    type: 'message',
    id: `message-${sequence}`,
    direction: 'outbound',
    at: '2025-03-01T15:00:00.000Z',
    channel: 'email',
    occasion: null,
    subject: 'Checking in',
    body: 'Hi! How is the new home?',
    status: 'sent',
    sentAt: '2025-03-01T15:00:00.000Z',
    sendAt: null,
    engine: null,
    problem: null,
    automatic: false,
    note: null,
    createdAt: '2025-03-01T15:00:00.000Z',
    ...overrides,
  };
}

/** A touch the agent logged in a client's activity: a call by default. */
export function createTouchActivity(overrides: Partial<TouchActivity> = {}): TouchActivity {
  sequence += 1;
  return {
    type: 'touch',
    id: `touch-${sequence}`,
    kind: 'call',
    note: null,
    date: '2025-02-20T12:00:00.000Z',
    createdAt: '2025-02-20T12:05:00.000Z',
    ...overrides,
  };
}

/** A support request, open and unanswered by default. */
export function createSupportTicket(overrides: Partial<SupportTicket> = {}): SupportTicket {
  sequence += 1;
  return {
    id: `ticket-${sequence}`,
    agentId: 'user-1',
    agentName: 'Jane Doe',
    agentEmail: 'jane@example.com',
    priority: 'standard',
    subject: `Question ${sequence}`,
    message: 'How do I import my clients?',
    status: 'open',
    createdAt: '2026-11-20T15:00:00.000Z',
    closedAt: null,
    replies: [],
    ...overrides,
  };
}

/** GET /api/dashboard for an agent with no clients yet (override what a test needs). */
export function createDashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    today: '2025-01-20',
    googleRating: null,
    clients: 0,
    reviews: 0,
    reviewsAwaiting: 0,
    upcoming: [],
    upcomingClients: [],
    activity: { months: [], totals: { reviews: 0, reminders: 0 } },
    ...overrides,
  };
}

/** One Google feature's sync as GET /api/integrations tells it: off unless the overrides say. */
export function createIntegrationStatus(overrides: Partial<IntegrationStatus> = {}): IntegrationStatus {
  return { state: 'off', lastSuccessAt: null, lastError: null, itemsIn: 0, itemsOut: 0, conflicts: 0, ...overrides };
}

/** GET /api/integrations with each feature's status (off where not given). */
export function createIntegrations(
  features: Partial<Integrations['google']['features']> = {},
  connected = Object.keys(features).length > 0,
): Integrations {
  return {
    google: {
      connected,
      clientsGroup: false,
      features: {
        reviews: createIntegrationStatus(),
        contacts: createIntegrationStatus(),
        calendar: createIntegrationStatus(),
        ...features,
      },
    },
  };
}

/** An agent without Google: every feature off. */
export const integrationsOff = (): Integrations => createIntegrations();
