// The Hearthside mark (a house with a heart inside) and the wordmark beside it.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { APP_NAME } from '@/config/app';
import { brand } from '@/theme/create-theme';

type LogoMarkProps = {
  size?: number;
  /** On a dark background the tile turns white and the house teal. */
  inverted?: boolean;
};

export function LogoMark({ size = 32, inverted = false }: LogoMarkProps) {
  const tile = inverted ? '#FFFFFF' : brand.teal;
  const house = inverted ? brand.teal : '#FFFFFF';
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      sx={{ flexShrink: 0, display: 'block' }}
    >
      <rect width="64" height="64" rx="14" fill={tile} />
      <path
        d="M32 12 8 32h6v18a3 3 0 0 0 3 3h30a3 3 0 0 0 3-3V32h6L32 12Z"
        fill={house}
        stroke={house}
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path
        transform="translate(22.4 30.6) scale(0.8)"
        fill={brand.heart}
        d="M12 21.35l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54L12 21.35z"
      />
    </Box>
  );
}

type LogoProps = LogoMarkProps & {
  /** When the name shows, by breakpoint (the navigation bar keeps only the mark where its links need the room). */
  wordmarkDisplay?: Record<string, string>;
};

export function Logo({ size = 32, inverted = false, wordmarkDisplay }: LogoProps) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}>
      <LogoMark size={size} inverted={inverted} />
      <Typography
        component="span"
        sx={{
          fontWeight: 750,
          fontSize: size >= 40 ? '1.375rem' : '1.125rem',
          letterSpacing: '-0.01em',
          color: inverted ? '#FFFFFF' : 'text.primary',
          ...(wordmarkDisplay ? { display: wordmarkDisplay } : {}),
        }}
      >
        {APP_NAME}
      </Typography>
    </Box>
  );
}
