// One-click filters above the list: the agent's tags (GET /api/tags) and their saved segments that the list can show
// (a tag, a search, or both).
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { Segment } from '@shared/api-types';
import { useSegments, useTags } from '../api/bulk-actions';

type TagFilterProps = {
  tag: string | undefined;
  q: string;
  onFilter: (filter: { tag?: string; q?: string }) => void;
};

export function TagFilter({ tag, q, onFilter }: TagFilterProps) {
  const tags = useTags().data?.tags ?? [];
  const segments = (useSegments().data?.segments ?? []).filter(
    (segment) => segment.filter.notContactedDays === undefined && segment.filter.dueForCheckIn === undefined,
  );
  if (tags.length === 0 && segments.length === 0) return null;
  const folded = tag?.toLowerCase();
  const segmentShown = (segment: Segment) =>
    (segment.filter.tag ?? '').toLowerCase() === (folded ?? '') && (segment.filter.q ?? '') === q;
  // The saved segments first, then the tags.
  const chips = [
    ...segments.map((s) => chip(s.id, s, 'secondary', segmentShown(s), { tag: s.filter.tag, q: s.filter.q })),
    ...tags.map((t) => chip(t.name, t, 'primary', t.name.toLowerCase() === folded, { tag: t.name })),
  ];
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      role="group"
      aria-label="Filter by tag"
      sx={{ flexWrap: 'wrap', px: 2, pb: 1 }}
    >
      {chips.map(({ key, active, filter, ...look }) => (
        <FilterChip key={key} {...look} active={active} onClick={() => onFilter(active ? {} : filter)} />
      ))}
    </Stack>
  );
}

type Filter = Parameters<TagFilterProps['onFilter']>[0];

/** A chip's key and look, and the filter it applies (or clears, when it is the one the list shows: `active`). */
function chip(key: string, group: FilterChipProps['group'], color: Color, active: boolean, filter: Filter) {
  return { key, group, color, active, filter };
}

type Color = FilterChipProps['color'];

type FilterChipProps = {
  /** A tag or a saved segment, and how many clients it holds. */
  group: { name: string; count: number };
  /** The list shows this group now. */
  active: boolean;
  color: 'primary' | 'secondary';
  onClick: () => void;
};

function FilterChip({ group, active, color, onClick }: FilterChipProps) {
  return (
    <Chip
      label={`${group.name} (${group.count})`}
      color={active ? color : 'default'}
      variant={active ? 'filled' : 'outlined'}
      aria-pressed={active}
      onClick={onClick}
    />
  );
}
