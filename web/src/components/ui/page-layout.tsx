// A page's frame inside the app: the document title, one h1 with an optional description, the body.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { pageTitle } from '@/config/app';

type PageLayoutProps = {
  /** The page's name: the browser tab title and, unless `heading` is given, the h1. */
  title: string;
  heading?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
};

export function PageLayout({ title, heading, description, actions, children }: PageLayoutProps) {
  return (
    <>
      <title>{pageTitle(title)}</title>
      <PageHeader heading={heading ?? title} description={description} actions={actions} />
      {children}
    </>
  );
}

type PageHeaderProps = {
  heading: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
};

/** The h1, its description and the page's actions: the page's, and the frame's while the user loads. */
export function PageHeader({ heading, description, actions }: PageHeaderProps) {
  return (
    <Box
      component="header"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-end',
        justifyContent: 'space-between',
        gap: 2,
        mb: { xs: 3, md: 4 },
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
          {heading}
        </Typography>
        {description ? (
          <Typography variant="lead" sx={{ mt: 1 }}>
            {description}
          </Typography>
        ) : null}
      </Box>
      {actions ? <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>{actions}</Box> : null}
    </Box>
  );
}
