// The agent's devices with notifications on, in the notifications card of /settings: each with when it was added and
// when a notification last reached it, and Remove, which turns notifications off for that device (after a question).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { PushDevice } from '@shared/api-types';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { PlainList } from '@/components/ui/plain-list';
import { ProgressLine } from '@/components/ui/spinner';
import { useToastedAction } from '@/components/ui/toast/use-toasted-action';
import { formatTimestamp } from '@/lib/dates';
import { useRetained } from '@/lib/use-retained';
import { useDeletePushSubscription } from '../api/delete-push-subscription';
import { usePushDevices } from '../api/get-push-subscriptions';

export const DEVICES_HEADING = 'Devices with notifications on';
export const NO_DEVICES = 'No device gets notifications yet: turn them on here on each phone or computer you use.';
export const DEVICE_REMOVED = 'Device removed';

type PushDevicesListProps = {
  /** The server's id of this browser's subscription, to mark it in the list. */
  thisDeviceId: string | null;
};

export function PushDevicesList({ thisDeviceId }: PushDevicesListProps) {
  const headingId = useId();
  const { devices, error, isLoading, retry } = usePushDevices();
  const remove = useDeletePushSubscription();
  const act = useToastedAction();
  const [removing, setRemoving] = useState<PushDevice | null>(null);
  const shownRemoving = useRetained(removing);

  const handleRemove = (device: PushDevice) =>
    act(
      async () => {
        await remove.trigger(device.id);
        setRemoving(null);
      },
      { done: () => ({ title: DEVICE_REMOVED, description: `${device.deviceLabel} gets no more notifications.` }) },
    );

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {DEVICES_HEADING}
      </Typography>
      {isLoading ? (
        <ProgressLine>Loading your devices…</ProgressLine>
      ) : error || !devices ? (
        <LoadError onRetry={retry}>Your devices could not be loaded.</LoadError>
      ) : devices.length === 0 ? (
        <Typography variant="muted">{NO_DEVICES}</Typography>
      ) : (
        <PlainList aria-labelledby={headingId} gap={1.5}>
          {devices.map((device) => (
            <DeviceRow
              key={device.id}
              device={device}
              isThisDevice={device.id === thisDeviceId}
              onRemove={() => setRemoving(device)}
            />
          ))}
        </PlainList>
      )}
      {shownRemoving ? (
        <ConfirmDialog
          open={removing !== null}
          title={`Remove ${shownRemoving.deviceLabel}?`}
          message="It stops getting your notifications right away. You can turn them on again from that device."
          confirmLabel="Remove"
          busyLabel="Removing..."
          destructive
          busy={remove.isMutating}
          onCancel={() => setRemoving(null)}
          onConfirm={() => handleRemove(shownRemoving)}
        />
      ) : null}
    </Box>
  );
}

type DeviceRowProps = {
  device: PushDevice;
  isThisDevice: boolean;
  onRemove: () => void;
};

function DeviceRow({ device, isThisDevice, onRemove }: DeviceRowProps) {
  const added = formatTimestamp(device.createdAt);
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 500 }}>
          {device.deviceLabel}
          {isThisDevice ? <Chip size="small" label="This device" variant="outlined" /> : null}
        </Typography>
        <Typography variant="muted">
          Added {added} ·{' '}
          {device.lastUsedAt ? `last notified ${formatTimestamp(device.lastUsedAt)}` : 'not notified yet'}
        </Typography>
      </Box>
      <Button color="error" onClick={onRemove} aria-label={`Remove ${device.deviceLabel}, added ${added}`}>
        Remove
      </Button>
    </Box>
  );
}
