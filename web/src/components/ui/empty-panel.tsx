// A message in place of content, centred in a card: an icon, a heading, a line of text and what to
// do next (no clients yet, no search matches, an admin page for a non-admin).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { IconBadge } from './icon-badge';
import { LinkButton } from './link-button';

type EmptyPanelProps = {
  icon: ReactNode;
  tone?: 'primary' | 'error';
  title: string;
  /** 2 (default) in a page that has its own h1; 1 when the panel is all the page shows. */
  headingLevel?: 1 | 2;
  titleId?: string;
  children: ReactNode;
} & (
  | { actions: ReactNode }
  /** The one way on, a contained link (the buttons of `actions` in its place). */
  | { link: { label: string; to: string } }
);

export function EmptyPanel({
  icon,
  tone = 'primary',
  title,
  headingLevel = 2,
  titleId,
  children,
  ...next
}: EmptyPanelProps) {
  return (
    <Box sx={{ px: { xs: 3, sm: 5 }, py: { xs: 5, sm: 7 }, textAlign: 'center', maxWidth: 540, mx: 'auto' }}>
      <IconBadge size={64} tone={tone} sx={{ mx: 'auto', mb: 2.5 }}>
        {icon}
      </IconBadge>
      <Typography id={titleId} component={headingLevel === 1 ? 'h1' : 'h2'} variant={headingLevel === 1 ? 'h2' : 'h3'}>
        {title}
      </Typography>
      <Typography variant="lead" sx={{ mt: 1 }}>
        {children}
      </Typography>
      <Box sx={{ mt: 3, display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
        {'link' in next ? (
          <LinkButton to={next.link.to} variant="contained">
            {next.link.label}
          </LinkButton>
        ) : (
          next.actions
        )}
      </Box>
    </Box>
  );
}
