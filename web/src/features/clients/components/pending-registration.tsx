// A client who registered through the public directory and has not confirmed by e-mail yet: marked
// "Pending confirmation" in the list (no plan slot, no automatic messages until then), and told on their page, each
// with the agent's action to accept them now.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button, { type ButtonProps } from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { Client } from '@shared/api-types';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useAcceptRegistration } from '../api/accept-registration';

export const PENDING_HINT =
  'Registered through the directory and has not confirmed by e-mail yet: not on your plan and gets no automatic messages until confirmed or accepted.';

/** In the list: the mark and Accept. */
export function PendingRegistration({ client }: { client: Client }) {
  if (!client.registrationPending) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
      <Chip size="small" color="warning" variant="outlined" label="Pending confirmation" title={PENDING_HINT} />
      <AcceptRegistrationButton client={client} size="small" />
    </Stack>
  );
}

/** On the client's page: what waiting means, and Accept. */
export function PendingRegistrationNotice({ client }: { client: Client }) {
  if (!client.registrationPending) return null;
  return (
    <Alert
      severity="warning"
      action={<AcceptRegistrationButton client={client} variant="contained" color="warning" />}
      sx={{ mb: 3, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
    >
      <AlertTitle>Waiting for you to accept</AlertTitle>
      {PENDING_HINT}
    </Alert>
  );
}

type AcceptRegistrationButtonProps = { client: Client } & Pick<ButtonProps, 'size' | 'variant' | 'color'>;

/** POST /api/clients/{id}/accept-registration: the client is then one of the agent's, on the plan. */
function AcceptRegistrationButton({ client, ...look }: AcceptRegistrationButtonProps) {
  const { trigger, isMutating } = useAcceptRegistration();
  const { toast } = useToast();

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
    <Button {...look} onClick={handleAccept} disabled={isMutating} aria-label={`Accept ${client.name}`}>
      {isMutating ? 'Accepting...' : 'Accept'}
    </Button>
  );
}
