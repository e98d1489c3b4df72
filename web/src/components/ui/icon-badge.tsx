// An icon in a badge beside or above a heading, or at the start of a row: round, or a tile with rounded corners. It
// only decorates: the text next to it says what it means, so assistive technology skips it.
import Box from '@mui/material/Box';
import { alpha, type SxProps, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

type Tone = 'primary' | 'secondary' | 'error' | 'success' | 'info';

type IconBadgeProps = {
  size: number;
  /** A tone of the palette, or a colour of the badge's own (a reminder's kind). */
  tone?: Tone | ((theme: Theme) => string);
  /**
   * tint (default): the tone's colour on a faint wash of it; light: on the palette's light shade; solid: white on the
   * tone.
   */
  variant?: 'tint' | 'light' | 'solid';
  /** round (default), or a tile with rounded corners. */
  shape?: 'round' | 'tile';
  sx?: SxProps<Theme>;
  children: ReactNode;
};

/** The terracotta needs a little more wash than the other tones to read as tinted; so do colours of a badge's own. */
const TINT: Record<Tone, number> = { primary: 0.1, secondary: 0.12, error: 0.1, success: 0.1, info: 0.1 };
const OWN_COLOUR_TINT = 0.12;

function colours(theme: Theme, tone: NonNullable<IconBadgeProps['tone']>, variant: IconBadgeProps['variant']) {
  if (typeof tone === 'function') return { color: tone(theme), bgcolor: alpha(tone(theme), OWN_COLOUR_TINT) };
  if (variant === 'solid') return { color: `${tone}.contrastText`, bgcolor: `${tone}.main` };
  if (variant === 'light') return { color: `${tone}.main`, bgcolor: `${tone}.light` };
  return { color: `${tone}.main`, bgcolor: alpha(theme.palette[tone].main, TINT[tone]) };
}

export function IconBadge({ size, tone = 'primary', variant = 'tint', shape = 'round', sx, children }: IconBadgeProps) {
  return (
    <Box
      aria-hidden="true"
      sx={[
        (theme) => ({
          width: size,
          height: size,
          flexShrink: 0,
          borderRadius: shape === 'round' ? '50%' : `${Math.round(size * 0.29)}px`,
          display: 'grid',
          placeItems: 'center',
          ...colours(theme, tone, variant),
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
