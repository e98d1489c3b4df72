// GET /api/push/subscriptions: the agent's devices with notifications on, the latest added first.
import useSWR from 'swr';
import type { PushDevices } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { PUSH_SUBSCRIPTIONS_URL } from './save-push-subscription';

export const PUSH_DEVICES_KEY = PUSH_SUBSCRIPTIONS_URL;

export function getPushDevices(): Promise<PushDevices> {
  return api.get<PushDevices>(PUSH_DEVICES_KEY);
}

export function usePushDevices() {
  const { data, error, isLoading, mutate } = useSWR<PushDevices, Error>(PUSH_DEVICES_KEY, getPushDevices);
  return { devices: data?.subscriptions, error, isLoading, retry: () => mutate() };
}
