// A link of the signed-in navigation and how it reads: in the side navigation, the phone's bottom bar
// and its More menu.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { APP_NAME } from '@/config/app';
import { Logo } from '../ui/logo';

export type NavItem = {
  label: string;
  href: string;
  icon: ReactElement;
  /** In the phone's bottom bar (under this shorter label, if given) rather than behind More. */
  phoneBar?: { label?: string };
  /** Active only on an exact match (the home link). */
  end?: boolean;
  /** Something waits there: the count beside the label, and `label` ('3 waiting') in the link's name. */
  badge?: { count: number; label: string };
};

/** The link's accessible name when its count shows ('Today, 3 waiting'); its text otherwise. */
export function itemName(item: NavItem): string | undefined {
  return item.badge && item.badge.count > 0 ? `${item.label}, ${item.badge.label}` : undefined;
}

/** The label, and the count beside it when there is one (its words are in the link's name). */
export function ItemLabel({ item }: { item: NavItem }) {
  if (!item.badge || item.badge.count <= 0) return item.label;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      {/* The space keeps the label's and the count's words apart in the text ('Today 3'), as the name has them. */}
      {item.label}{' '}
      <Box
        component="span"
        aria-hidden="true"
        sx={{
          minWidth: 20,
          height: 20,
          px: 0.75,
          borderRadius: 10,
          display: 'inline-grid',
          placeItems: 'center',
          bgcolor: 'secondary.main',
          color: 'secondary.contrastText',
          fontSize: '0.75rem',
          fontWeight: 700,
          lineHeight: 1,
        }}
      >
        {item.badge.count > 99 ? '99+' : item.badge.count}
      </Box>
    </Box>
  );
}

/** The logo, linking home (named by the app's name), at the top of the side column or of the phone's bar. */
export function HomeLogoLink({
  homeHref,
  wordmarkDisplay,
  sx,
}: {
  homeHref: string;
  wordmarkDisplay?: Record<string, string>;
  sx?: SxProps<Theme>;
}) {
  return (
    <Link
      component={RouterLink}
      to={homeHref}
      underline="none"
      aria-label={APP_NAME}
      sx={[{ display: 'flex', color: 'inherit', borderRadius: 1.5 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Logo wordmarkDisplay={wordmarkDisplay} />
    </Link>
  );
}
