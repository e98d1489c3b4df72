// /auth: Login and Register for visitors; a signed-in user goes on to where they were headed. The
// forms show while GET /api/user is under way (they are prerendered: the build cannot know who
// will visit), and a signed-in visitor moves on as soon as the answer says so.
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Navigate, useLocation } from 'react-router-dom';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { useUser } from '@/lib/auth';
import { AuthForms } from '@/features/auth/components/auth-forms';
import { AuthWelcomePanel } from '@/features/auth/components/auth-welcome-panel';
import { redirectTarget } from '@/features/auth/redirect-state';

export function AuthRoute() {
  const { user } = useUser();
  const location = useLocation();
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });

  if (user) return <Navigate to={redirectTarget(location.state, { isPhone })} replace />;
  return (
    <AuthLayout title="Log in" aside={<AuthWelcomePanel />}>
      <AuthForms />
    </AuthLayout>
  );
}
