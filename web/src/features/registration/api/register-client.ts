// POST /api/client-registration: a client completes their profile from an invitation (token) or
// after choosing their realtor (agentId). The answer's clientToken allows the testimonial upload.
import useSWRMutation from 'swr/mutation';
import type { ClientRegistrationResult } from '@shared/api-types';
import type { InvitedRegistrationInput, SelfRegistrationInput } from '@shared/client-registration';
import { api } from '@/lib/api-client';

export const CLIENT_REGISTRATION_URL = '/api/client-registration';

export type ClientRegistrationInput = InvitedRegistrationInput | SelfRegistrationInput;

export function registerClient(input: ClientRegistrationInput): Promise<ClientRegistrationResult> {
  return api.post<ClientRegistrationResult>(CLIENT_REGISTRATION_URL, input);
}

export function useRegisterClient() {
  return useSWRMutation<ClientRegistrationResult, Error, string, ClientRegistrationInput>(
    CLIENT_REGISTRATION_URL,
    (_url, { arg }) => registerClient(arg),
  );
}
