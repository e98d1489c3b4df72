// The Login and Register tabs; "Forgot Password?" swaps the login form for the reset request.
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

type AuthTab = 'login' | 'register';
type AuthView = AuthTab | 'forgot-password';

const intro: Record<AuthView, { heading: string; text: string }> = {
  login: { heading: 'Welcome back', text: 'Log in to pick up where you left off with your clients.' },
  register: {
    heading: 'Create your account',
    text: 'Start keeping every client relationship warm, from closing day onwards.',
  },
  'forgot-password': {
    heading: 'Reset your password',
    text: "Enter the email you signed up with and we'll send you a link to choose a new password.",
  },
};

const tabId = (tab: AuthTab) => `auth-tab-${tab}`;
const panelId = (tab: AuthTab) => `auth-panel-${tab}`;

export function AuthForms() {
  const [tab, setTab] = useState<AuthTab>('login');
  const [forgotPassword, setForgotPassword] = useState(false);
  const view: AuthView = tab === 'login' && forgotPassword ? 'forgot-password' : tab;

  const handleTabChange = (_event: unknown, value: AuthTab) => {
    setTab(value);
    setForgotPassword(false);
  };

  return (
    <>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2rem' } }}>
        {intro[view].heading}
      </Typography>
      <Typography variant="lead" sx={{ mt: 1, mb: 3 }}>
        {intro[view].text}
      </Typography>
      <Card>
        <Tabs
          value={tab}
          onChange={handleTabChange}
          variant="fullWidth"
          aria-label="Login or register"
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {(['login', 'register'] as const).map((value) => (
            <Tab
              key={value}
              value={value}
              label={value === 'login' ? 'Login' : 'Register'}
              id={tabId(value)}
              aria-controls={panelId(value)}
            />
          ))}
        </Tabs>
        {(['login', 'register'] as const).map((value) => (
          <div key={value} role="tabpanel" id={panelId(value)} aria-labelledby={tabId(value)} hidden={tab !== value}>
            {tab === value ? (
              <CardContent sx={{ p: { xs: 2.5, sm: 3.5 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
                {value === 'register' ? (
                  <RegisterForm />
                ) : forgotPassword ? (
                  <ForgotPasswordForm onBack={() => setForgotPassword(false)} />
                ) : (
                  <LoginForm onForgotPassword={() => setForgotPassword(true)} />
                )}
              </CardContent>
            ) : null}
          </div>
        ))}
      </Card>
    </>
  );
}
