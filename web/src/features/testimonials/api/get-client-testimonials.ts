// GET /api/clients/{id}/testimonials: a client's videos, each with a short-lived presigned URL.
// Read afresh each time the client's page opens (the URLs expire after a few minutes).
import useSWR from 'swr';
import type { Testimonial } from '@shared/api-types';
import { api } from '@/lib/api-client';

export const clientTestimonialsKey = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}/testimonials`;

export function getClientTestimonials(clientId: string): Promise<Testimonial[]> {
  return api.get<Testimonial[]>(clientTestimonialsKey(clientId));
}

export function useClientTestimonials(clientId: string) {
  const { data, error, isLoading, mutate } = useSWR<Testimonial[], Error>(
    clientTestimonialsKey(clientId),
    () => getClientTestimonials(clientId),
    {
      revalidateOnMount: true,
    },
  );
  return { testimonials: data, error, isLoading, refresh: mutate };
}
