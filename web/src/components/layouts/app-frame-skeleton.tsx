// The signed-in frame while GET /api/user is under way: the navigation bar's shape, the page
// background and a loading state where the page will be; on a page the build prerenders a frame of its own for
// (FRAME_HEADERS: Today, the app's start page), that page's heading and description above it, so a phone paints the
// first screen's largest text before any JavaScript runs. The protected-route rule shows it, and the web build
// prerenders it into dist/web/index.html and dist/web/today/index.html (scripts/build.mjs), and the client hydrates
// it unchanged.
import { useLocation } from 'react-router-dom';
import { withoutTrailingSlash } from '@shared/prerendered-pages';
import { paths } from '@/config/paths';
import { CenteredSpinner } from '../ui/spinner';
import { PageHeader } from '../ui/page-layout';
import { AppLayout } from './app-layout';
import { NavigationBarSkeleton } from './navigation-bar';

/** The signed-in pages whose frame shows their header (shared/prerendered-pages.ts lists their HTML). */
const FRAME_HEADERS: Record<string, { heading: string; description: string }> = {
  [paths.today.path]: { heading: paths.today.label, description: paths.today.description },
};

export function AppFrameSkeleton() {
  const header = FRAME_HEADERS[withoutTrailingSlash(useLocation().pathname)];
  return (
    <AppLayout navigation={<NavigationBarSkeleton />}>
      {header ? <PageHeader heading={header.heading} description={header.description} /> : null}
      <CenteredSpinner label="Loading" />
    </AppLayout>
  );
}
