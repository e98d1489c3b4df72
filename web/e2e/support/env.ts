// Facts the Playwright config and the specs share.
export const ADMIN_EMAIL = 'admin@e2e.test';
