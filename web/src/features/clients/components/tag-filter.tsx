// One-click filters above the list: the agent's saved segments that the list can show (a tag, a search, or both), each
// with its menu to rename or delete it, then their tags (GET /api/tags); and "Save as segment" while the list shows a
// filter no segment holds yet.
import BookmarkAddOutlined from '@mui/icons-material/BookmarkAddOutlined';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import type { ClientFilter, Segment } from '@shared/api-types';
import { useSegments, useTags } from '../api/bulk-actions';
import { DeleteSegmentDialog, RenameSegmentDialog, SaveSegmentDialog } from './segment-dialogs';

type TagFilterProps = {
  tag: string | undefined;
  q: string;
  /** How many clients the list's filter holds now (the save dialog says it). */
  matching: number;
  onFilter: (filter: { tag?: string; q?: string }) => void;
};

/** A dialog of the segments, open. */
type SegmentDialog = { kind: 'save' } | { kind: 'rename' | 'delete'; segment: Segment } | null;

export function TagFilter({ tag, q, matching, onFilter }: TagFilterProps) {
  const tags = useTags().data?.tags ?? [];
  const segments = (useSegments().data?.segments ?? []).filter(
    (segment) => segment.filter.notContactedDays === undefined && segment.filter.dueForCheckIn === undefined,
  );
  const [dialog, setDialog] = useState<SegmentDialog>(null);
  const folded = tag?.toLowerCase();
  const segmentShown = (segment: Segment) =>
    (segment.filter.tag ?? '').toLowerCase() === (folded ?? '') && (segment.filter.q ?? '') === q;
  // The list's filter, when it shows one that no segment holds yet: it can be saved.
  const unsaved: ClientFilter | null =
    (tag || q) && !segments.some(segmentShown) ? { ...(tag ? { tag } : {}), ...(q ? { q } : {}) } : null;
  const closeDialog = () => setDialog(null);

  if (tags.length === 0 && segments.length === 0 && !unsaved) return null;
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      role="group"
      aria-label="Filter by tag or segment"
      sx={{ flexWrap: 'wrap', alignItems: 'center', px: 2, pb: 1 }}
    >
      {/* The saved segments first, then the tags. */}
      {segments.map((segment) => {
        const active = segmentShown(segment);
        return (
          <Box key={segment.id} sx={{ display: 'inline-flex', alignItems: 'center' }}>
            <FilterChip
              group={segment}
              color="secondary"
              active={active}
              onClick={() => onFilter(active ? {} : { tag: segment.filter.tag, q: segment.filter.q })}
            />
            <SegmentMenu
              segment={segment}
              onRename={() => setDialog({ kind: 'rename', segment })}
              onDelete={() => setDialog({ kind: 'delete', segment })}
            />
          </Box>
        );
      })}
      {tags.map((t) => {
        const active = t.name.toLowerCase() === folded;
        return (
          <FilterChip
            key={t.name}
            group={t}
            color="primary"
            active={active}
            onClick={() => onFilter(active ? {} : { tag: t.name })}
          />
        );
      })}
      {unsaved ? (
        <Button size="small" startIcon={<BookmarkAddOutlined />} onClick={() => setDialog({ kind: 'save' })}>
          Save as segment
        </Button>
      ) : null}
      {dialog?.kind === 'save' && unsaved ? (
        <SaveSegmentDialog filter={unsaved} matching={matching} onClose={closeDialog} />
      ) : null}
      {dialog?.kind === 'rename' ? <RenameSegmentDialog segment={dialog.segment} onClose={closeDialog} /> : null}
      {dialog?.kind === 'delete' ? <DeleteSegmentDialog segment={dialog.segment} onClose={closeDialog} /> : null}
    </Stack>
  );
}

type SegmentMenuProps = { segment: Segment; onRename: () => void; onDelete: () => void };

/** The segment's own actions, behind a button beside its chip. */
function SegmentMenu({ segment, onRename, onDelete }: SegmentMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const label = `Rename or delete ${segment.name}`;
  const choose = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={label}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertRounded fontSize="small" />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': label } }}
      >
        <MenuItem onClick={choose(onRename)}>Rename</MenuItem>
        <MenuItem onClick={choose(onDelete)}>Delete</MenuItem>
      </Menu>
    </>
  );
}

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
