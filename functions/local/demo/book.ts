// The demo agent's book beyond the dozen functions/local/seed.ts adds (their part is regulars.ts): who the other
// clients are, when the agent added them, how they keep in touch (tags, rhythm, custom dates, consent to texts, who
// referred whom). Every date is counted from the seeding day (clock.ts). The people and addresses are invented; the
// phone numbers are 555-01xx, reserved for fiction.
import type { KeyDate } from '@shared/api-types';
import type { DemoClock } from './clock';

/** How often the agent is in touch: every month or two, a few times a year, or once and not since. */
export type Rhythm = 'close' | 'regular' | 'quiet';

/** What the story gives a client beyond the fields the agent types. */
export type Keeping = {
  tags: string[];
  cadenceDays?: number;
  keyDates?: KeyDate[];
  rhythm: Rhythm;
  /** The channel the client answers on. */
  prefers: 'email' | 'sms';
  /** The agent recorded the client's consent to texts (when the client was added, or when the year began). */
  consent?: boolean;
  /** No contact of the usual rhythm in this many last days (a rhythm that falls due today, a quiet spell). */
  quietDays?: number;
};

export type NewClient = Keeping & {
  name: string;
  email: string;
  phone: string;
  address?: string;
  postalCode?: string;
  birthday?: string;
  anniversary?: string;
  purchaseDate?: string;
  purchasePrice?: number;
  /** Another client's name. */
  referredBy?: string;
  /** Days before today the agent added the client (more than a year: before the story's year). */
  addedDaysAgo: number;
};

