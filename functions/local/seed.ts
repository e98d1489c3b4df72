// SEED=demo: a demo administrator and a demo agent, so a fresh `npm start` shows a working product.
import { config } from '../config';
import { createUser, getUserByUsername } from '../data/users';
import { hashPassword } from '../domain/passwords';
import { randomId } from '../domain/signed-tokens';
import { addToStats } from '../data/stats';

export type DemoCredentials = { admin: { username: string; password: string }; agent: { username: string; password: string } };

export const DEMO: DemoCredentials = {
  admin: { username: 'admin@demo.hearthside.app', password: 'demo-admin-2026' },
  agent: { username: 'agent@demo.hearthside.app', password: 'demo-agent-2026' },
};

export async function seedDemo(): Promise<DemoCredentials> {
  const cost = config().passwordHashCost;
  const people = [
    { ...DEMO.admin, fullName: 'Avery Admin', phone: '(555) 010-0001', isAdmin: true, businessName: undefined, businessLocation: undefined },
    { ...DEMO.agent, fullName: 'Jordan Rivera', phone: '(555) 010-0002', isAdmin: false, businessName: 'Rivera Home Group', businessLocation: 'Austin, TX' },
  ];
  for (const person of people) {
    if (await getUserByUsername(person.username)) continue;
    const now = new Date().toISOString();
    await createUser({
      id: randomId(),
      username: person.username,
      fullName: person.fullName,
      phone: person.phone,
      phoneDigits: person.phone.replace(/\D/g, ''),
      passwordHash: await hashPassword(person.password, cost),
      isAdmin: person.isAdmin,
      timeZone: 'America/Chicago',
      businessName: person.businessName,
      businessLocation: person.businessLocation,
      now,
    });
    await addToStats({ agents: 1 });
  }
  return DEMO;
}
