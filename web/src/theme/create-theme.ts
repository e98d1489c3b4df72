// The app's look in one place: a calm deep-teal primary, a warm terracotta accent, system fonts.
import { alpha, createTheme as createMuiTheme, type Theme } from '@mui/material/styles';
import type { CSSProperties } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@shared/constants';

// Two variants for text in the secondary colour, the most common style in the app: `lead` (body1's size)
// under a page's or a panel's heading, `muted` (body2's) for hints, counts and details.
declare module '@mui/material/styles' {
  interface TypographyVariants {
    lead: CSSProperties;
    muted: CSSProperties;
  }
  interface TypographyVariantsOptions {
    lead?: CSSProperties;
    muted?: CSSProperties;
  }
}
declare module '@mui/material/Typography' {
  interface TypographyPropsVariantOverrides {
    lead: true;
    muted: true;
  }
}

const fontFamily = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  'sans-serif',
  '"Apple Color Emoji"',
  '"Segoe UI Emoji"',
].join(', ');

export const brand = {
  teal: '#0E6B6B',
  tealDark: '#0B4A4C',
  tealLight: '#3D8C8A',
  tealTint: '#E7F1F0',
  terracotta: '#B4532A',
  terracottaDark: '#9A3F17',
  terracottaLight: '#E08E63',
  heart: '#E76F51',
  ink: '#1B2528',
  muted: '#51606A',
  canvas: '#F7F6F3',
} as const;

type ThemeOptions = {
  /** Tests only: no transitions and no ripple, so dialogs and menus open and close at once in jsdom. */
  motion?: boolean;
};

const noMotion = {
  transitions: {
    create: () => 'none',
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
  components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
};

export function createTheme({ motion = true }: ThemeOptions = {}): Theme {
  const theme = createMuiTheme({
    // md is the SPEC's mobile breakpoint (768 px): below it the navigation collapses.
    breakpoints: { values: { xs: 0, sm: 600, md: MOBILE_BREAKPOINT_PX, lg: 1024, xl: 1280 } },
    palette: {
      mode: 'light',
      primary: { main: brand.teal, dark: brand.tealDark, light: brand.tealLight, contrastText: '#FFFFFF' },
      secondary: {
        main: brand.terracotta,
        dark: brand.terracottaDark,
        light: brand.terracottaLight,
        contrastText: '#FFFFFF',
      },
      error: { main: '#B42318', dark: '#912018', light: '#FEE4E2', contrastText: '#FFFFFF' },
      success: { main: '#067647', dark: '#05603A', light: '#DCFAE6', contrastText: '#FFFFFF' },
      warning: { main: '#B54708', dark: '#93370D', light: '#FEF0C7', contrastText: '#FFFFFF' },
      info: { main: '#175CD3', dark: '#1849A9', light: '#D1E9FF', contrastText: '#FFFFFF' },
      background: { default: brand.canvas, paper: '#FFFFFF' },
      text: { primary: brand.ink, secondary: brand.muted },
      divider: alpha(brand.ink, 0.12),
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily,
      h1: { fontSize: '2rem', fontWeight: 700, lineHeight: 1.2, letterSpacing: '-0.02em' },
      h2: { fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.25, letterSpacing: '-0.01em' },
      h3: { fontSize: '1.125rem', fontWeight: 650, lineHeight: 1.35 },
      h4: { fontSize: '1rem', fontWeight: 650, lineHeight: 1.4 },
      h5: { fontSize: '1rem', fontWeight: 600 },
      h6: { fontSize: '0.95rem', fontWeight: 600 },
      subtitle1: { fontSize: '1rem', lineHeight: 1.5, fontWeight: 500 },
      body1: { fontSize: '1rem', lineHeight: 1.6 },
      body2: { fontSize: '0.875rem', lineHeight: 1.55 },
      button: { fontWeight: 600, textTransform: 'none', letterSpacing: 0 },
      overline: { fontWeight: 700, letterSpacing: '0.08em' },
    },
  });

  const focusRing = { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 };
  const softShadow = `0 1px 2px ${alpha(brand.ink, 0.06)}, 0 12px 32px -16px ${alpha(brand.ink, 0.18)}`;

  return createMuiTheme(theme, motion ? {} : noMotion, {
    typography: {
      lead: { ...theme.typography.body1, color: theme.palette.text.secondary },
      muted: { ...theme.typography.body2, color: theme.palette.text.secondary },
    },
    components: {
      // Paragraphs, as body1 and body2 are.
      MuiTypography: { defaultProps: { variantMapping: { lead: 'p', muted: 'p' } } },
      MuiCssBaseline: {
        styleOverrides: {
          html: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale' },
          body: { minHeight: '100vh' },
          '#root': { minHeight: '100vh' },
          '.Mui-focusVisible, a:focus-visible, [tabindex="-1"]:focus-visible': focusRing,
          '@media (prefers-reduced-motion: reduce)': {
            '*, *::before, *::after': {
              animationDuration: '0.01ms !important',
              transitionDuration: '0.01ms !important',
            },
          },
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          root: { borderRadius: 10, paddingInline: 18 },
          sizeLarge: { minHeight: 48, fontSize: '1rem' },
          contained: { '&.Mui-disabled': { backgroundColor: alpha(brand.ink, 0.12), color: alpha(brand.ink, 0.45) } },
        },
      },
      MuiIconButton: { styleOverrides: { root: { borderRadius: 10 } } },
      // Every dialog's title: one size and weight, set here rather than on each dialog.
      MuiDialogTitle: { styleOverrides: { root: { fontSize: '1.25rem', fontWeight: 700 } } },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: {
          root: { border: `1px solid ${theme.palette.divider}`, boxShadow: softShadow, borderRadius: 16 },
        },
      },
      MuiCardContent: {
        styleOverrides: { root: { padding: theme.spacing(3), '&:last-child': { paddingBottom: theme.spacing(3) } } },
      },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
      MuiTextField: { defaultProps: { fullWidth: true, variant: 'outlined' } },
      MuiOutlinedInput: {
        styleOverrides: {
          root: {
            backgroundColor: '#FFFFFF',
            borderRadius: 10,
            '&:hover:not(.Mui-focused):not(.Mui-error) .MuiOutlinedInput-notchedOutline': {
              borderColor: alpha(brand.ink, 0.4),
            },
          },
          notchedOutline: { borderColor: alpha(brand.ink, 0.28) },
        },
      },
      MuiFormHelperText: { styleOverrides: { root: { marginInline: 2 } } },
      MuiTabs: {
        styleOverrides: {
          root: { minHeight: 44 },
          indicator: { height: 3, borderRadius: 3 },
        },
      },
      MuiTab: {
        styleOverrides: {
          root: { minHeight: 44, fontSize: '0.95rem', fontWeight: 600, textTransform: 'none', color: brand.muted },
        },
      },
      MuiAppBar: {
        defaultProps: { elevation: 0, color: 'inherit' },
        styleOverrides: {
          root: {
            backgroundColor: alpha('#FFFFFF', 0.92),
            backdropFilter: 'saturate(180%) blur(8px)',
            borderBottom: `1px solid ${theme.palette.divider}`,
          },
        },
      },
      MuiLink: { defaultProps: { underline: 'hover' }, styleOverrides: { root: { fontWeight: 600 } } },
      MuiMenuItem: { styleOverrides: { root: { minHeight: 44 } } },
      MuiMenu: {
        styleOverrides: {
          paper: { boxShadow: softShadow, border: `1px solid ${theme.palette.divider}`, minWidth: 220 },
        },
      },
    },
  });
}
