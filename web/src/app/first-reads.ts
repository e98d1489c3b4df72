// The reads a signed-in page makes first, started by the entry (web/src/main.tsx) as soon as GET /api/user says who is
// signed in, rather than once the page's code has loaded and rendered: on a phone that code takes a second or more to
// arrive and run, while the user's answer comes within a round trip. The hooks then take the answers of requests
// already under way (SWR's preload), so each read is made once. Today's own reads also show the device's last answer
// (lib/offline: the copy kept for offline use) while the fresh one loads, online as offline: stale while revalidating.
import { mutate, preload } from 'swr';
import { matchRoutes } from 'react-router-dom';
import type { User } from '@shared/api-types';
import { getOutgoing, OUTGOING_KEY } from '../features/automations/api/get-outgoing';
import { dueCheckInsKey } from '../features/check-ins/api/get-due-check-ins';
import { CONVERSATIONS_KEY, getConversations } from '../features/inbox/api/get-conversations';
import { getNextBest, nextBestKey } from '../features/next-best/api/get-next-best';
import { paths } from '../config/paths';
import { getClientPage } from '../lib/clients';
import { DASHBOARD_KEY, getDashboard } from '../lib/dashboard';
import { readAnswer } from '../lib/offline/offline-store';
import { createAppRoutes } from './router';
import { readAnswered, readPending } from './today-reads-pending';

/**
 * A read of Today's first screen: the device's copy goes into SWR's cache at once if it is read before the network
 * answers, the fresh answer replaces it. Each of Today's hooks reads again on mount, taking the request under way.
 */
function startWithCopy<T>(accountId: string, key: string, fetcher: (key: string) => Promise<T>): void {
  readPending(key);
  let fresh = false;
  void preload(key, fetcher).then(
    (data) => {
      fresh = true;
      void mutate(key, data, { revalidate: false });
      readAnswered(key);
    },
    () => readAnswered(key),
  );
  void readAnswer(accountId, key).then((kept) => {
    if (kept && !fresh) {
      void mutate(key, kept.data, { revalidate: false });
      readAnswered(key);
    }
  });
}

/**
 * The signed-in shell's reads (the Today and Inbox badges), and the page's own for the dashboard and Today (its next
 * best touches, its queue and due check-ins).
 */
export function startFirstReads(user: User | null, pathname: string): void {
  if (!user) return;
  const matches = matchRoutes(createAppRoutes(), pathname);
  if (!matches?.some(({ route }) => route.path === paths.home.path)) return;
  const page = matches.at(-1)?.route;
  if (page?.path === paths.today.path) startWithCopy(user.id, OUTGOING_KEY, getOutgoing);
  else void preload(OUTGOING_KEY, getOutgoing);
  void preload(CONVERSATIONS_KEY, getConversations);
  if (page?.index) void preload(DASHBOARD_KEY, getDashboard);
  else if (page?.path === paths.today.path) {
    startWithCopy(user.id, nextBestKey(), getNextBest);
    startWithCopy(user.id, dueCheckInsKey(), getClientPage);
  }
}
