// /auth: Login and Register for visitors; a signed-in user goes on to where they were headed.
import { Navigate, useLocation } from 'react-router-dom';
import { AuthLayout } from '../../components/layouts/auth-layout';
import { CenteredSpinner } from '../../components/ui/spinner';
import { useUser } from '../../lib/auth';
import { AuthForms } from '../../features/auth/components/auth-forms';
import { AuthWelcomePanel } from '../../features/auth/components/auth-welcome-panel';
import { redirectTarget } from '../../features/auth/redirect-state';

export function AuthRoute() {
  const { user, isLoading } = useUser();
  const location = useLocation();

  if (isLoading) return <CenteredSpinner fullScreen label="Loading" />;
  if (user) return <Navigate to={redirectTarget(location.state)} replace />;
  return (
    <AuthLayout title="Log in" aside={<AuthWelcomePanel />}>
      <AuthForms />
    </AuthLayout>
  );
}
