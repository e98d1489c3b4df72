// The router's error screen: a page that crashed or a code chunk that failed to load (often after
// a deploy), with a reload that fixes the latter.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { pageTitle } from '@/config/app';

export function RouteError() {
  const error = useRouteError();

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', px: 2, textAlign: 'center' }}
    >
      <title>{pageTitle('Something went wrong')}</title>
      <Box sx={{ maxWidth: 440 }}>
        <Typography variant="h1" sx={{ fontSize: '1.75rem' }}>
          Something went wrong
        </Typography>
        <Typography variant="lead" sx={{ mt: 1.5 }}>
          This page could not be shown. Reloading usually fixes it; if it doesn&apos;t, please try again in a few
          minutes.
        </Typography>
        <Button variant="contained" sx={{ mt: 3 }} onClick={() => window.location.reload()}>
          Reload page
        </Button>
      </Box>
    </Box>
  );
}
