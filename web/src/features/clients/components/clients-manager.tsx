// The clients page body: search, the list a page at a time from the API (GET /api/clients?limit=
// &q=&sort=&order=&cursor=, the view kept in the URL: see use-client-list.ts), and every dialog that
// acts on a client. The route passes in what other features add (inviting, each row's actions).
import AddRounded from '@mui/icons-material/AddRounded';
import Button from '@mui/material/Button';
import { useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Client } from '@shared/api-types';
import { FREE_CLIENT_LIMIT } from '@shared/constants';
import { ImportContactsButton } from '@/components/ui/import-contacts-button';
import { PageLayout } from '@/components/ui/page-layout';
import { paths } from '@/config/paths';
import { ClientDialogs } from './client-dialogs';
import { ClientsListCard } from './clients-list-card';
import { ExportClientsButton } from './export-clients-button';
import { ImportJobCard } from './import-job-card';
import { PlanNotice } from './plan-notice';
import { useClientDialogs } from './use-client-dialogs';
import { useClientList } from './use-client-list';
import { useImportJobWatch } from './use-import-job';

type ClientsManagerProps = {
  isPro: boolean;
  /** More buttons for the page header (inviting a client). */
  headerActions?: ReactNode;
  /** Shown above the list (the open invitations). */
  aboveList?: ReactNode;
  /** More actions on each row of the list, before Edit (Send a message). */
  renderRowActions?: (client: Client) => ReactNode;
};

export function ClientsManager({ isPro, headerActions, aboveList, renderRowActions }: ClientsManagerProps) {
  const navigate = useNavigate();
  const list = useClientList();
  // A big import: followed here, so its progress stays on the page, also after a reload.
  const importJob = useImportJobWatch();
  // The whole book's size (the free plan's counter), from the API's total: never the list's length.
  const count = list.bookTotal;
  const dialogs = useClientDialogs({
    atFreeLimit: !isPro && (count ?? 0) >= FREE_CLIENT_LIMIT,
    countKnown: count !== undefined || Boolean(list.error),
  });
  const searchRef = useRef<HTMLInputElement>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);

  return (
    <PageLayout
      title="Clients"
      description="Everyone you've helped home, in one place."
      actions={
        <>
          {headerActions}
          <ImportContactsButton onClick={dialogs.handleImport} />
          <ExportClientsButton />
          <Button ref={addButtonRef} variant="contained" startIcon={<AddRounded />} onClick={dialogs.handleAdd}>
            Add Client
          </Button>
        </>
      }
    >
      {count !== undefined && !isPro ? (
        <PlanNotice count={count} onUpgrade={() => navigate(paths.settings.getHref())} />
      ) : null}
      <ImportJobCard watch={importJob} onOpen={dialogs.handleImport} />
      {aboveList}
      <ClientsListCard
        list={list}
        isPro={isPro}
        searchRef={searchRef}
        onAdd={dialogs.handleAdd}
        onImport={dialogs.handleImport}
        onEdit={dialogs.handleEdit}
        onDelete={dialogs.handleAskDelete}
        renderRowActions={renderRowActions}
      />
      <ClientDialogs dialogs={dialogs} importJob={importJob} focusAfterDelete={[searchRef, addButtonRef]} />
    </PageLayout>
  );
}
