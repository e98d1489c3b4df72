// The notification region: fixed at the top on phones, bottom-right from `sm`, at most 420 px wide
// from `md`; F8 moves focus to it.
import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';
import { PlainList } from '../plain-list';
import { Toast } from './toast';
import type { ToastItem } from './toast-store';

const HOTKEY = 'F8';
const VIEWPORT_MAX_WIDTH_PX = 420;

type ToastViewportProps = {
  toasts: readonly ToastItem[];
  onDismiss: (id: string) => void;
};

export function ToastViewport({ toasts, onDismiss }: ToastViewportProps) {
  const regionRef = useRef<HTMLElement>(null);
  const visible = toasts.filter((item) => item.open);

  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === HOTKEY || event.code === HOTKEY) {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, []);

  return (
    <Box
      component="section"
      ref={regionRef}
      role="region"
      aria-label={`Notifications (${HOTKEY})`}
      tabIndex={-1}
      sx={(theme) => ({
        position: 'fixed',
        zIndex: theme.zIndex.snackbar,
        top: 0,
        right: 0,
        width: '100%',
        p: 2,
        pointerEvents: visible.length > 0 ? 'auto' : 'none',
        outlineOffset: -4,
        [theme.breakpoints.up('sm')]: { top: 'auto', bottom: 0 },
        [theme.breakpoints.up('md')]: { maxWidth: VIEWPORT_MAX_WIDTH_PX },
      })}
    >
      <PlainList ordered sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {visible.map((item) => (
          <Toast key={item.id} toast={item} onDismiss={onDismiss} />
        ))}
      </PlainList>
    </Box>
  );
}
