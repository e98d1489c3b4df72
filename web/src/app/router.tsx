// The route table of the web app (SPEC §2). Every page is its own lazily loaded chunk.
import { lazy, Suspense, useMemo } from 'react';
import { createBrowserRouter, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import { CenteredSpinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { RouteError } from './routes/route-error';

const AuthRoute = lazy(() => import('./routes/auth').then((m) => ({ default: m.AuthRoute })));
const ResetPasswordRoute = lazy(() => import('./routes/reset-password').then((m) => ({ default: m.ResetPasswordRoute })));
const NotFoundRoute = lazy(() => import('./routes/not-found').then((m) => ({ default: m.NotFoundRoute })));
const AppRoot = lazy(() => import('./routes/app/root').then((m) => ({ default: m.AppRoot })));
const DashboardRoute = lazy(() => import('./routes/app/dashboard').then((m) => ({ default: m.DashboardRoute })));
const ComingSoonRoute = lazy(() => import('./routes/app/coming-soon').then((m) => ({ default: m.ComingSoonRoute })));

/** Signed-in sections whose pages come with later issues; they share one placeholder page. */
const upcomingSections = [paths.clients, paths.reminders, paths.businessProfile, paths.settings, paths.admin, paths.adminClients, paths.agentsList];

function RootBoundary() {
  return (
    <Suspense fallback={<CenteredSpinner fullScreen label="Loading" />}>
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
        {
          path: paths.home.path,
          element: <AppRoot />,
          children: [
            { index: true, element: <DashboardRoute /> },
            ...upcomingSections.map((section) => ({ path: section.path, element: <ComingSoonRoute title={section.label} /> })),
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
