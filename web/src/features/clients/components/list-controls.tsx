// The clients list's controls: the order (sort and direction) above it, the pager below it. Native
// selects with visible labels, styled like the small outlined fields (a MUI TextField here doubled
// the cost of every query in the page's jsdom tests).
import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, type ChangeEvent, type ReactNode } from 'react';
import type { ClientSort, SortOrder } from '@shared/api-types';
import { VISUALLY_HIDDEN } from '@/components/ui/visually-hidden';
import { ORDER_LABELS, PAGE_SIZES, SORT_LABELS } from '../utils/client-list-view';

/** The sorts in the order the select offers them. */
const SORTS = Object.keys(SORT_LABELS) as ClientSort[];

type NativeSelectProps = {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  'aria-label'?: string;
  'aria-describedby'?: string;
  children: ReactNode;
};

function NativeSelect({ onChange, ...props }: NativeSelectProps) {
  return (
    <Box
      component="select"
      {...props}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}
      sx={{
        font: 'inherit',
        fontSize: '0.875rem',
        color: 'text.primary',
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        px: 1,
        py: 0.75,
        minHeight: 36,
        maxWidth: '100%',
        cursor: 'pointer',
        '&:hover:not(:disabled)': { borderColor: 'text.secondary' },
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 1 },
        '&:disabled': { cursor: 'default', color: 'text.disabled' },
      }}
    />
  );
}

type SortControlsProps = {
  sort: ClientSort;
  order: SortOrder;
  onSortChange: (sort: ClientSort) => void;
  onOrderChange: (order: SortOrder) => void;
  /** While searching, results come by the matching word: the order does not apply. */
  searching: boolean;
};

export function SortControls({ sort, order, onSortChange, onOrderChange, searching }: SortControlsProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const describedBy = searching ? noteId : undefined;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      <Box component="label" htmlFor={id} sx={{ typography: 'muted', whiteSpace: 'nowrap' }}>
        Sort by
      </Box>
      <NativeSelect
        id={id}
        value={sort}
        onChange={(value) => onSortChange(value as ClientSort)}
        disabled={searching}
        aria-describedby={describedBy}
      >
        {SORTS.map((option) => (
          <option key={option} value={option}>
            {SORT_LABELS[option]}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        value={order}
        onChange={(value) => onOrderChange(value as SortOrder)}
        disabled={searching}
        aria-label="Order"
        aria-describedby={describedBy}
      >
        {Object.entries(ORDER_LABELS[sort]).map(([option, label]) => (
          <option key={option} value={option}>
            {label}
          </option>
        ))}
      </NativeSelect>
      {searching ? (
        <Box id={noteId} sx={VISUALLY_HIDDEN}>
          Search results are listed by the word that matched
        </Box>
      ) : null}
    </Box>
  );
}

type ClientsPagerProps = {
  limit: number;
  onLimitChange: (limit: number) => void;
  /** "26–50 of 120", when the pages before this one are known. */
  range: { from: number; to: number; total: number } | null;
  hasPrevious: boolean;
  /** Previous goes one page back; otherwise the button goes to the first page. */
  knowsPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  /** Offer the page sizes (phones leave them out for room). */
  showPageSizes: boolean;
  /** A page is loading: the buttons wait for it. */
  busy: boolean;
};

export function ClientsPager({
  limit,
  onLimitChange,
  range,
  hasPrevious,
  knowsPrevious,
  hasNext,
  onPrevious,
  onNext,
  showPageSizes,
  busy,
}: ClientsPagerProps) {
  const id = useId();
  return (
    <Box
      component="nav"
      aria-label="Pages of clients"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'flex-end',
        flexWrap: 'wrap',
        columnGap: 2,
        rowGap: 1,
        px: { xs: 2, md: 2.5 },
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      {showPageSizes ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: 'auto' }}>
          <Box component="label" htmlFor={id} sx={{ typography: 'muted', whiteSpace: 'nowrap' }}>
            Rows per page
          </Box>
          <NativeSelect id={id} value={String(limit)} onChange={(value) => onLimitChange(Number(value))}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect>
        </Box>
      ) : null}
      {range ? (
        <Typography variant="muted" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {rangeText(range)}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<ChevronLeftRounded />}
          onClick={onPrevious}
          disabled={!hasPrevious || busy}
        >
          {hasPrevious && !knowsPrevious ? 'First page' : 'Previous'}
        </Button>
        <Button
          size="small"
          variant="outlined"
          endIcon={<ChevronRightRounded />}
          onClick={onNext}
          disabled={!hasNext || busy}
        >
          Next
        </Button>
      </Box>
    </Box>
  );
}

/** '26–50 of 120', or '121 of 121' for a page of one. */
export function rangeText({ from, to, total }: { from: number; to: number; total: number }): string {
  const shown =
    from === to ? from.toLocaleString('en-US') : `${from.toLocaleString('en-US')}–${to.toLocaleString('en-US')}`;
  return `${shown} of ${total.toLocaleString('en-US')}`;
}
