// A dialog that is a form: the body (its fields and words, as children) run by Formik, the error of the last submit
// shown in the dialog, which stays open with what was typed, and Cancel beside a submit button that says what is
// under way and is disabled meanwhile. Once the form has done its work it may show what happened instead.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { Form, Formik, useFormikContext, type FormikConfig, type FormikHelpers, type FormikValues } from 'formik';
import { useEffect, type ComponentProps, type ReactNode } from 'react';
import type { AnySchema } from 'yup';
import { errorMessage } from '@/lib/api-client';
import { DialogButtons, DialogError, DialogFrame, useDialogFrame } from './dialog-frame';

export type DialogFormProps<TValues extends FormikValues> = {
  /** The form's fields and words. */
  children: ReactNode;
  /** Formik's values, when the body keeps its fields in Formik (FormikTextField, useFormikContext). */
  initialValues?: TValues;
  validationSchema?: AnySchema;
  validate?: FormikConfig<TValues>['validate'];
  /** The write. What it throws is shown in the dialog, which stays open with what was typed. */
  onSubmit: (values: TValues, helpers: FormikHelpers<TValues>) => Promise<void>;
  /** A failure the body keeps itself (a step besides the submit), shown in the same place. */
  error?: string | null;
  submitLabel: string;
  /** The submit button's words while the submit runs ("Sending..."). */
  busyLabel: string;
  cancelLabel?: string;
  submitColor?: 'primary' | 'error';
  /** The body does not let the form be sent yet (a channel that cannot be used). */
  submitDisabled?: boolean;
  /** What the form did, shown in its place with one button that closes the dialog. */
  done?: ReactNode;
  doneLabel?: string;
  /** The form starts again from `initialValues` when this changes (another item to edit). */
  formKey?: string;
};

/**
 * The form of a form dialog, inside a DialogFrame: for a body that keeps state for one opening of the dialog (it
 * unmounts once the dialog has closed) while the frame stays for its closing transition. FormDialog is both at once.
 */
export function DialogForm<TValues extends FormikValues>({
  children,
  initialValues = {} as TValues,
  validationSchema,
  validate,
  onSubmit,
  error = null,
  done,
  doneLabel = 'Done',
  formKey,
  submitLabel,
  busyLabel,
  cancelLabel,
  submitColor,
  submitDisabled,
}: DialogFormProps<TValues>) {
  const { close } = useDialogFrame();
  if (done)
    return (
      <>
        <DialogContent dividers>{done}</DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button variant="contained" onClick={close} autoFocus>
            {doneLabel}
          </Button>
        </DialogActions>
      </>
    );

  const handleSubmit = async (values: TValues, helpers: FormikHelpers<TValues>) => {
    helpers.setStatus(undefined);
    try {
      await onSubmit(values, helpers);
    } catch (failure) {
      helpers.setStatus(errorMessage(failure));
    }
  };

  return (
    <Formik<TValues>
      key={formKey}
      initialValues={initialValues}
      validationSchema={validationSchema}
      validate={validate}
      onSubmit={handleSubmit}
    >
      <FormBody
        error={error}
        buttons={{ label: submitLabel, busyLabel, cancelLabel, color: submitColor, disabled: submitDisabled }}
      >
        {children}
      </FormBody>
    </Formik>
  );
}

type FormBodyProps = {
  children: ReactNode;
  error: string | null;
  buttons: Omit<ComponentProps<typeof DialogButtons>, 'onCancel' | 'busy'>;
};

function FormBody({ children, error, buttons }: FormBodyProps) {
  const { isSubmitting, status } = useFormikContext();
  const { close, reportBusy } = useDialogFrame();
  useEffect(() => {
    reportBusy(isSubmitting);
    return () => reportBusy(false);
  }, [isSubmitting, reportBusy]);

  return (
    <Box component={Form} noValidate sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
      <DialogContent dividers>
        {children}
        <DialogError error={error ?? (typeof status === 'string' ? status : null)} />
      </DialogContent>
      <DialogButtons {...buttons} onCancel={close} busy={isSubmitting} />
    </Box>
  );
}

type FrameProps = Pick<ComponentProps<typeof DialogFrame>, 'open' | 'onClose' | 'title' | 'size' | 'describedBy'>;

export type FormDialogProps<TValues extends FormikValues> = FrameProps & DialogFormProps<TValues>;

/** A form in a dialog: the frame (filling a phone's screen) and the form, the body given as children. */
export function FormDialog<TValues extends FormikValues>({
  open,
  onClose,
  title,
  size,
  describedBy,
  ...form
}: FormDialogProps<TValues>) {
  return (
    <DialogFrame open={open} onClose={onClose} title={title} size={size} describedBy={describedBy} fullScreenOnPhone>
      <DialogForm {...form} />
    </DialogFrame>
  );
}
