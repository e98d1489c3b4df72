// After "Wrong rhythm": how often the agent wants to keep in touch with the client, saved as their keep-in-touch
// rhythm (PATCH /api/clients/{id} { cadenceDays }). Loaded when it first opens, with the shared limits.
import Typography from '@mui/material/Typography';
import type { FormikErrors } from 'formik';
import type { NextBestItem } from '@shared/next-best';
import { CADENCE_DAYS } from '@shared/key-dates';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { DialogForm } from '@/components/ui/form-dialog';
import { FormikTextField } from '@/components/ui/formik-text-field';
import { useToast } from '@/components/ui/toast/use-toast';
import { useRetained } from '@/lib/use-retained';
import { useUpdateCadence } from '../api/update-cadence';
import { dayCount } from '../next-best-text';

type RhythmValues = { cadenceDays: string };

export const RHYTHM_MESSAGE = `Enter a whole number of days from ${CADENCE_DAYS.min} to ${CADENCE_DAYS.max}.`;

function validate({ cadenceDays }: RhythmValues): FormikErrors<RhythmValues> {
  const days = Number(cadenceDays.trim());
  const valid = /^\d+$/.test(cadenceDays.trim()) && days >= CADENCE_DAYS.min && days <= CADENCE_DAYS.max;
  return valid ? {} : { cadenceDays: RHYTHM_MESSAGE };
}

type RhythmDialogProps = { item: NextBestItem | null; onClose: () => void };

export function RhythmDialog({ item, onClose }: RhythmDialogProps) {
  // The name stays in the title while the dialog fades out.
  const shown = useRetained(item);
  const updating = useUpdateCadence();
  const { toast } = useToast();

  const handleSubmit = async ({ cadenceDays }: RhythmValues) => {
    if (!item) return;
    const days = Number(cadenceDays.trim());
    // A refusal throws: the dialog shows it and stays open.
    await updating.trigger({ clientId: item.clientId, cadenceDays: days });
    toast({ title: `Keep in touch with ${item.name} every ${dayCount(days)}`, variant: 'success' });
    onClose();
  };

  return (
    // One field: a small dialog on a phone too, not the full screen of a longer form.
    <DialogFrame open={item !== null} onClose={onClose} title={`A new rhythm for ${shown?.name ?? ''}`} size="xs">
      <DialogForm<RhythmValues>
        formKey={shown?.clientId ?? 'none'}
        initialValues={{ cadenceDays: item ? String(item.rhythmDays) : '' }}
        validate={validate}
        onSubmit={handleSubmit}
        submitLabel="Save rhythm"
        busyLabel="Saving..."
        cancelLabel="Not now"
      >
        <Typography variant="muted" sx={{ mb: 2.5 }}>
          How often should you be in touch? {shown?.name ?? 'The client'} comes back on your list when it has been this
          long since your last contact.
        </Typography>
        <FormikTextField
          name="cadenceDays"
          label="Every how many days"
          inputMode="numeric"
          autoComplete="off"
          autoFocus
          required
          helperText={`From ${CADENCE_DAYS.min} to ${CADENCE_DAYS.max} days`}
        />
      </DialogForm>
    </DialogFrame>
  );
}
