// A list without bullets or indent: the semantics of <ul> (or <ol>) for screen readers, the look
// left to the items. `gap` lays the items out as a grid with that spacing.
import Box, { type BoxProps } from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

type PlainListProps = Omit<BoxProps<'ul'>, 'component'> & {
  /** A numbered sequence (<ol>), such as a thread or a queue. */
  ordered?: boolean;
  gap?: number;
};

const RESET = { listStyle: 'none', m: 0, p: 0 } as const;

export function PlainList({ ordered = false, gap, sx, ...props }: PlainListProps) {
  const styles: SxProps<Theme> = [
    RESET,
    gap === undefined ? {} : { display: 'grid', gap },
    ...(Array.isArray(sx) ? sx : [sx]),
  ];
  return <Box component={ordered ? 'ol' : 'ul'} sx={styles} {...props} />;
}
