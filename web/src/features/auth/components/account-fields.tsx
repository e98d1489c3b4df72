// The fields the account forms share: the e-mail an agent signs in with, and a new password with its length rule.
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { FormikTextField } from '@/components/ui/formik-text-field';

/** The e-mail address that is the account's username (the `username` field). */
export function EmailField({ autoComplete, autoFocus }: { autoComplete: 'email' | 'username'; autoFocus?: boolean }) {
  return (
    <FormikTextField
      name="username"
      label="Email"
      type="email"
      autoComplete={autoComplete}
      inputMode="email"
      required
      autoFocus={autoFocus}
    />
  );
}

/** A password being chosen, with the rule it must meet. */
export function NewPasswordField({ name, label }: { name: string; label: string }) {
  return (
    <FormikTextField
      name={name}
      label={label}
      type="password"
      autoComplete="new-password"
      helperText={`At least ${PASSWORD_MIN_LENGTH} characters`}
      required
    />
  );
}
