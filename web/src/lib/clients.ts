// GET /api/clients: the signed-in agent's clients, sorted by name.
import useSWR from 'swr';
import type { Client } from '../../../shared/api-types';
import { api } from './api-client';

export const CLIENTS_KEY = '/api/clients';

export function getClients(): Promise<Client[]> {
  return api.get<Client[]>(CLIENTS_KEY);
}

export function useClients() {
  const { data, error, isLoading, mutate } = useSWR<Client[], Error>(CLIENTS_KEY, getClients);
  return { clients: data, isLoading, error, mutate };
}
