// The signed-in shell: protected-route rule, navigation (Admin only for administrators, Today with
// how many automatic messages wait for approval, Inbox with how many conversations are unread), the
// unverified-e-mail banner and the page.
import { Suspense, useMemo } from 'react';
import { Outlet } from 'react-router-dom';
import { AppLayout } from '@/components/layouts/app-layout';
import { NavigationBar, type NavItem } from '@/components/layouts/navigation-bar';
import { CenteredSpinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast/use-toast';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { useLogout } from '@/features/auth/api/logout';
import { useAwaitingCount } from '@/features/automations/api/get-outgoing';
import { useUnreadTotal } from '@/features/inbox/api/get-conversations';
import { ProtectedRoute } from '@/features/auth/components/protected-route';
import { SendingPausedBanner } from '@/features/auth/components/sending-paused-banner';
import { UnverifiedBanner } from '@/features/auth/components/unverified-banner';
import { OfflineStatus } from '@/features/offline/components/offline-status';
import { errorMessage } from '@/lib/api-client';

export function AppRoot() {
  return (
    <ProtectedRoute>
      <SignedInShell />
    </ProtectedRoute>
  );
}

function SignedInShell() {
  const { user } = useUser();
  const { trigger, isMutating } = useLogout();
  const { toast } = useToast();
  const isAdmin = user?.isAdmin === true;
  const awaiting = useAwaitingCount();
  const unread = useUnreadTotal();

  const items = useMemo<NavItem[]>(() => {
    const links: NavItem[] = [
      { label: paths.home.label, href: paths.home.getHref(), end: true },
      {
        label: paths.today.label,
        href: paths.today.getHref(),
        badge: { count: awaiting, label: `${awaiting} waiting` },
      },
      {
        label: paths.inbox.label,
        href: paths.inbox.getHref(),
        badge: { count: unread, label: `${unread} unread` },
      },
      { label: paths.businessProfile.label, href: paths.businessProfile.getHref() },
      { label: paths.clients.label, href: paths.clients.getHref() },
      { label: paths.automations.label, href: paths.automations.getHref() },
      { label: paths.reviews.label, href: paths.reviews.getHref() },
      { label: paths.insights.label, href: paths.insights.getHref() },
      { label: paths.settings.label, href: paths.settings.getHref() },
      { label: paths.help.label, href: paths.help.getHref() },
    ];
    if (isAdmin) links.push({ label: paths.admin.label, href: paths.admin.getHref() });
    return links;
  }, [isAdmin, awaiting, unread]);

  // Success sets the user to null, and the protected-route rule sends the visitor to /auth.
  const handleLogout = async () => {
    try {
      await trigger();
    } catch (error) {
      toast({ title: 'Logout failed', description: errorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <AppLayout
      navigation={
        <NavigationBar
          items={items}
          homeHref={paths.home.getHref()}
          onLogout={handleLogout}
          isLoggingOut={isMutating}
        />
      }
    >
      <OfflineStatus />
      {user ? <UnverifiedBanner user={user} /> : null}
      {user ? <SendingPausedBanner user={user} /> : null}
      <Suspense fallback={<CenteredSpinner label="Loading page" />}>
        <Outlet />
      </Suspense>
    </AppLayout>
  );
}
