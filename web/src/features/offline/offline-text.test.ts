import { offlineBannerText, waitingText } from './offline-text';

describe('the offline banner', () => {
  const now = new Date(2026, 10, 27, 15, 0);

  it('says when the answer shown was read, by the clock when it was today', () => {
    expect(offlineBannerText(new Date(2026, 10, 27, 9, 41).toISOString(), now)).toBe(
      "You're offline. Showing what you saw at 9:41 AM.",
    );
  });

  it('names the day when the answer shown was read on another day', () => {
    expect(offlineBannerText(new Date(2026, 10, 25, 18, 5).toISOString(), now)).toBe(
      "You're offline. Showing what you saw on Nov 25, 6:05 PM.",
    );
  });

  it('says only that the agent is offline when nothing is shown from the copy', () => {
    expect(offlineBannerText(null, now)).toBe("You're offline.");
  });

  it('counts the actions waiting to be sent', () => {
    expect(waitingText(2)).toBe('Waiting to send (2)');
  });
});
