// /clients: the invitations no client has used yet (shown only when there is one), folded to one
// line until opened: who, when it was sent or that it expired, and Resend or Cancel for each.
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import type { OpenInvitation } from '@shared/api-types';
import { PlainList } from '@/components/ui/plain-list';
import { IconBadge } from '@/components/ui/icon-badge';
import { LoadError } from '@/components/ui/load-error';
import { SpreadRow } from '@/components/ui/spread-row';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { countText } from '@/lib/count-text';
import { formatTimestamp } from '@/lib/dates';
import { sendErrorMessage } from '@/lib/email-verification';
import { useCancelInvitation } from '../api/cancel-invitation';
import { useOpenInvitations } from '../api/get-open-invitations';
import { useResendInvitation } from '../api/resend-invitation';
import { CancelInvitationDialog } from './cancel-invitation-dialog';

export function OpenInvitations() {
  const headingId = useId();
  const listId = useId();
  const { invitations, error, mutate } = useOpenInvitations();
  const [expanded, setExpanded] = useState(false);
  const [resendingId, setResendingId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<OpenInvitation | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const resend = useResendInvitation();
  const cancel = useCancelInvitation();
  const { toast } = useToast();

  const handleResend = async (invitation: OpenInvitation) => {
    setResendingId(invitation.id);
    try {
      await resend.trigger(invitation.id);
      toast({
        title: 'Invitation resent',
        description: `A new link is on its way to ${invitation.email}. The earlier link no longer works.`,
        variant: 'success',
      });
    } catch (failure) {
      toast({ title: 'Error', description: sendErrorMessage(failure), variant: 'destructive' });
    } finally {
      setResendingId(null);
    }
  };

  const handleCancel = async (invitation: OpenInvitation) => {
    try {
      await cancel.trigger(invitation.id);
      toast({
        title: 'Invitation cancelled',
        description: `The link sent to ${invitation.email} no longer works.`,
        variant: 'success',
      });
    } catch (failure) {
      toast({ title: 'Error', description: errorMessage(failure), variant: 'destructive' });
    } finally {
      setConfirming(null);
    }
  };

  // The Cancel button that opened the dialog leaves with its invitation: focus goes to Show/Hide
  // (after the modal has unmounted and tried to restore focus to the removed button).
  const handleDialogExited = () => {
    setTimeout(() => {
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      toggleRef.current?.focus();
    }, 0);
  };

  const dialog = (
    <CancelInvitationDialog
      invitation={confirming}
      isCancelling={cancel.isMutating}
      onKeep={() => setConfirming(null)}
      onConfirm={(i) => void handleCancel(i)}
      onExited={handleDialogExited}
    />
  );

  if (error && !invitations) {
    return (
      <LoadError onRetry={() => void mutate()} sx={{ mb: 2.5 }}>
        We couldn't load your open invitations. {errorMessage(error)}
      </LoadError>
    );
  }
  if (!invitations || invitations.length === 0) return dialog;

  return (
    <Card component="section" aria-labelledby={headingId} sx={{ mb: 2.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: { xs: 2, sm: 2.5 }, py: 1.5 }}>
        <IconBadge size={36} tone="secondary">
          <MarkEmailUnreadOutlined fontSize="small" />
        </IconBadge>
        <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
          <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            Open invitations ({invitations.length})
          </Typography>
          <Typography variant="muted">
            {`Waiting for ${countText(invitations.length, 'client', 'clients')} to register`}
          </Typography>
        </Box>
        <Button
          ref={toggleRef}
          size="small"
          onClick={() => setExpanded((open) => !open)}
          aria-expanded={expanded}
          aria-controls={listId}
          aria-label={expanded ? 'Hide open invitations' : 'Show open invitations'}
          endIcon={
            <ExpandMoreRounded
              sx={{ transform: expanded ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
            />
          }
          sx={{ flexShrink: 0 }}
        >
          {expanded ? 'Hide' : 'Show'}
        </Button>
      </Box>
      <Collapse in={expanded} id={listId} unmountOnExit>
        <PlainList aria-labelledby={headingId}>
          {invitations.map((invitation) => (
            <InvitationRow
              key={invitation.id}
              invitation={invitation}
              resending={resendingId === invitation.id}
              onResend={() => void handleResend(invitation)}
              onCancel={() => setConfirming(invitation)}
            />
          ))}
        </PlainList>
      </Collapse>
      {dialog}
    </Card>
  );
}

type InvitationRowProps = {
  invitation: OpenInvitation;
  resending: boolean;
  onResend: () => void;
  onCancel: () => void;
};

function InvitationRow({ invitation, resending, onResend, onCancel }: InvitationRowProps) {
  const { name, email, sentAt, expired } = invitation;
  return (
    <SpreadRow
      component="li"
      gap={2}
      rowGap={1}
      sx={{ px: { xs: 2, sm: 2.5 }, py: 1.5, borderTop: 1, borderColor: 'divider' }}
    >
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
        <Typography variant="muted" sx={{ overflowWrap: 'anywhere' }}>
          {email}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        {expired ? (
          <Chip size="small" color="warning" variant="outlined" label="Expired" />
        ) : (
          <Typography variant="muted" sx={{ whiteSpace: 'nowrap' }}>
            Sent <time dateTime={sentAt}>{formatTimestamp(sentAt)}</time>
          </Typography>
        )}
        <Button
          size="small"
          variant="outlined"
          onClick={onResend}
          disabled={resending}
          aria-label={resending ? `Resending invitation to ${name}` : `Resend invitation to ${name}`}
        >
          {resending ? 'Resending...' : 'Resend'}
        </Button>
        <Button size="small" color="error" onClick={onCancel} aria-label={`Cancel invitation to ${name}`}>
          Cancel
        </Button>
      </Box>
    </SpreadRow>
  );
}
