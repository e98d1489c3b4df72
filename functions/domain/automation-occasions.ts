// The automation occasion of each reminder kind (a home anniversary is the reminders' `home`); custom key dates have
// no automation rule of their own (the composer drafts for them on the agent's request).
import type { AutomationOccasion } from '@shared/automations';
import type { ReminderKind } from '@shared/reminders';

export const KIND_OCCASION: Readonly<Partial<Record<ReminderKind, AutomationOccasion>>> = {
  birthday: 'birthday',
  anniversary: 'anniversary',
  home: 'home-anniversary',
};
