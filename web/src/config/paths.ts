// The typed route registry: every screen's path, its label in the navigation, and how to link to it.
import { tokenLinkPath } from '@shared/link-token';

export const paths = {
  auth: {
    path: '/auth',
    getHref: () => '/auth',
  },
  resetPassword: {
    path: '/reset-password',
    getHref: (token: string) => tokenLinkPath('/reset-password', token),
  },
  verifyEmail: {
    path: '/verify-email',
    getHref: (token: string) => tokenLinkPath('/verify-email', token),
  },
  findRealtor: {
    path: '/find-realtor',
    getHref: () => '/find-realtor',
  },
  clientRegistration: {
    path: '/client-registration',
    getHref: (query: { token: string } | { agentId: string }) =>
      'token' in query
        ? tokenLinkPath('/client-registration', query.token)
        : `/client-registration?agentId=${encodeURIComponent(query.agentId)}`,
  },
  unsubscribe: {
    path: '/unsubscribe',
    /** Links mailed before the token moved to the fragment. */
    legacyPath: '/unsubscribe/:token',
    getHref: (token: string) => tokenLinkPath('/unsubscribe', token),
  },
  homeValuation: {
    path: '/home-valuation',
    getHref: (agentName: string) => `/home-valuation?${new URLSearchParams({ agent: agentName })}`,
  },
  clientRegistrationConfirm: {
    path: '/client-registration/confirm',
    getHref: (token: string) => tokenLinkPath('/client-registration/confirm', token),
  },
  home: {
    path: '/',
    label: 'Dashboard',
    getHref: () => '/',
  },
  today: {
    path: '/today',
    label: 'Today',
    /** Under the heading, on the page and in the frame the build prerenders for it (app-frame-skeleton.tsx). */
    description:
      'Whom to contact today and why, then the messages Hearthside wrote for your clients: approve, edit or skip each one.',
    getHref: () => '/today',
  },
  inbox: {
    path: '/inbox',
    label: 'Inbox',
    getHref: () => '/inbox',
  },
  inboxThread: {
    path: '/inbox/:clientId',
    getHref: (clientId: string) => `/inbox/${encodeURIComponent(clientId)}`,
  },
  clients: {
    path: '/clients',
    label: 'Manage Clients',
    getHref: () => '/clients',
  },
  duplicates: {
    path: '/clients/duplicates',
    label: 'Possible duplicates',
    getHref: () => '/clients/duplicates',
  },
  client: {
    path: '/clients/:id',
    getHref: (id: string) => `/clients/${encodeURIComponent(id)}`,
  },
  broadcasts: {
    path: '/broadcasts',
    label: 'Broadcasts',
    getHref: () => '/broadcasts',
  },
  broadcast: {
    path: '/broadcasts/:id',
    getHref: (id: string) => `/broadcasts/${encodeURIComponent(id)}`,
  },
  reminders: {
    path: '/reminders',
    label: 'Reminders',
    getHref: () => '/reminders',
  },
  automations: {
    path: '/automations',
    label: 'Automations',
    getHref: () => '/automations',
  },
  reviews: {
    path: '/reviews',
    label: 'Reviews',
    getHref: () => '/reviews',
  },
  insights: {
    path: '/insights',
    label: 'Insights',
    getHref: () => '/insights',
  },
  businessProfile: {
    path: '/business-profile',
    label: 'Business Profile',
    getHref: () => '/business-profile',
  },
  settings: {
    path: '/settings',
    label: 'Settings',
    getHref: () => '/settings',
  },
  help: {
    path: '/help',
    label: 'Help',
    getHref: () => '/help',
  },
  admin: {
    path: '/admin',
    label: 'Admin',
    getHref: () => '/admin',
  },
  adminClients: {
    path: '/admin-clients',
    label: 'Manage Client Data',
    getHref: () => '/admin-clients',
  },
  agentsList: {
    path: '/agents-list',
    label: 'Agent List',
    getHref: () => '/agents-list',
  },
  adminSupport: {
    path: '/admin/support',
    label: 'Support Requests',
    getHref: () => '/admin/support',
  },
} as const;

export type PathName = keyof typeof paths;
