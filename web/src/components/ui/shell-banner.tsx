// A notice at the top of the signed-in layout (an unverified e-mail, paused sending, a Google sync that needs the
// agent): a named region with the text and one action beside it, stacked on a phone.
import Alert, { type AlertProps } from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type ShellBannerProps = {
  /** The region's accessible name. */
  label: string;
  severity: AlertProps['severity'];
  icon: ReactNode;
  action: ReactNode;
  children: ReactNode;
};

export function ShellBanner({ label, severity, icon, action, children }: ShellBannerProps) {
  return (
    <Alert
      severity={severity}
      icon={icon}
      role="region"
      aria-label={label}
      sx={{ mb: 3, '& .MuiAlert-message': { width: '100%' } }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
      >
        {/* A long address wraps anywhere rather than pushing the text out of a phone's width. */}
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {children}
        </Typography>
        {action}
      </Stack>
    </Alert>
  );
}
