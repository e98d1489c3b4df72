// A client who registered through the public directory and has not confirmed by e-mail yet: marked
// "Pending confirmation" in the list (no plan slot, no automatic messages until then), with the
// agent's action to accept them now.
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { Client } from '@shared/api-types';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useAcceptRegistration } from '../api/accept-registration';

export const PENDING_HINT =
  'Registered through the directory and has not confirmed by e-mail yet: not on your plan and gets no automatic messages until confirmed or accepted.';

export function PendingRegistration({ client }: { client: Client }) {
  const { trigger, isMutating } = useAcceptRegistration();
  const { toast } = useToast();
  if (!client.registrationPending) return null;

  const handleAccept = () => {
    trigger(client.id).then(
      () =>
        toast({
          title: 'Client accepted',
          description: `${client.name} is now one of your clients.`,
          variant: 'success',
        }),
      (error: unknown) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
    );
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
      <Chip size="small" color="warning" variant="outlined" label="Pending confirmation" title={PENDING_HINT} />
      <Button size="small" onClick={handleAccept} disabled={isMutating} aria-label={`Accept ${client.name}`}>
        Accept
      </Button>
    </Stack>
  );
}
