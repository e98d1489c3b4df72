// SEED=demo: a demo administrator, a demo Pro agent with a year of their book (functions/local/demo/) and a demo agent
// on the free plan, so a fresh `npm start` shows a working product.
import { config } from '../config';
import { createUser, getUserByUsername, setProStatus } from '../data/users';
import { hashPassword } from '../domain/passwords';
import { randomId } from '../domain/signed-tokens';
import { addToStats } from '../data/stats';
import { createClient, setReviewStatus } from '../client-record/record';
import { awardDueMilestones } from '../services/milestones';
import type { ClientItem } from '../data/clients';
import { seedFreeAgent } from './demo/free-agent';
import { DOZEN_ADDED_DAYS_AGO, seedStory } from './demo/story';
import { addDays, todayIn } from '@shared/dates';

export type DemoCredentials = {
  admin: { username: string; password: string };
  agent: { username: string; password: string };
  freeAgent: { username: string; password: string };
};

export const DEMO: DemoCredentials = {
  admin: { username: 'admin@demo.hearthside.app', password: 'demo-admin-2026' },
  agent: { username: 'agent@demo.hearthside.app', password: 'demo-agent-2026' },
  freeAgent: { username: 'free@demo.hearthside.app', password: 'demo-free-2026' },
};

export async function seedDemo(): Promise<DemoCredentials> {
  const cost = config().passwordHashCost;
  const people = [
    {
      ...DEMO.admin,
      fullName: 'Avery Admin',
      phone: '(555) 010-0001',
      isAdmin: true,
      businessName: undefined,
      businessLocation: undefined,
    },
    {
      ...DEMO.agent,
      fullName: 'Jordan Rivera',
      phone: '(555) 010-0002',
      isAdmin: false,
      businessName: 'Rivera Home Group',
      businessLocation: 'Austin, TX',
    },
    {
      ...DEMO.freeAgent,
      fullName: 'Casey Morgan',
      phone: '(555) 010-0003',
      isAdmin: false,
      businessName: 'Morgan Realty',
      businessLocation: 'Round Rock, TX',
    },
  ];
  for (const person of people) {
    if (await getUserByUsername(person.username)) continue;
    const id = randomId();
    const now = new Date().toISOString();
    await createUser({
      id,
      username: person.username,
      fullName: person.fullName,
      phone: person.phone,
      phoneDigits: person.phone.replace(/\D/g, ''),
      passwordHash: await hashPassword(person.password, cost),
      // Demo accounts have no mailbox to follow a link from: they start verified.
      emailVerifiedAt: now,
      timeZone: 'America/Chicago',
      businessName: person.businessName,
      businessLocation: person.businessLocation,
      now,
    });
    await addToStats({ agents: 1 });
    if (person.username === DEMO.freeAgent.username) await seedFreeAgent(id);
    else if (!person.isAdmin) await seedClients(id);
  }
  return DEMO;
}

/**
 * A dozen clients whose key dates fall around today, so the dashboard and reminders have something to show; the past
 * clients in Austin with their ZIP codes (from the address, or typed) and purchase prices, for their home values.
 */
async function seedClients(agentId: string): Promise<void> {
  const today = todayIn('America/Chicago');
  const year = Number(today.slice(0, 4));
  // A key date `days` from today, in the given year.
  const around = (days: number, inYear: number) => `${inYear}${addDays(today, days).slice(4)}`;
  const clients = [
    {
      name: 'Maria Lopez',
      email: 'maria.lopez@example.com',
      phone: '(512) 555-0101',
      address: '1402 Elm Street, Austin, TX 78703',
      birthday: around(3, 1984),
      anniversary: around(40, 2009),
      purchaseDate: around(12, year - 4),
      purchasePrice: 585000,
      review: 'submitted',
    },
    {
      name: 'James Carter',
      email: 'james.carter@example.com',
      phone: '(512) 555-0102',
      address: '88 Barton Hills Dr, Austin, TX 78704',
      birthday: around(18, 1979),
      purchaseDate: around(-30, year - 2),
      purchasePrice: 640000,
      review: 'requested',
    },
    {
      name: 'Priya Patel',
      email: 'priya.patel@example.com',
      phone: '(737) 555-0103',
      birthday: around(0, 1990),
      anniversary: around(95, 2016),
      purchaseDate: around(150, year - 1),
      postalCode: '78758',
      purchasePrice: 415000,
    },
    {
      name: 'Daniel Kim',
      email: 'daniel.kim@example.com',
      phone: '(512) 555-0104',
      address: '310 Rainey St #1204, Austin, TX 78701',
      anniversary: around(7, 2012),
      purchaseDate: around(-200, year - 6),
      purchasePrice: 455000,
      review: 'submitted',
    },
    { name: 'Sophie Martin', email: 'sophie.martin@example.com', phone: '(737) 555-0105', birthday: around(55, 1995) },
    {
      name: 'Robert Johnson',
      email: 'rob.johnson@example.com',
      phone: '(512) 555-0106',
      address: '5 Lakeway Blvd, Lakeway, TX 78734',
      birthday: around(120, 1962),
      anniversary: around(26, 1988),
      purchaseDate: around(33, year - 11),
      purchasePrice: 520000,
      review: 'submitted',
    },
    {
      name: 'Aisha Okafor',
      email: 'aisha.okafor@example.com',
      phone: '(512) 555-0107',
      birthday: around(210, 1987),
      purchaseDate: around(9, year - 1),
    },
    { name: 'Lucas Silva', email: 'lucas.silva@example.com', phone: '(737) 555-0108', anniversary: around(300, 2019) },
    {
      name: 'Emily Chen',
      email: 'emily.chen@example.com',
      phone: '(512) 555-0109',
      address: '2200 S Lamar Blvd, Austin, TX 78704',
      birthday: around(45, 1992),
      anniversary: around(45, 2020),
      purchaseDate: around(70, year - 3),
      purchasePrice: 710000,
      review: 'requested',
    },
    { name: 'Michael Brown', email: 'michael.brown@example.com', phone: '(512) 555-0110', birthday: around(-10, 1975) },
    {
      name: 'Olivia Davis',
      email: 'olivia.davis@example.com',
      phone: '(737) 555-0111',
      purchaseDate: around(250, year - 8),
      // No street address on file: the agent typed the ZIP code.
      postalCode: '78745',
      purchasePrice: 298000,
      review: 'submitted',
    },
    { name: 'Noah Wilson', email: 'noah.wilson@example.com', phone: '(512) 555-0112', birthday: around(27, 2000) },
  ];
  // The demo agent is Pro so the dozen fit.
  await setProStatus(agentId, true);
  await addToStats({ proAgents: 1 });
  const created: ClientItem[] = [];
  // In the book since before the demo's year.
  const added = new Date(Date.now() - DOZEN_ADDED_DAYS_AGO * 86_400_000);
  for (const { review, ...input } of clients) {
    const { client } = await createClient(agentId, input, added);
    if (review) await setReviewStatus(agentId, client.id, review as 'requested' | 'submitted');
    await awardDueMilestones({ ...client, reviewStatus: (review as 'submitted' | undefined) ?? 'pending' }, today);
    created.push(client);
  }
  await seedStory(agentId, created);
}
