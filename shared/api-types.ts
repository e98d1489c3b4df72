// The API contract: the shapes the web client compiles against and the handlers return.

/** Every error answer (DESIGN §6). */
export type ApiErrorBody = {
  message: string;
  code?: string;
  errors?: Record<string, string>;
};

/** The current user as the API returns it: never a password hash or token. */
export type User = {
  id: string;
  username: string;
  fullName: string;
  phone: string | null;
  isPro: boolean;
  isAdmin: boolean;
  googlePlaceId: string | null;
  businessName: string | null;
  businessLocation: string | null;
  signupDate: string;
  lastLoginDate: string | null;
};

export type ReviewStatus = 'pending' | 'requested' | 'submitted';
