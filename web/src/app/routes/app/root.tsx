// The signed-in shell: protected-route rule, navigation (Admin only for administrators, Today with
// how many automatic messages wait for approval, Inbox with how many conversations are unread), the
// banners (an unverified e-mail, paused sending, a Google sync that needs the agent) and the page.
import AutoAwesomeRounded from '@mui/icons-material/AutoAwesomeRounded';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import QueryStatsRounded from '@mui/icons-material/QueryStatsRounded';
import StarOutlineRounded from '@mui/icons-material/StarOutlineRounded';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import TuneRounded from '@mui/icons-material/TuneRounded';
import { Suspense, useMemo } from 'react';
import { Outlet, useMatches } from 'react-router-dom';
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
import { GoogleAttentionBanner } from '@/features/google-reviews/components/google-attention-banner';
import { OfflineStatus } from '@/features/offline/components/offline-status';
import { errorMessage } from '@/lib/api-client';

export function AppRoot() {
  return (
    <ProtectedRoute>
      <SignedInShell />
    </ProtectedRoute>
  );
}

/**
 * The page, or a spinner while its code loads. The boundary is a new one for each page (keyed by its route): the
 * router navigates in a transition, and a boundary already shown would keep the page being left on screen, live,
 * while the next one loads (a tap meant for the new page would land on the old one, which is then never shown).
 */
function PageBoundary() {
  const matches = useMatches();
  return (
    <Suspense key={matches.at(-1)?.id} fallback={<CenteredSpinner label="Loading page" />}>
      <Outlet />
    </Suspense>
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
      { label: paths.home.label, href: paths.home.getHref(), end: true, icon: <HomeOutlined /> },
      {
        label: paths.today.label,
        href: paths.today.getHref(),
        icon: <TaskAltRounded />,
        phoneBar: {},
        badge: { count: awaiting, label: `${awaiting} waiting` },
      },
      {
        label: paths.inbox.label,
        href: paths.inbox.getHref(),
        icon: <InboxOutlined />,
        phoneBar: {},
        badge: { count: unread, label: `${unread} unread` },
      },
      { label: paths.businessProfile.label, href: paths.businessProfile.getHref(), icon: <StorefrontOutlined /> },
      {
        label: paths.clients.label,
        href: paths.clients.getHref(),
        icon: <PeopleAltOutlined />,
        phoneBar: { label: 'Clients' },
      },
      { label: paths.automations.label, href: paths.automations.getHref(), icon: <AutoAwesomeRounded /> },
      { label: paths.reviews.label, href: paths.reviews.getHref(), icon: <StarOutlineRounded />, phoneBar: {} },
      { label: paths.insights.label, href: paths.insights.getHref(), icon: <QueryStatsRounded /> },
      { label: paths.settings.label, href: paths.settings.getHref(), icon: <TuneRounded /> },
      { label: paths.help.label, href: paths.help.getHref(), icon: <SupportAgentOutlined /> },
    ];
    if (isAdmin) links.push({ label: paths.admin.label, href: paths.admin.getHref(), icon: <MonitorHeartOutlined /> });
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
      {user ? <GoogleAttentionBanner /> : null}
      <PageBoundary />
    </AppLayout>
  );
}
