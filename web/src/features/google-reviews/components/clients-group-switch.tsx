// Under Contacts in Settings' Google card, once the contacts were imported: whether Hearthside keeps a "Hearthside
// clients" group in the agent's Google contacts (every client in it, so caller ID and the phone's birthday reminders
// know them).
import { DescribedSwitch } from '@/components/ui/described-switch';
import { useToastedAction } from '@/components/ui/toast/use-toasted-action';
import { useSetContactsGroup } from '../api/contacts-group';

export const GROUP_LABEL = 'Keep a "Hearthside clients" group in Google Contacts';

export function ClientsGroupSwitch({ enabled }: { enabled: boolean }) {
  const { trigger } = useSetContactsGroup();
  const act = useToastedAction();
  return (
    <DescribedSwitch
      checked={enabled}
      save={(on) =>
        act(() => trigger(on), {
          done: () => ({ title: on ? 'The group is kept from the next sync' : 'The group is no longer kept' }),
          failureTitle: 'Not saved',
        })
      }
      label={GROUP_LABEL}
      description={(on) =>
        on
          ? 'Every client is in it, added as a contact when they are not one yet: your phone shows who is calling. A client you delete leaves the group; nothing is deleted in Google.'
          : 'Off: your clients are not added to your Google contacts.'
      }
    />
  );
}
