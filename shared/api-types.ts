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

/** A client as the API returns it. Key dates are `YYYY-MM-DD`; timestamps ISO-8601 UTC. */
export type Client = {
  id: string;
  agentId: string;
  name: string;
  email: string;
  phone: string;
  address: string | null;
  birthday: string | null;
  anniversary: string | null;
  purchaseDate: string | null;
  lastContactDate: string | null;
  reviewStatus: ReviewStatus;
  reviewRequestedAt: string | null;
  reviewSubmittedAt: string | null;
  /** The client left a video testimonial (GET /api/clients/{id}/testimonials lists them). */
  hasTestimonial: boolean;
  createdAt: string;
  updatedAt: string;
};

/** POST /api/clients: the client, and how many more the free plan allows (null: Pro, unlimited). */
export type CreatedClient = Client & { remainingFreeSlots: number | null };

export type ClientMilestone = {
  type: string;
  name: string;
  description: string;
  icon: 'Star' | 'Home';
  achievedAt: string;
};

export type ImportRowError = { row: number; message: string };

/** POST /api/clients/import. */
export type ImportResult = {
  imported: number;
  updated: number;
  skipped: number;
  errors: ImportRowError[];
  warnings: ImportRowError[];
  /** Why rows were left out (the free-plan cap), when any were. */
  message: string;
};
