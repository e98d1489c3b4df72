// One client record with every field past its name, e-mail and phone empty: for made-up and test clients.
import type { Client } from '@shared/api-types';

/**
 * A client as the API answers one that has only a name, an e-mail and a phone: no dates, tags or rhythm, nothing sent
 * or asked yet. The made-up clients of the Insights sample and the tests' clients start from it.
 */
export function bareClient({
  id,
  agentId,
  name,
  email,
  phone,
  createdAt,
}: Pick<Client, 'id' | 'agentId' | 'name' | 'email' | 'phone' | 'createdAt'>): Client {
  return {
    id,
    agentId,
    name,
    email,
    phone,
    address: null,
    birthday: null,
    anniversary: null,
    purchaseDate: null,
    postalCode: null,
    purchasePrice: null,
    lastContactDate: null,
    timeZone: null,
    emailOptedOut: false,
    smsOptedOut: false,
    automationsPaused: false,
    smsConsent: { status: 'none', source: null, at: null },
    reviewStatus: 'pending',
    reviewRequestedAt: null,
    reviewSubmittedAt: null,
    hasTestimonial: false,
    tags: [],
    keyDates: [],
    cadenceDays: null,
    createdAt,
    updatedAt: createdAt,
  };
}
