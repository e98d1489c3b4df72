// POST /api/client-registration/confirm: the link from the "You're already connected" e-mail
// applies the details someone registered with to the client.
import useSWRMutation from 'swr/mutation';
import type { RegistrationConfirmResult } from '@shared/api-types';
import { api } from '@/lib/api-client';

export const CONFIRM_REGISTRATION_URL = '/api/client-registration/confirm';

export function confirmRegistration(token: string): Promise<RegistrationConfirmResult> {
  return api.post<RegistrationConfirmResult>(CONFIRM_REGISTRATION_URL, { token });
}

export function useConfirmRegistration() {
  return useSWRMutation<RegistrationConfirmResult, Error, string, string>(CONFIRM_REGISTRATION_URL, (_url, { arg }) =>
    confirmRegistration(arg),
  );
}
