// The signed-in frame while GET /api/user is under way: the navigation bar's shape, the page
// background and a loading state where the page will be. The protected-route rule shows it, and the
// web build prerenders it into dist/web/index.html (scripts/build.mjs), so a phone paints the frame
// before any JavaScript runs, and the client hydrates it unchanged.
import { CenteredSpinner } from '../ui/spinner';
import { AppLayout } from './app-layout';
import { NavigationBarSkeleton } from './navigation-bar';

export function AppFrameSkeleton() {
  return (
    <AppLayout navigation={<NavigationBarSkeleton />}>
      <CenteredSpinner label="Loading" />
    </AppLayout>
  );
}
