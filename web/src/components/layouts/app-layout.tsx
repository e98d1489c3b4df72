// The signed-in frame: a skip link, the navigation (a column at the left from 600 px up; a top bar
// and a bottom bar below, the page keeping room under its content for the latter) and the main
// column. The page keeps its vertical scrollbar (where scrollbars take room) even while it is shorter
// than the window, so the frame does not shift sideways when the page's content arrives (MUI's
// modals allow for it).
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import GlobalStyles from '@mui/material/GlobalStyles';
import { useRef, type ReactNode } from 'react';
import { BOTTOM_BAR_HEIGHT } from './navigation-bottom-bar';

type AppLayoutProps = {
  navigation: ReactNode;
  children: ReactNode;
};

export function AppLayout({ navigation, children }: AppLayoutProps) {
  const mainRef = useRef<HTMLElement>(null);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: { xs: 'column', sm: 'row' } }}>
      <GlobalStyles styles={{ html: { overflowY: 'scroll' } }} />
      <Box
        component="a"
        href="#main-content"
        onClick={(event) => {
          event.preventDefault();
          mainRef.current?.focus();
        }}
        sx={(theme) => ({
          position: 'absolute',
          left: theme.spacing(2),
          top: theme.spacing(-8),
          zIndex: theme.zIndex.appBar + 1,
          px: 2,
          py: 1,
          borderRadius: 2,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          fontWeight: 600,
          textDecoration: 'none',
          '&:focus': { top: theme.spacing(1.5) },
        })}
      >
        Skip to main content
      </Box>
      {navigation}
      <Box
        component="main"
        id="main-content"
        ref={mainRef}
        tabIndex={-1}
        sx={{
          flex: 1,
          minWidth: 0,
          pb: { xs: `calc(${BOTTOM_BAR_HEIGHT}px + env(safe-area-inset-bottom))`, sm: 0 },
          '&:focus': { outline: 'none' },
        }}
      >
        <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
          {children}
        </Container>
      </Box>
    </Box>
  );
}
