// /insights while the figures load: the board's cards as grey shapes.
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { BOARD_COLUMNS, SPAN } from './insights-board';

export function InsightsSkeleton() {
  return (
    <Box
      aria-busy="true"
      aria-label="Loading insights"
      role="status"
      sx={{ display: 'grid', gap: 3, gridTemplateColumns: BOARD_COLUMNS }}
    >
      <Skeleton variant="rounded" height={420} sx={SPAN.whole} />
      {[0, 1, 2, 3].map((card) => (
        <Skeleton key={card} variant="rounded" height={200} sx={SPAN.half} />
      ))}
      <Skeleton variant="rounded" height={320} sx={SPAN.wide} />
      <Skeleton variant="rounded" height={320} sx={SPAN.narrow} />
    </Box>
  );
}
