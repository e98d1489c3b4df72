// Sends the browser to another site (Stripe Checkout, the billing portal). One function, so tests
// can replace it: jsdom cannot navigate.
export function leaveAppTo(url: string): void {
  window.location.assign(url);
}
