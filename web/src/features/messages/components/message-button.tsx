// "Send a message": opens the page's composer for one client and occasion. An icon button where rows
// are tight (reminders, the clients list), a labelled button elsewhere (the client detail).
import SendRounded from '@mui/icons-material/SendRounded';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import type { Client } from '@shared/api-types';
import type { DraftOccasion } from '@shared/drafts';

type MessageButtonProps = {
  client: Client;
  occasion?: DraftOccasion;
  /** A custom date's label (occasion 'custom'). */
  label?: string;
  onOpen: (client: Client, occasion?: DraftOccasion, label?: string) => void;
  variant?: 'icon' | 'button';
};

export function MessageButton({ client, occasion, label, onOpen, variant = 'icon' }: MessageButtonProps) {
  const open = () => onOpen(client, occasion, label);
  if (variant === 'button') {
    return (
      <Button variant="outlined" startIcon={<SendRounded />} onClick={open}>
        Send a message
      </Button>
    );
  }
  // Like Edit and Delete beside it: a labelled icon button (a MUI Tooltip on every row of a long list costs more than
  // it gives).
  return (
    <IconButton
      aria-label={`Send a message to ${client.name}`}
      title="Send a message"
      onClick={open}
      size="small"
      sx={{ color: 'primary.main' }}
    >
      <SendRounded fontSize="small" />
    </IconButton>
  );
}
