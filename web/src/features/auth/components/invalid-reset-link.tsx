import { BrokenLinkMessage } from '@/components/ui/centered-message';
import { paths } from '@/config/paths';

export function InvalidResetLink() {
  return (
    <BrokenLinkMessage
      title="Invalid Reset Link"
      lines={['This password reset link is invalid or has expired. Please request a new password reset link.']}
      action={{ label: 'Back to Login', to: paths.auth.getHref() }}
    />
  );
}
