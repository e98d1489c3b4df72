// The route table of the web app (docs/architecture.md, Web app). Every page is its own lazily loaded chunk.
import { lazy, Suspense, useMemo } from 'react';
import { createBrowserRouter, Outlet, RouterProvider, ScrollRestoration, type RouteObject } from 'react-router-dom';
import { CenteredSpinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { RouteError } from './routes/route-error';

const AuthRoute = lazy(() => import('./routes/auth').then((m) => ({ default: m.AuthRoute })));
const ResetPasswordRoute = lazy(() =>
  import('./routes/reset-password').then((m) => ({ default: m.ResetPasswordRoute })),
);
const VerifyEmailRoute = lazy(() => import('./routes/verify-email').then((m) => ({ default: m.VerifyEmailRoute })));
const UnsubscribeRoute = lazy(() => import('./routes/unsubscribe').then((m) => ({ default: m.UnsubscribeRoute })));
const HomeValuationRoute = lazy(() =>
  import('./routes/home-valuation').then((m) => ({ default: m.HomeValuationRoute })),
);
const NotFoundRoute = lazy(() => import('./routes/not-found').then((m) => ({ default: m.NotFoundRoute })));
const FindRealtorRoute = lazy(() => import('./routes/find-realtor').then((m) => ({ default: m.FindRealtorRoute })));
const ClientRegistrationRoute = lazy(() =>
  import('./routes/client-registration').then((m) => ({ default: m.ClientRegistrationRoute })),
);
const ClientRegistrationConfirmRoute = lazy(() =>
  import('./routes/client-registration-confirm').then((m) => ({ default: m.ClientRegistrationConfirmRoute })),
);
const AppRoot = lazy(() => import('./routes/app/root').then((m) => ({ default: m.AppRoot })));
const DashboardRoute = lazy(() => import('./routes/app/dashboard').then((m) => ({ default: m.DashboardRoute })));
const ClientsRoute = lazy(() => import('./routes/app/clients').then((m) => ({ default: m.ClientsRoute })));
const DuplicatesRoute = lazy(() => import('./routes/app/duplicates').then((m) => ({ default: m.DuplicatesRoute })));
const ClientRoute = lazy(() => import('./routes/app/client').then((m) => ({ default: m.ClientRoute })));
const BroadcastsRoute = lazy(() => import('./routes/app/broadcasts').then((m) => ({ default: m.BroadcastsRoute })));
const BroadcastRoute = lazy(() => import('./routes/app/broadcast').then((m) => ({ default: m.BroadcastRoute })));
const InboxRoute = lazy(() => import('./routes/app/inbox').then((m) => ({ default: m.InboxRoute })));
const InboxThreadRoute = lazy(() => import('./routes/app/inbox-thread').then((m) => ({ default: m.InboxThreadRoute })));
const TodayRoute = lazy(() => import('./routes/app/today').then((m) => ({ default: m.TodayRoute })));
const AutomationsRoute = lazy(() => import('./routes/app/automations').then((m) => ({ default: m.AutomationsRoute })));
const InsightsRoute = lazy(() => import('./routes/app/insights').then((m) => ({ default: m.InsightsRoute })));
const ReviewsRoute = lazy(() => import('./routes/app/reviews').then((m) => ({ default: m.ReviewsRoute })));
const RemindersRoute = lazy(() => import('./routes/app/reminders').then((m) => ({ default: m.RemindersRoute })));
const BusinessProfileRoute = lazy(() =>
  import('./routes/app/business-profile').then((m) => ({ default: m.BusinessProfileRoute })),
);
const SettingsRoute = lazy(() => import('./routes/app/settings').then((m) => ({ default: m.SettingsRoute })));
const HelpRoute = lazy(() => import('./routes/app/help').then((m) => ({ default: m.HelpRoute })));
const AdminRoute = lazy(() => import('./routes/app/admin').then((m) => ({ default: m.AdminRoute })));
const AdminClientsRoute = lazy(() =>
  import('./routes/app/admin-clients').then((m) => ({ default: m.AdminClientsRoute })),
);
const AgentsListRoute = lazy(() => import('./routes/app/agents-list').then((m) => ({ default: m.AgentsListRoute })));
const AdminSupportRoute = lazy(() =>
  import('./routes/app/admin-support').then((m) => ({ default: m.AdminSupportRoute })),
);

function RootBoundary() {
  return (
    <Suspense fallback={<CenteredSpinner fullScreen label="Loading" />}>
      <ScrollRestoration />
      <Outlet />
    </Suspense>
  );
}

export function createAppRoutes(): RouteObject[] {
  return [
    {
      element: <RootBoundary />,
      errorElement: <RouteError />,
      children: [
        { path: paths.auth.path, element: <AuthRoute /> },
        { path: paths.resetPassword.path, element: <ResetPasswordRoute /> },
        { path: paths.verifyEmail.path, element: <VerifyEmailRoute /> },
        { path: paths.findRealtor.path, element: <FindRealtorRoute /> },
        { path: paths.unsubscribe.path, element: <UnsubscribeRoute /> },
        { path: paths.unsubscribe.legacyPath, element: <UnsubscribeRoute /> },
        { path: paths.homeValuation.path, element: <HomeValuationRoute /> },
        { path: paths.clientRegistration.path, element: <ClientRegistrationRoute /> },
        { path: paths.clientRegistrationConfirm.path, element: <ClientRegistrationConfirmRoute /> },
        {
          path: paths.home.path,
          element: <AppRoot />,
          children: [
            { index: true, element: <DashboardRoute /> },
            { path: paths.clients.path, element: <ClientsRoute /> },
            { path: paths.duplicates.path, element: <DuplicatesRoute /> },
            { path: paths.client.path, element: <ClientRoute /> },
            { path: paths.today.path, element: <TodayRoute /> },
            { path: paths.broadcasts.path, element: <BroadcastsRoute /> },
            { path: paths.broadcast.path, element: <BroadcastRoute /> },
            { path: paths.inbox.path, element: <InboxRoute /> },
            { path: paths.inboxThread.path, element: <InboxThreadRoute /> },
            { path: paths.reminders.path, element: <RemindersRoute /> },
            { path: paths.automations.path, element: <AutomationsRoute /> },
            { path: paths.insights.path, element: <InsightsRoute /> },
            { path: paths.reviews.path, element: <ReviewsRoute /> },
            { path: paths.admin.path, element: <AdminRoute /> },
            { path: paths.adminClients.path, element: <AdminClientsRoute /> },
            { path: paths.agentsList.path, element: <AgentsListRoute /> },
            { path: paths.adminSupport.path, element: <AdminSupportRoute /> },
            { path: paths.businessProfile.path, element: <BusinessProfileRoute /> },
            { path: paths.settings.path, element: <SettingsRoute /> },
            { path: paths.help.path, element: <HelpRoute /> },
          ],
        },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ];
}

export function AppRouter() {
  const router = useMemo(() => createBrowserRouter(createAppRoutes()), []);
  return <RouterProvider router={router} />;
}
