// The automation occasion of each reminder kind (a home anniversary is the reminders' `home`); custom key dates have
// no automation rule of their own (the composer drafts for them on the agent's request).
import type { AutomationOccasion } from '@shared/automations';
import type { ReminderKind } from '@shared/reminders';

/** The occasions of a key date: the ones the composer drafts for (a home update is written from the estimate). */
export type KeyDateOccasion = Extract<AutomationOccasion, 'birthday' | 'anniversary' | 'home-anniversary'>;

export const KIND_OCCASION: Readonly<Partial<Record<ReminderKind, KeyDateOccasion>>> = {
  birthday: 'birthday',
  anniversary: 'anniversary',
  home: 'home-anniversary',
};
