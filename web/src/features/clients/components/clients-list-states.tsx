// What the clients list shows instead of rows: no clients yet, no match for the search, a page past
// the end, or a page that could not be read.
import AddRounded from '@mui/icons-material/AddRounded';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import LastPageRounded from '@mui/icons-material/LastPageRounded';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { EmptyPanel } from '@/components/ui/empty-panel';
import { ImportContactsButton } from '@/components/ui/import-contacts-button';
import { ActionAlert } from '@/components/ui/action-alert';
import { LoadError } from '@/components/ui/load-error';
import { ApiError, errorMessage } from '@/lib/api-client';

/** The API's answer to a page link whose cursor no longer fits the list. */
const INVALID_CURSOR = 'INVALID_CURSOR';

type NoClientsProps = { onAdd: () => void; onImport: () => void };

export function NoClients({ onAdd, onImport }: NoClientsProps) {
  return (
    <EmptyPanel
      icon={<GroupAddOutlined fontSize="large" />}
      title="No clients yet"
      actions={
        <>
          <Button variant="contained" startIcon={<AddRounded />} onClick={onAdd}>
            Add your first client
          </Button>
          <ImportContactsButton onClick={onImport} label="Import your address book" />
        </>
      }
    >
      Add the people you've helped buy or sell a home, or bring in your address book from a CSV or vCard file. Birthdays
      and home anniversaries will turn into reminders on your dashboard.
    </EmptyPanel>
  );
}

type NoMatchesProps = { query: string; onClear: () => void };

export function NoMatches({ query, onClear }: NoMatchesProps) {
  return (
    <EmptyPanel
      icon={<SearchOffRounded fontSize="large" />}
      title={`No clients match “${query}”`}
      actions={
        <Button variant="outlined" onClick={onClear}>
          Show all clients
        </Button>
      }
    >
      Try part of a name or an email address.
    </EmptyPanel>
  );
}

type PastTheEndProps = { onFirstPage: () => void };

export function PastTheEnd({ onFirstPage }: PastTheEndProps) {
  return (
    <EmptyPanel
      icon={<LastPageRounded fontSize="large" />}
      title="No more clients"
      actions={
        <Button variant="outlined" onClick={onFirstPage}>
          Back to the first page
        </Button>
      }
    >
      This is past the last page of your clients.
    </EmptyPanel>
  );
}

type PageErrorProps = {
  error: Error;
  onRetry: () => void;
  onFirstPage: () => void;
  children: ReactNode;
};

/** A page that could not be read: a link to a page that no longer fits the list, or any other failure. */
export function PageError({ error, onRetry, onFirstPage, children }: PageErrorProps) {
  if (error instanceof ApiError && error.code === INVALID_CURSOR) {
    return (
      <Box sx={{ p: 3 }}>
        <ActionAlert severity="warning" actionLabel="Go to the first page" onAction={onFirstPage}>
          This page of clients is no longer available.
        </ActionAlert>
      </Box>
    );
  }
  return (
    <LoadError onRetry={onRetry} inset>
      {children} {errorMessage(error)}
    </LoadError>
  );
}
