import { dueMilestones, type MilestoneClient } from './milestones';

const client = (overrides: Partial<MilestoneClient> = {}): MilestoneClient => ({
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: '555-123-4567',
  reviewStatus: 'pending',
  ...overrides,
});

const complete = (overrides: Partial<MilestoneClient> = {}) =>
  client({
    birthday: '1980-07-04',
    anniversary: '2010-02-14',
    purchaseDate: '2024-05-10',
    reviewStatus: 'submitted',
    ...overrides,
  });

const types = (c: MilestoneClient, today: string) => dueMilestones(c, today).map((m) => m.type);

describe('due milestones', () => {
  it('gives none to a new client with nothing special yet', () => {
    expect(dueMilestones(client(), '2025-06-01')).toEqual([]);
  });

  describe('profile complete', () => {
    it('is earned with all 7 profile items, a submitted review included', () => {
      expect(dueMilestones(complete(), '2025-01-01')).toContainEqual({
        type: 'profile-complete',
        name: 'Profile Complete',
        description: expect.any(String),
        icon: 'Star',
      });
    });

    it('is not earned while any item is missing', () => {
      expect(types(complete({ anniversary: null }), '2025-01-01')).not.toContain('profile-complete');
      expect(types(complete({ reviewStatus: 'requested' }), '2025-01-01')).not.toContain('profile-complete');
    });
  });

  describe('review submitted', () => {
    it('is earned once the review is submitted', () => {
      expect(dueMilestones(client({ reviewStatus: 'submitted' }), '2025-01-01')).toEqual([
        { type: 'review-submitted', name: 'Review Submitted', description: expect.any(String), icon: 'Star' },
      ]);
    });

    it('is not earned for a requested review', () => {
      expect(dueMilestones(client({ reviewStatus: 'requested' }), '2025-01-01')).toEqual([]);
    });
  });

  describe('homeowner anniversaries', () => {
    it('gives one per passed home anniversary, counting the anniversary day itself, each dated by the anniversary it marks', () => {
      const buyer = client({ purchaseDate: '2022-06-01' });
      expect(dueMilestones(buyer, '2025-06-01')).toEqual(
        [1, 2, 3].map((n) => ({
          type: `homeowner-${n}`,
          name: `${n} Year Homeowner`,
          description: expect.any(String),
          icon: 'Home',
          achievedOn: `${2022 + n}-06-01`,
        })),
      );
    });

    it('dates a 29 February purchase’s anniversaries on 28 February in years without one', () => {
      expect(dueMilestones(client({ purchaseDate: '2024-02-29' }), '2029-03-01').map((m) => m.achievedOn)).toEqual([
        '2025-02-28',
        '2026-02-28',
        '2027-02-28',
        '2028-02-29',
        '2029-02-28',
      ]);
    });

    it('waits for the anniversary day', () => {
      expect(types(client({ purchaseDate: '2022-06-01' }), '2025-05-31')).toEqual(['homeowner-1', 'homeowner-2']);
    });

    it('gives none in the first year', () => {
      expect(types(client({ purchaseDate: '2024-06-02' }), '2025-06-01')).toEqual([]);
    });

    it('counts a 29 February purchase on 28 February in years without one', () => {
      expect(types(client({ purchaseDate: '2024-02-29' }), '2025-02-28')).toEqual(['homeowner-1']);
      expect(types(client({ purchaseDate: '2024-02-29' }), '2025-02-27')).toEqual([]);
    });

    it('ignores a missing or invalid purchase date', () => {
      expect(types(client({ purchaseDate: null }), '2025-06-01')).toEqual([]);
      expect(types(client({ purchaseDate: '2023-02-29' }), '2025-06-01')).toEqual([]);
    });
  });

  it('describes each milestone in one short sentence', () => {
    for (const milestone of dueMilestones(complete({ purchaseDate: '2020-01-01' }), '2025-06-01')) {
      expect(milestone.description.length).toBeGreaterThan(10);
      expect(milestone.description.length).toBeLessThanOrEqual(80);
    }
    expect(dueMilestones(client({ purchaseDate: '2020-01-01' }), '2021-06-01')[0]?.description).toBe(
      'Celebrating 1 year in their home.',
    );
    expect(dueMilestones(client({ purchaseDate: '2020-01-01' }), '2022-06-01')[1]?.description).toBe(
      'Celebrating 2 years in their home.',
    );
  });

  it('lists profile, review, then homeowner milestones in order', () => {
    expect(types(complete({ purchaseDate: '2023-01-01' }), '2025-06-01')).toEqual([
      'profile-complete',
      'review-submitted',
      'homeowner-1',
      'homeowner-2',
    ]);
  });
});
