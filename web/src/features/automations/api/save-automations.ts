// PUT /api/user/automations: the rules for every occasion; the answer replaces the cached ones.
import type { Automations } from '@shared/api-types';
import type { AutomationsInput } from '@shared/automations';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { AUTOMATIONS_KEY, replaceCachedAutomations } from './get-automations';

export function saveAutomations(input: AutomationsInput): Promise<Automations> {
  return api.put<Automations>(AUTOMATIONS_KEY, input);
}

export function useSaveAutomations() {
  return useApiMutation(`PUT ${AUTOMATIONS_KEY}`, saveAutomations, replaceCachedAutomations);
}
