// Everything the app runs inside: theme, baseline CSS, SWR defaults and the toasts.
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { ToastProvider } from '../components/ui/toast/toast-provider';
import { swrConfig } from '../lib/swr';
import { createTheme } from '../theme/create-theme';

const appTheme = createTheme();

type AppProviderProps = {
  children: ReactNode;
  /** Tests pass a theme without motion. */
  theme?: Theme;
};

export function AppProvider({ children, theme = appTheme }: AppProviderProps) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SWRConfig value={swrConfig}>
        <ToastProvider>{children}</ToastProvider>
      </SWRConfig>
    </ThemeProvider>
  );
}
