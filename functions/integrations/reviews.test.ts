import { resetConfig } from '../config';
import { fetchPlaceReviews, writeReviewUrl } from './reviews';

const saved = { ...process.env };
beforeAll(() => {
  Object.assign(process.env, { APP_URL: 'http://localhost:3000', TABLE_NAME: 't', GOOGLE_PLACES_API_KEY: 'k' });
  resetConfig();
});
afterAll(() => {
  process.env = saved;
  resetConfig();
  jest.restoreAllMocks();
});

describe('Google Place Details', () => {
  it('gives up after the timeout instead of hanging', async () => {
    // Prepare: Google never answers; the request only ends when its signal aborts.
    jest
      .spyOn(globalThis, 'fetch')
      .mockImplementation(
        (_url, init) =>
          new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))),
      );
    // Act
    const outcome = fetchPlaceReviews('ChIJ123', { timeoutMs: 50 });
    // Assess
    await expect(outcome).rejects.toMatchObject({ name: 'ReviewProviderError', reason: 'timeout' });
  });

  it('keeps only reviews with an author, and the write-a-review link when Google gives one', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({
          reviews: [
            { authorAttribution: { displayName: 'Maria L.' }, rating: 5, publishTime: '2025-01-01T00:00:00Z' },
            { authorAttribution: {} },
            { rating: 4 },
          ],
          googleMapsLinks: { writeAReviewUri: 'https://www.google.com/maps/place//data=!12e1' },
        }),
        { status: 200 },
      ),
    );
    await expect(fetchPlaceReviews('ChIJ123')).resolves.toEqual({
      reviews: [{ authorName: 'Maria L.', rating: 5, publishTime: '2025-01-01T00:00:00Z' }],
      writeReviewUrl: 'https://www.google.com/maps/place//data=!12e1',
    });
  });

  it("links to Google's documented write-a-review page for a Place ID", () => {
    expect(writeReviewUrl('ChIJN1t_tDeuEmsRUsoyG83frY4')).toBe(
      'https://search.google.com/local/writereview?placeid=ChIJN1t_tDeuEmsRUsoyG83frY4',
    );
  });
});
