// The saved segments' dialogs on the clients list: saving the list's filter under a name, renaming a segment (both a
// name form checked by the API's own rule, shared/segments.ts) and deleting one (its clients stay).
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import type { ClientFilter, Segment } from '@shared/api-types';
import { SEGMENT_NAME_MAX } from '@shared/api-types';
import { segmentRenameSchema, type SegmentRename } from '@shared/segments';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormikTextField } from '@/components/ui/formik-text-field';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { countText } from '@/lib/count-text';
import { useDeleteSegment, useRenameSegment, useSaveSegment } from '../api/segments';
import { filterText, suggestedSegmentName } from '../utils/segment-text';

type NameDialogProps = {
  title: string;
  /** What the segment holds, in a sentence. */
  about: string;
  name: string;
  submitLabel: string;
  busyLabel: string;
  onClose: () => void;
  onSubmit: (name: string) => Promise<void>;
};

/** A segment's name in a form dialog: the frame of both saving and renaming. */
function SegmentNameDialog({ title, about, name, submitLabel, busyLabel, onClose, onSubmit }: NameDialogProps) {
  const aboutId = useId();
  return (
    <FormDialog<SegmentRename>
      open
      onClose={onClose}
      title={title}
      describedBy={aboutId}
      size="xs"
      initialValues={{ name }}
      validationSchema={segmentRenameSchema}
      onSubmit={async (values) => {
        await onSubmit(values.name.trim());
        onClose();
      }}
      submitLabel={submitLabel}
      busyLabel={busyLabel}
    >
      <Stack spacing={2}>
        <DialogContentText id={aboutId}>{about}</DialogContentText>
        <FormikTextField
          name="name"
          label="Segment name"
          helperText={`Up to ${SEGMENT_NAME_MAX} characters.`}
          autoFocus
          required
        />
      </Stack>
    </FormDialog>
  );
}

type SaveSegmentDialogProps = { filter: ClientFilter; matching: number; onClose: () => void };

export function SaveSegmentDialog({ filter, matching, onClose }: SaveSegmentDialogProps) {
  const { trigger } = useSaveSegment();
  const { toast } = useToast();
  return (
    <SegmentNameDialog
      title="Save as segment"
      about={`The clients ${filterText(filter)}: ${countText(matching, 'client', 'clients')} now. Clients who match later join it.`}
      name={suggestedSegmentName(filter)}
      submitLabel="Save segment"
      busyLabel="Saving..."
      onClose={onClose}
      onSubmit={async (name) => {
        const saved = await trigger({ name, filter });
        toast({
          title: 'Segment saved',
          description: `${saved.name}: one click shows these clients.`,
          variant: 'success',
        });
      }}
    />
  );
}

export function RenameSegmentDialog({ segment, onClose }: { segment: Segment; onClose: () => void }) {
  const { trigger } = useRenameSegment();
  const { toast } = useToast();
  return (
    <SegmentNameDialog
      title={`Rename ${segment.name}`}
      about={`The clients ${filterText(segment.filter)}. Only the name changes.`}
      name={segment.name}
      submitLabel="Rename"
      busyLabel="Renaming..."
      onClose={onClose}
      onSubmit={async (name) => {
        const renamed = await trigger({ id: segment.id, name });
        toast({ title: 'Segment renamed', description: `${segment.name} is now ${renamed.name}.`, variant: 'success' });
      }}
    />
  );
}

export function DeleteSegmentDialog({ segment, onClose }: { segment: Segment; onClose: () => void }) {
  const { trigger, isMutating, error } = useDeleteSegment();
  const { toast } = useToast();
  const handleDelete = async () => {
    try {
      await trigger(segment.id);
      toast({
        title: 'Segment deleted',
        description: `${segment.name} is gone; its clients stay.`,
        variant: 'success',
      });
      onClose();
    } catch {
      // Shown in the dialog, which stays open.
    }
  };
  return (
    <ConfirmDialog
      open
      title={`Delete ${segment.name}?`}
      message={`The segment goes; its ${countText(segment.count, 'client stays', 'clients stay')} in your list.`}
      confirmLabel="Delete segment"
      busyLabel="Deleting..."
      destructive
      busy={isMutating}
      error={error ? errorMessage(error) : null}
      onCancel={onClose}
      onConfirm={() => void handleDelete()}
    />
  );
}
