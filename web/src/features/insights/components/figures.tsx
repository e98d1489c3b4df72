// The small pieces the Insights cards share: a figure tile, a rate with its bar, and text only
// screen readers get (where the picture says it to the eye).
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { VISUALLY_HIDDEN } from '@/components/ui/visually-hidden';
import { percentText } from '../insights-text';

export { VISUALLY_HIDDEN };

/** Words for screen readers only. */
export function ScreenReaderText({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={VISUALLY_HIDDEN}>
      {children}
    </Box>
  );
}

/** '→' to the eye, ' to ' to a screen reader ('12 requested to 5 submitted'). */
export function FunnelArrow() {
  return (
    <>
      <ArrowForwardRounded
        aria-hidden="true"
        sx={{ color: 'text.secondary', mx: 0.75, fontSize: '1.25rem', verticalAlign: 'middle' }}
      />
      <ScreenReaderText> to </ScreenReaderText>
    </>
  );
}

/** A list of figures (a `dl`), as many tiles in a row as fit. */
export function FigureList({
  label,
  minWidth = 120,
  children,
}: {
  label: string;
  minWidth?: number;
  children: ReactNode;
}) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: `repeat(auto-fit, minmax(min(100%, ${minWidth}px), 1fr))`,
      }}
    >
      {children}
    </Box>
  );
}

type FigureProps = {
  label: string;
  value: number;
  /** A line under the number. */
  detail?: ReactNode;
  /** A colour down the tile's left side, where the figure has one in a chart. */
  accent?: string;
};

export function Figure({ label, value, detail, accent }: FigureProps) {
  return (
    <Box
      sx={{
        p: 1.5,
        borderRadius: 2,
        bgcolor: 'background.default',
        borderLeft: accent ? `4px solid ${accent}` : undefined,
        minWidth: 0,
      }}
    >
      <Typography component="dt" variant="muted">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontSize: '1.5rem', fontWeight: 750, lineHeight: 1.3 }}>
        {value.toLocaleString('en-US')}
      </Typography>
      {detail ? (
        <Typography component="dd" variant="muted" sx={{ m: 0 }}>
          {detail}
        </Typography>
      ) : null}
    </Box>
  );
}

/** A rate as a bar and words: '75% messaged', or '— messaged' when there was nothing to count. */
export function RateLine({ rate, word }: { rate: number | null; word: string }) {
  return (
    <Box sx={{ display: 'grid', gap: 0.75 }}>
      <LinearProgress
        aria-hidden="true"
        variant="determinate"
        value={rate === null ? 0 : Math.min(100, Math.max(0, rate * 100))}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography variant="muted" sx={{ '& strong': { fontWeight: 700, color: 'text.primary' } }}>
        {rate === null ? (
          <>
            <span aria-hidden="true">
              <strong>—</strong> {word}
            </span>
            <ScreenReaderText>{word}: nothing to count yet</ScreenReaderText>
          </>
        ) : (
          <>
            <strong>{percentText(rate)}</strong> {word}
          </>
        )}
      </Typography>
    </Box>
  );
}

/** The headline of a card: big numbers with their words in between. */
export function Headline({ children }: { children: ReactNode }) {
  return (
    <Typography
      component="p"
      sx={{
        fontSize: '1.125rem',
        lineHeight: 1.4,
        overflowWrap: 'anywhere',
        '& strong': { fontSize: '1.75rem', fontWeight: 750, letterSpacing: '-0.01em' },
      }}
    >
      {children}
    </Typography>
  );
}

/** One bar of a chart: its label, the bar the card draws, and its number, in the columns the card sizes. */
export function BarRow({
  columns,
  label,
  value,
  children,
}: {
  columns: string;
  label: ReactNode;
  value: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: columns, alignItems: 'center', gap: 1 }}>
      <Typography variant="muted" sx={{ whiteSpace: 'nowrap' }}>
        {label}
      </Typography>
      {children}
      <Typography variant="body2" sx={{ fontWeight: 650, textAlign: 'right', whiteSpace: 'nowrap' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** The empty track a bar fills, as wide as its column. */
export function BarTrack({ children }: { children: ReactNode }) {
  return <Box sx={{ height: 14, borderRadius: 1, bgcolor: 'background.default', overflow: 'hidden' }}>{children}</Box>;
}

/** An entry of a list of people, laid out in a wrapping row, a rule between it and the one above. */
export function ListEntry({ sx, children }: { sx: SxProps<Theme>; children: ReactNode }) {
  return (
    <Box
      component="li"
      sx={[
        {
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          borderTop: 1,
          borderColor: 'divider',
          '&:first-of-type': { borderTop: 0, pt: 0 },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}

/** A legend entry: a swatch of the fill and what it stands for. */
export function LegendItem({ label, fill }: { label: string; fill: string | ((theme: Theme) => string) }) {
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box sx={{ width: 14, height: 14, borderRadius: 0.5, background: fill, flexShrink: 0 }} />
      <Typography variant="muted">{label}</Typography>
    </Box>
  );
}

type ScreenReaderTableProps = {
  caption: string;
  /** The column headings, the rows' own heading first. */
  columns: string[];
  rows: ReadonlyArray<{ key: string; heading: ReactNode; cells: ReactNode[] }>;
};

/** The numbers behind a chart, as a table for screen readers. */
export function ScreenReaderTable({ caption, columns, rows }: ScreenReaderTableProps) {
  return (
    // A table is as wide as its cells whatever its own width says: the box around it clips it.
    <Box sx={VISUALLY_HIDDEN}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.heading}</th>
              {row.cells.map((cell, index) => (
                <td key={columns[index + 1]}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}
