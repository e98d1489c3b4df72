// What the outgoing card and its lazily loaded draft form share: the row of action buttons and the props of a card's
// part.
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import type { OutgoingMessage } from '@shared/api-types';
import type { OutgoingCardState } from './use-outgoing-card';

export type CardPartProps = { message: OutgoingMessage; card: OutgoingCardState; working: boolean };

/** A message's buttons, wrapping onto a new line on a narrow screen. */
export function Actions({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{children}</Box>;
}
