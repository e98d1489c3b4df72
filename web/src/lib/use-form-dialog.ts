// The state of an add-or-edit dialog: whether it is open, and the item being edited (null when adding).
import { useCallback, useState } from 'react';

export function useFormDialog<T>() {
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<T | null>(null);
  const openAdd = useCallback(() => {
    setEditing(null);
    setOpen(true);
  }, []);
  const openEdit = useCallback((item: T) => {
    setEditing(item);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return { open, editing, openAdd, openEdit, close };
}
