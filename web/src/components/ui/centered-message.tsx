// The whole content of a CenteredLayout card when there is nothing else to show (a broken link, an
// unknown page): an icon, the page's h1, a few lines and the one way on.
import LinkOffRounded from '@mui/icons-material/LinkOffRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LinkButton } from './link-button';
import { IconBadge } from './icon-badge';

export type CenteredMessageProps = {
  icon: ReactNode;
  /** error: a light red badge (the link is broken); primary: a solid brand badge. */
  tone: 'error' | 'primary';
  title: string;
  lines: readonly string[];
  /** A link on (with router `state` when the next page needs it), or a button that acts on this page. */
  action: { label: string; to: string; state?: unknown } | { label: string; onClick: () => void; disabled?: boolean };
};

const ACTION_LOOK = { variant: 'contained', size: 'large', fullWidth: true, sx: { mt: 3 } } as const;

export function CenteredMessage({ icon, tone, title, lines, action }: CenteredMessageProps) {
  return (
    <CenteredNotice icon={icon} tone={tone} badge={tone === 'error' ? 'light' : 'solid'} title={title}>
      {lines.map((line) => (
        <Typography variant="lead" key={line} sx={{ mt: 1.5 }}>
          {line}
        </Typography>
      ))}
      {'to' in action ? (
        <LinkButton to={action.to} state={action.state} {...ACTION_LOOK}>
          {action.label}
        </LinkButton>
      ) : (
        <Button onClick={action.onClick} disabled={action.disabled} {...ACTION_LOOK}>
          {action.label}
        </Button>
      )}
    </CenteredNotice>
  );
}

type CenteredNoticeProps = Pick<CenteredMessageProps, 'icon' | 'tone'> & {
  badge: 'tint' | 'light' | 'solid';
  title: ReactNode;
  /** What the page says and offers under its h1. */
  children: ReactNode;
};

/** A CenteredLayout card's content: an icon on its badge, the page's h1, and what follows. */
export function CenteredNotice({ icon, tone, badge, title, children }: CenteredNoticeProps) {
  return (
    <Box sx={{ textAlign: 'center' }}>
      <IconBadge size={56} tone={tone} variant={badge} sx={{ mx: 'auto', mb: 2 }}>
        {icon}
      </IconBadge>
      <Typography variant="h1" sx={{ fontSize: '1.75rem' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** What a link that cannot work (unknown, used or expired) shows: the broken-link icon on the light error badge. */
export function BrokenLinkMessage(props: Omit<CenteredMessageProps, 'icon' | 'tone'>) {
  return <CenteredMessage icon={<LinkOffRounded />} tone="error" {...props} />;
}