/** The rest of the book, in the order the agent met them. */
export function newClients(clock: DemoClock): NewClient[] {
  const { around, yearsAgo, day } = clock;
  const person = (name: string, n: number) => ({
    name,
    email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`,
    phone: `(${n % 2 ? '512' : '737'}) 555-01${String(n).padStart(2, '0')}`,
  });
  return [
    {
      ...person('Grace Thompson', 13),
      address: '4107 Avenue G, Austin, TX 78751',
      purchaseDate: around(-140, yearsAgo(2)),
      purchasePrice: 530000,
      tags: ['Past client', 'Austin'],
      cadenceDays: 90,
      rhythm: 'regular',
      prefers: 'email',
      consent: true,
      addedDaysAgo: 900,
    },
    {
      ...person('Thomas Nguyen', 14),
      address: '1200 Sundance Pkwy, Round Rock, TX 78681',
      birthday: around(-40, 1976),
      anniversary: around(150, 2004),
      purchaseDate: around(-95, yearsAgo(2)),
      purchasePrice: 465000,
      tags: ['Past client', 'Round Rock'],
      cadenceDays: 60,
      rhythm: 'regular',
      prefers: 'sms',
      consent: true,
      addedDaysAgo: 500,
    },
    {
      ...person('Hannah Wright', 15),
      address: '2811 Pecos St, Austin, TX 78703',
      birthday: around(121, 1993),
      purchaseDate: day(130),
      purchasePrice: 389000,
      tags: ['Past client', 'First-time buyer'],
      cadenceDays: 30,
      rhythm: 'close',
      prefers: 'email',
      addedDaysAgo: 240,
    },
    {
      ...person('Carlos Mendez', 16),
      address: '906 W Annie St, Austin, TX 78704',
      anniversary: around(33, 2011),
      purchaseDate: day(45),
      purchasePrice: 720000,
      tags: ['Seller', 'Past client'],
      rhythm: 'regular',
      prefers: 'sms',
      consent: true,
      addedDaysAgo: 300,
    },
    {
      ...person('Rachel Adams', 17),
      purchaseDate: day(14),
      purchasePrice: 455000,
      postalCode: '78745',
      tags: ['Past client'],
      rhythm: 'regular',
      prefers: 'email',
      addedDaysAgo: 160,
    },
    {
      ...person('Ben Foster', 18),
      birthday: around(0, 1985),
      tags: ['Sphere'],
      rhythm: 'regular',
      prefers: 'sms',
      consent: true,
      quietDays: 20,
      addedDaysAgo: 700,
    },
    {
      ...person('Laura Bennett', 19),
      address: '3402 Kerbey Ln, Austin, TX 78703',
      anniversary: around(0, 2008),
      purchaseDate: around(110, yearsAgo(5)),
      purchasePrice: 610000,
      tags: ['Past client', 'Austin'],
      rhythm: 'regular',
      prefers: 'email',
      quietDays: 20,
      addedDaysAgo: 1900,
    },
    {
      ...person('Marcus Hill', 20),
      address: '15 Palm Valley Blvd, Round Rock, TX 78664',
      purchaseDate: around(0, yearsAgo(3)),
      purchasePrice: 402000,
      tags: ['Past client', 'Round Rock'],
      rhythm: 'regular',
      prefers: 'email',
      quietDays: 20,
      addedDaysAgo: 1150,
    },
    {
      ...person('Nina Rossi', 21),
      birthday: around(150, 1979),
      tags: ['Investor'],
      cadenceDays: 30,
      rhythm: 'close',
      prefers: 'email',
      quietDays: 30,
      addedDaysAgo: 420,
    },
    {
      ...person('Owen Parker', 22),
      anniversary: around(-120, 2015),
      tags: ['Sphere'],
      cadenceDays: 60,
      rhythm: 'regular',
      prefers: 'email',
      quietDays: 60,
      addedDaysAgo: 600,
    },
    {
      ...person('Chloe Brooks', 23),
      birthday: around(-75, 1991),
      tags: ['Buyer'],
      cadenceDays: 21,
      rhythm: 'close',
      prefers: 'sms',
      consent: true,
      quietDays: 5,
      addedDaysAgo: 130,
    },
    {
      ...person('David Alvarez', 24),
      address: '7700 Parmer Ln, Austin, TX 78729',
      anniversary: around(210, 2017),
      tags: ['Seller'],
      cadenceDays: 30,
      rhythm: 'close',
      prefers: 'email',
      quietDays: 5,
      addedDaysAgo: 200,
    },
    {
      ...person("Megan O'Brien", 25),
      tags: ['Sphere'],
      rhythm: 'quiet',
      prefers: 'email',
      addedDaysAgo: 800,
    },
    {
      ...person('Tyler Scott', 26),
      tags: ['Buyer'],
      rhythm: 'regular',
      prefers: 'sms',
      consent: true,
      quietDays: 110,
      addedDaysAgo: 260,
    },
    {
      ...person('Jessica Park', 27),
      tags: ['Sphere'],
      rhythm: 'regular',
      prefers: 'email',
      quietDays: 30,
      addedDaysAgo: 1000,
    },
    {
      ...person('Samuel Green', 28),
      keyDates: [{ label: 'Closing day', date: day(-5) }],
      tags: ['Buyer'],
      cadenceDays: 14,
      referredBy: 'Grace Thompson',
      rhythm: 'close',
      prefers: 'email',
      addedDaysAgo: 220,
    },
    {
      ...person('Isabella Torres', 29),
      birthday: around(48, 1995),
      tags: ['Buyer', 'First-time buyer'],
      referredBy: 'Maria Lopez',
      rhythm: 'regular',
      prefers: 'sms',
      consent: true,
      addedDaysAgo: 180,
    },
    {
      ...person('Jacob Lee', 30),
      tags: ['Seller'],
      referredBy: 'Thomas Nguyen',
      rhythm: 'regular',
      prefers: 'email',
      addedDaysAgo: 90,
    },
    {
      ...person('Ava Robinson', 31),
      keyDates: [{ label: 'Lease ends', date: day(-20) }],
      tags: ['Buyer'],
      cadenceDays: 14,
      rhythm: 'close',
      prefers: 'sms',
      consent: true,
      addedDaysAgo: 60,
    },
    {
      ...person('Mia Collins', 32),
      tags: ['Past client'],
      purchaseDate: around(-220, yearsAgo(9)),
      rhythm: 'quiet',
      prefers: 'email',
      addedDaysAgo: 1400,
    },
    {
      ...person('Liam Murphy', 33),
      tags: ['Sphere'],
      rhythm: 'quiet',
      prefers: 'email',
      addedDaysAgo: 300,
    },
    {
      ...person('Henry Clark', 34),
      anniversary: around(-10, 1999),
      tags: ['Investor', 'VIP'],
      cadenceDays: 30,
      rhythm: 'close',
      prefers: 'sms',
      consent: true,
      addedDaysAgo: 650,
    },
    {
      ...person('Sofia Ramirez', 35),
      birthday: around(26, 1983),
      keyDates: [{ label: "Daughter's graduation", date: day(-40) }],
      tags: ['Past client', 'VIP'],
      purchaseDate: around(-300, yearsAgo(4)),
      purchasePrice: 575000,
      address: '5209 Shoal Creek Blvd, Austin, TX 78756',
      cadenceDays: 45,
      rhythm: 'close',
      prefers: 'sms',
      consent: true,
      addedDaysAgo: 1500,
    },
    {
      ...person('Andrew Kelly', 36),
      tags: ['Past client'],
      purchaseDate: around(180, yearsAgo(7)),
      purchasePrice: 348000,
      postalCode: '78759',
      rhythm: 'regular',
      prefers: 'email',
      addedDaysAgo: 2100,
    },
    {
      ...person('Emma Fischer', 37),
      anniversary: around(-60, 2013),
      tags: ['Sphere'],
      rhythm: 'regular',
      prefers: 'email',
      addedDaysAgo: 450,
    },
    {
      ...person('Ryan Cooper', 38),
      tags: ['Buyer'],
      rhythm: 'regular',
      prefers: 'sms',
      consent: true,
      addedDaysAgo: 110,
    },
    {
      ...person('Ella Hughes', 39),
      tags: ['Buyer', 'First-time buyer'],
      cadenceDays: 14,
      rhythm: 'close',
      prefers: 'email',
      addedDaysAgo: 20,
    },
  ];
}
