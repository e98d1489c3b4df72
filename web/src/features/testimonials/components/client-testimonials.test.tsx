import type { Testimonial } from '@shared/api-types';
import { callsTo, jsonResponse, mockApi } from '@/testing/mock-api';
import { fireEvent, renderWithProviders, screen, waitFor } from '@/testing/test-utils';
import { ClientTestimonials } from './client-testimonials';

const testimonial = (overrides: Partial<Testimonial> = {}): Testimonial => ({
  id: 't1',
  contentType: 'video/mp4',
  size: 3 * 1024 * 1024,
  uploadedAt: '2026-03-14T15:00:00.000Z',
  url: 'http://storage.example/video-1?signature=abc',
  urlExpiresAt: '2099-01-01T00:00:00.000Z',
  ...overrides,
});

describe('ClientTestimonials', () => {
  it('plays each video the client left, with its upload date and size', async () => {
    mockApi({ 'GET /api/clients/c1/testimonials': () => jsonResponse(200, [testimonial()]) });
    renderWithProviders(<ClientTestimonials clientId="c1" />);
    const player = await screen.findByLabelText(/Video testimonial 1, uploaded Mar 14, 2026/);
    expect(player.tagName).toBe('VIDEO');
    expect(player).toHaveAttribute('src', 'http://storage.example/video-1?signature=abc');
    expect(player).toHaveAttribute('controls');
    expect(screen.getByText('Uploaded Mar 14, 2026 · 3.0 MB')).toBeInTheDocument();
  });

  it('says when there is no video yet', async () => {
    mockApi({ 'GET /api/clients/c2/testimonials': () => jsonResponse(200, []) });
    renderWithProviders(<ClientTestimonials clientId="c2" />);
    expect(await screen.findByText('No video testimonial yet.')).toBeInTheDocument();
  });

  it('fetches fresh links when a player finds its link expired', async () => {
    const fetchMock = mockApi({
      'GET /api/clients/c3/testimonials': () =>
        jsonResponse(200, [testimonial({ urlExpiresAt: '2000-01-01T00:00:00.000Z' })]),
    });
    renderWithProviders(<ClientTestimonials clientId="c3" />);
    fireEvent.error(await screen.findByLabelText(/Video testimonial 1/));
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/clients/c3/testimonials')).toHaveLength(2));
  });
});
