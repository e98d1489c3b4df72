// The clients page's "New broadcast" button and its dialog; the list's current filter (its search and tag in the
// URL) is offered as the audience.
import SendRounded from '@mui/icons-material/SendRounded';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ClientFilter } from '@shared/api-types';
import { NewBroadcastDialog } from './new-broadcast-dialog';

export function NewBroadcastButton({ isPro }: { isPro: boolean }) {
  const [open, setOpen] = useState(false);
  const [params] = useSearchParams();
  const q = params.get('q')?.trim();
  const tag = params.get('tag')?.trim();
  const currentFilter: ClientFilter | null = q || tag ? { ...(q ? { q } : {}), ...(tag ? { tag } : {}) } : null;
  return (
    <>
      <Button variant="outlined" startIcon={<SendRounded />} onClick={() => setOpen(true)}>
        New broadcast
      </Button>
      <NewBroadcastDialog open={open} onClose={() => setOpen(false)} isPro={isPro} currentFilter={currentFilter} />
    </>
  );
}
