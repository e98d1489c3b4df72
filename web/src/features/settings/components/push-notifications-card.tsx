// The "Notifications on this device" card of /settings: turn web push on or off for this browser, send a test, choose
// which notifications come (the switches apply to every device of the agent), and see and remove every device.
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import type { User } from '@shared/api-types';
import { PUSH_KINDS, type PushPrefs } from '@shared/push';
import { SectionCard } from '@/components/ui/section-card';
import { ProgressLine } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { usePushDevices } from '../api/get-push-subscriptions';
import { sendTestPush } from '../api/send-test-push';
import { useUpdateReminderPreferences } from '../api/update-reminder-preferences';
import {
  readPushDevice,
  storedPushSubscriptionId,
  turnOffPush,
  turnOnPush,
  type PushDeviceState,
} from '../push-device';
import { PushDevicesList } from './push-devices-list';

export const IPHONE_HELP =
  'On iPhone, add this app to your Home Screen first (Share → Add to Home Screen), then turn on notifications here.';
export const PUSH_TURNED_ON = 'Notifications on for this device';
export const PUSH_TURNED_OFF = 'Notifications off for this device';
export const PUSH_SWITCH_LABELS: Record<keyof PushPrefs, string> = {
  digest: 'Morning digest',
  replies: 'Client replies',
  approvals: 'Messages to approve',
};

type PushNotificationsCardProps = {
  user: User;
};

export function PushNotificationsCard({ user }: PushNotificationsCardProps) {
  const { toast } = useToast();
  const [device, setDevice] = useState<PushDeviceState | 'loading'>('loading');
  const [busy, setBusy] = useState(false);
  const { devices, retry: reloadDevices } = usePushDevices();

  const refresh = useCallback(async () => {
    setDevice(await readPushDevice().catch((): PushDeviceState => ({ kind: 'unsupported' })));
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const run = async (action: () => Promise<unknown>, success?: string) => {
    setBusy(true);
    try {
      await action();
      if (success) toast({ title: success, variant: 'success' });
    } catch (failure) {
      toast({ title: 'Error', description: errorMessage(failure), variant: 'destructive' });
    } finally {
      setBusy(false);
      await Promise.all([refresh(), reloadDevices()]);
    }
  };
  const thisDeviceId = device !== 'loading' && device.kind === 'ready' ? storedPushSubscriptionId() : null;
  // A subscription this browser still holds but the server ended (a logout or a password reset ends the devices of the
  // sessions that made them, and any device can be removed from the list) counts as off: turning on binds it again.
  const subscribed =
    device !== 'loading' &&
    device.kind === 'ready' &&
    device.subscribed &&
    (devices === undefined || devices.some((known) => known.id === thisDeviceId));
  const handleTest = () =>
    run(async () => {
      const { sent } = await sendTestPush();
      toast({
        title: sent === 1 ? 'Test sent to 1 device' : `Test sent to ${sent} devices`,
        variant: sent > 0 ? 'success' : undefined,
      });
    });

  return (
    <SectionCard
      icon={<NotificationsActiveOutlined />}
      title="Notifications on this device"
      subtitle="A tap on the shoulder for your morning digest, client replies and messages waiting for approval."
    >
      {device === 'loading' ? (
        <ProgressLine>Checking this device…</ProgressLine>
      ) : device.kind === 'unsupported' ? (
        <Alert severity="info">This browser cannot receive notifications.</Alert>
      ) : device.kind === 'no-service-worker' ? (
        <Alert severity="info">
          Notifications need the installed app: add Hearthside to your home screen (or reload this page to update it),
          then come back here to turn them on.
        </Alert>
      ) : (
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Typography>
            {subscribed
              ? 'Notifications are on for this device.'
              : device.permission === 'denied'
                ? 'Notifications are blocked for this site: allow them in the browser’s site settings first.'
                : 'Notifications are off for this device.'}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {subscribed ? (
              <>
                <Button variant="outlined" onClick={handleTest} disabled={busy}>
                  Send a test
                </Button>
                <Button
                  color="error"
                  onClick={() => run(() => turnOffPush(device.registration), PUSH_TURNED_OFF)}
                  disabled={busy}
                >
                  Turn off
                </Button>
              </>
            ) : (
              <Button
                variant="contained"
                onClick={() => run(() => turnOnPush(device.registration), PUSH_TURNED_ON)}
                disabled={busy || device.permission === 'denied'}
              >
                {busy ? 'Turning on...' : 'Turn on notifications'}
              </Button>
            )}
          </Box>
        </Stack>
      )}
      <Typography variant="muted">{IPHONE_HELP}</Typography>
      <PushSwitches prefs={user.pushPrefs} />
      <PushDevicesList thisDeviceId={subscribed ? thisDeviceId : null} />
    </SectionCard>
  );
}

/** One switch per kind of notification, each saved as it changes. */
function PushSwitches({ prefs }: { prefs: PushPrefs }) {
  const { trigger } = useUpdateReminderPreferences();
  const { toast } = useToast();
  const [saving, setSaving] = useState<Partial<PushPrefs>>({});

  const handleChange = async (kind: keyof PushPrefs, on: boolean) => {
    setSaving((current) => ({ ...current, [kind]: on }));
    try {
      await trigger({ push: { [kind]: on } });
    } catch (failure) {
      toast({ title: 'Not saved', description: errorMessage(failure), variant: 'destructive' });
    } finally {
      setSaving(({ [kind]: _done, ...rest }) => rest);
    }
  };

  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        Notify me of
      </FormLabel>
      {PUSH_KINDS.map((kind) => (
        <FormControlLabel
          key={kind}
          control={
            <Switch
              checked={saving[kind] ?? prefs[kind]}
              onChange={(_e, checked) => (saving[kind] === undefined ? void handleChange(kind, checked) : undefined)}
            />
          }
          label={PUSH_SWITCH_LABELS[kind]}
        />
      ))}
    </FormControl>
  );
}
