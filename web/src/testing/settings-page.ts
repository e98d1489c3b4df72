// /settings as its tests open it (the page's own, and its cards' in features/settings): the agent signed in, and the
// calendar feed's status, which the Calendar feed card reads on every visit, answered as none unless `api` says.
import type { User } from '@shared/api-types';
import { createUser } from './data-generators';
import { jsonResponse, type MockRoutes } from './mock-api';
import { findPageHeading, renderApp } from './test-utils';

export async function openSettingsPage({
  agent = createUser(),
  url = '/settings',
  api = {},
}: { agent?: User; url?: string; api?: MockRoutes } = {}) {
  const view = renderApp(url, {
    user: agent,
    api: { 'GET /api/user/calendar': () => jsonResponse(200, { exists: false, url: null, createdAt: null }), ...api },
  });
  await findPageHeading('Settings');
  return { ...view, agent };
}
