// Formik's onSubmit for a form that writes through the API: `submit` does the write and what
// follows it (with Formik's helpers, to empty a form once sent); a refusal puts the server's
// messages on the form's fields and shows a destructive toast (its words from `describe`), and the
// form keeps what was typed.
import type { FormikErrors, FormikHelpers } from 'formik';
import { errorMessage } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import { useToast } from './toast/use-toast';

export function useFormSubmit<TValues>(
  fields: readonly (keyof TValues & string)[],
  submit: (values: TValues, helpers: FormikHelpers<TValues>) => Promise<void>,
  failureTitle = 'Error',
  describe: (error: unknown) => string = errorMessage,
): (values: TValues, helpers: FormikHelpers<TValues>) => Promise<void> {
  const { toast } = useToast();
  return async (values, helpers) => {
    try {
      await submit(values, helpers);
    } catch (error) {
      helpers.setErrors(serverFieldErrors(error, fields) as FormikErrors<TValues>);
      toast({ title: failureTitle, description: describe(error), variant: 'destructive' });
    }
  };
}
