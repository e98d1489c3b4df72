// One-click filters above the list: the agent's tags (GET /api/tags) and their saved segments that the list can show
// (a tag, a search, or both).
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
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
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      role="group"
      aria-label="Filter by tag"
      sx={{ flexWrap: 'wrap', px: 2, pb: 1 }}
    >
      {segments.map((segment) => {
        const active = (segment.filter.tag ?? '').toLowerCase() === (folded ?? '') && (segment.filter.q ?? '') === q;
        return (
          <Chip
            key={segment.id}
            label={`${segment.name} (${segment.count})`}
            color={active ? 'secondary' : 'default'}
            variant={active ? 'filled' : 'outlined'}
            aria-pressed={active}
            onClick={() => onFilter(active ? {} : { tag: segment.filter.tag, q: segment.filter.q })}
          />
        );
      })}
      {tags.map((each) => {
        const active = each.name.toLowerCase() === folded;
        return (
          <Chip
            key={each.name}
            label={`${each.name} (${each.count})`}
            color={active ? 'primary' : 'default'}
            variant={active ? 'filled' : 'outlined'}
            aria-pressed={active}
            onClick={() => onFilter(active ? {} : { tag: each.name })}
          />
        );
      })}
    </Stack>
  );
}
