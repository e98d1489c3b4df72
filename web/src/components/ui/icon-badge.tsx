// An icon in a round badge beside or above a heading. It only decorates: the text next to it says
// what it means, so assistive technology skips it.
import Box from '@mui/material/Box';
import { alpha, type SxProps, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

type Tone = 'primary' | 'secondary' | 'error';

type IconBadgeProps = {
  size: number;
  tone?: Tone;
  /**
   * tint (default): the tone's colour on a faint wash of it; light: on the palette's light shade; solid: white on the
   * tone.
   */
  variant?: 'tint' | 'light' | 'solid';
  sx?: SxProps<Theme>;
  children: ReactNode;
};

/** The terracotta needs a little more wash than the other tones to read as tinted. */
const TINT: Record<Tone, number> = { primary: 0.1, secondary: 0.12, error: 0.1 };

function colours(theme: Theme, tone: Tone, variant: NonNullable<IconBadgeProps['variant']>) {
  if (variant === 'solid') return { color: `${tone}.contrastText`, bgcolor: `${tone}.main` };
  if (variant === 'light') return { color: `${tone}.main`, bgcolor: `${tone}.light` };
  return { color: `${tone}.main`, bgcolor: alpha(theme.palette[tone].main, TINT[tone]) };
}

export function IconBadge({ size, tone = 'primary', variant = 'tint', sx, children }: IconBadgeProps) {
  return (
    <Box
      aria-hidden="true"
      sx={[
        (theme) => ({
          width: size,
          height: size,
          flexShrink: 0,
          borderRadius: '50%',
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
