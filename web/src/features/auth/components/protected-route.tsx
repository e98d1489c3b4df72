// Protected-route rule: the app's frame with a loading state while the user loads (what the build
// prerenders into index.html), /auth without a user, otherwise the page.
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { AppFrameSkeleton } from '@/components/layouts/app-frame-skeleton';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { authRedirectState } from '../redirect-state';

type ProtectedRouteProps = {
  children: ReactNode;
};

export function ProtectedRoute({ children }: ProtectedRouteProps) {
  const { user, isLoading, error, mutate } = useUser();
  const location = useLocation();
  // A visitor who arrives signed out comes back here after logging in; one who just logged out
  // starts again from the dashboard.
  const hadUser = useRef(false);
  if (user) hadUser.current = true;

  if (isLoading) return <AppFrameSkeleton />;
  if (error && !user) return <SessionUnavailable onRetry={() => void mutate()} />;
  if (!user) {
    return (
      <Navigate to={paths.auth.getHref()} replace state={hadUser.current ? undefined : authRedirectState(location)} />
    );
  }
  return children;
}

type SessionUnavailableProps = {
  onRetry: () => void;
};

/** The session check failed for a reason other than "not signed in" (network, server error). */
function SessionUnavailable({ onRetry }: SessionUnavailableProps) {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', px: 2, textAlign: 'center' }}
    >
      <Box sx={{ maxWidth: 420 }}>
        <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
          We couldn&apos;t reach your account
        </Typography>
        <Typography variant="lead" sx={{ mt: 1.5 }}>
          Please check your connection and try again. Your data is safe.
        </Typography>
        <Button variant="contained" sx={{ mt: 3 }} startIcon={<RefreshRounded />} onClick={onRetry}>
          Try again
        </Button>
      </Box>
    </Box>
  );
}
