// The Delete button that opened the confirmation leaves with its client: once the confirmation has
// faded out, focus goes to the first of `targets` still on the page (the search field, or Add Client
// when no client is left) instead of falling back to <body>.
import { useRef, type RefObject } from 'react';

export function useFocusAfterDelete(targets: RefObject<HTMLElement | null>[]) {
  const deletedRef = useRef(false);
  const markDeleted = () => {
    deletedRef.current = true;
  };
  /** For the confirmation's onExited. */
  const handleExited = () => {
    if (!deletedRef.current) return;
    deletedRef.current = false;
    // After the modal has unmounted and tried to restore focus to the (removed) Delete button.
    setTimeout(() => {
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      targets
        .map((target) => target.current)
        .find((element) => element)
        ?.focus();
    }, 0);
  };
  return { markDeleted, handleExited };
}
