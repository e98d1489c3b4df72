// One toast: title and description, a close button, auto-close (paused while hovered or focused),
// Escape to dismiss and a swipe to the right of at least TOAST_SWIPE_THRESHOLD_PX.
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { alpha, keyframes, type Theme } from '@mui/material/styles';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { TOAST_SWIPE_THRESHOLD_PX, type ToastItem, type ToastVariant } from './toast-store';

const slideIn = keyframes`
  from { opacity: 0; transform: translateY(12px) scale(0.98); }
  to { opacity: 1; transform: translateY(0) scale(1); }
`;

const icons = {
  default: InfoOutlined,
  success: CheckCircleRounded,
  destructive: ErrorOutlineRounded,
} satisfies Record<ToastVariant, unknown>;

function variantStyles(theme: Theme, variant: ToastVariant) {
  switch (variant) {
    case 'destructive':
      return {
        backgroundColor: theme.palette.error.main,
        color: theme.palette.error.contrastText,
        borderColor: theme.palette.error.dark,
        accent: 'inherit',
      };
    case 'success':
      return {
        backgroundColor: theme.palette.background.paper,
        color: theme.palette.text.primary,
        borderColor: theme.palette.divider,
        accent: theme.palette.success.main,
      };
    case 'default':
      return {
        backgroundColor: theme.palette.background.paper,
        color: theme.palette.text.primary,
        borderColor: theme.palette.divider,
        accent: theme.palette.primary.main,
      };
  }
}

type ToastProps = {
  toast: ToastItem;
  onDismiss: (id: string) => void;
};

export function Toast({ toast, onDismiss }: ToastProps) {
  const { id, title, description, variant, duration } = toast;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [offset, setOffset] = useState(0);
  const [swiping, setSwiping] = useState(false);
  const swipeStart = useRef<number | null>(null);
  const remaining = useRef(duration);
  const paused = hovered || focused || swiping;
  const destructive = variant === 'destructive';
  const Icon = icons[variant];

  // Auto-close: counts down only while nobody is reading or swiping it.
  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onDismiss(id), Math.max(0, remaining.current));
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [paused, id, onDismiss]);

  const handlePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    swipeStart.current = event.clientX;
  };

  const handlePointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (swipeStart.current === null) return;
    const delta = Math.max(0, event.clientX - swipeStart.current);
    if (!swiping && delta > 2) {
      setSwiping(true);
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    setOffset(delta);
  };

  const handlePointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (swipeStart.current === null) return;
    const delta = event.clientX - swipeStart.current;
    swipeStart.current = null;
    setSwiping(false);
    if (delta >= TOAST_SWIPE_THRESHOLD_PX) {
      onDismiss(id);
    } else {
      setOffset(0);
    }
  };

  const handlePointerCancel = () => {
    swipeStart.current = null;
    setSwiping(false);
    setOffset(0);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onDismiss(id);
    }
  };

  return (
    <li>
      <Box
        data-toast=""
        role={destructive ? 'alert' : 'status'}
        aria-live={destructive ? 'assertive' : 'polite'}
        aria-atomic="true"
        data-variant={variant}
        onPointerEnter={(event) => event.pointerType === 'mouse' && setHovered(true)}
        onPointerLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
        }}
        onPointerDown={handlePointerDown}
        onPointerMove={handlePointerMove}
        onPointerUp={handlePointerUp}
        onPointerCancel={handlePointerCancel}
        onKeyDown={handleKeyDown}
        sx={(theme) => {
          const { accent, ...colors } = variantStyles(theme, variant);
          return {
            border: '1px solid',
            ...colors,
            display: 'grid',
            gridTemplateColumns: 'auto 1fr auto',
            alignItems: 'start',
            columnGap: 1.5,
            width: '100%',
            py: 1.75,
            pl: 2,
            pr: 1,
            borderRadius: 3,
            boxShadow: `0 10px 30px -12px ${alpha(theme.palette.text.primary, 0.35)}, 0 2px 6px ${alpha(theme.palette.text.primary, 0.08)}`,
            touchAction: 'pan-y',
            userSelect: swiping ? 'none' : undefined,
            transform: `translateX(${offset}px)`,
            opacity: Math.max(0.35, 1 - offset / (TOAST_SWIPE_THRESHOLD_PX * 4)),
            transition: swiping ? 'none' : 'transform 160ms ease-out, opacity 160ms ease-out',
            animation: `${slideIn} 200ms ease-out`,
            '& .toast-icon': { color: accent, mt: '1px' },
          };
        }}
      >
        <Icon className="toast-icon" fontSize="small" aria-hidden="true" />
        <Box sx={{ minWidth: 0 }}>
          <Typography component="p" variant="body2" sx={{ fontWeight: 650, lineHeight: 1.45 }}>
            {title}
          </Typography>
          {description ? (
            <Typography
              component="p"
              variant="body2"
              sx={{
                mt: 0.25,
                opacity: destructive ? 0.95 : 1,
                color: destructive ? 'inherit' : 'text.secondary',
                overflowWrap: 'anywhere',
              }}
            >
              {description}
            </Typography>
          ) : null}
        </Box>
        <IconButton
          aria-label="Close"
          size="small"
          onClick={() => onDismiss(id)}
          sx={{ color: 'inherit', mt: -0.5, opacity: 0.8, '&:hover': { opacity: 1 } }}
        >
          <CloseRounded fontSize="small" />
        </IconButton>
      </Box>
    </li>
  );
}
