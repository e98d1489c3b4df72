// The automation occasion of each reminder kind (a home anniversary is the reminders' `home`).
import type { AutomationOccasion } from '@shared/automations';
import type { ReminderKind } from '@shared/reminders';

export const KIND_OCCASION: Record<ReminderKind, AutomationOccasion> = {
  birthday: 'birthday',
  anniversary: 'anniversary',
  home: 'home-anniversary',
};
