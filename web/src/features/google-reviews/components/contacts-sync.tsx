// The Contacts row's sync in Settings' Google card. Before any import (no sync has succeeded yet, and none was
// imported here): "Import Google contacts", which reads them and shows what the import will do before anything is
// written; then the import's progress and its outcome, and the first sync. After that: "Sync now". Focus follows the
// panel that replaces the button, and comes back to the button when the panel is put away.
import Alert from '@mui/material/Alert';
import type { ImportJob, IntegrationStatus } from '@shared/api-types';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { BusyButton } from '@/components/ui/busy-button';
import { errorMessage } from '@/lib/api-client';
import { useReadGoogleContacts } from '../api/import-google-contacts';
import { ClientsGroupSwitch } from './clients-group-switch';
import { GoogleImportPreview, GoogleImportProgress } from './google-contacts-import';
import { ContactsSyncButton, SyncActions } from './sync-now-buttons';

type Step = { kind: 'idle' } | { kind: 'preview'; job: ImportJob } | { kind: 'importing'; id: string };

type ContactsSyncProps = {
  status: IntegrationStatus;
  name: string;
  /** The "Connect again" button, when Google asks for it. */
  reconnect: ReactNode;
  /** Whether the "Hearthside clients" group is kept (GET /api/integrations). */
  clientsGroup: boolean;
};

export function ContactsSync({ status, name, reconnect, clientsGroup }: ContactsSyncProps) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [importedHere, setImportedHere] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const read = useReadGoogleContacts();
  const actionRef = useRef<HTMLButtonElement>(null);
  const returning = useRef(false);

  useEffect(() => {
    if (step.kind !== 'idle' || !returning.current) return;
    returning.current = false;
    actionRef.current?.focus();
  }, [step]);

  const backToIdle = () => {
    returning.current = true;
    setStep({ kind: 'idle' });
  };

  const handleRead = async () => {
    setFailure(null);
    try {
      setStep({ kind: 'preview', job: await read.trigger() });
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  if (step.kind === 'preview')
    return (
      <GoogleImportPreview
        job={step.job}
        onStarted={(id) => setStep({ kind: 'importing', id })}
        onCancel={backToIdle}
      />
    );
  if (step.kind === 'importing')
    return (
      <GoogleImportProgress
        id={step.id}
        onClose={() => {
          setImportedHere(true);
          backToIdle();
        }}
      />
    );

  const needsImport = status.lastSuccessAt === null && !importedHere;
  return (
    <>
      {failure ? (
        <Alert severity="error" role="alert">
          Your Google contacts could not be read. {failure}
        </Alert>
      ) : null}
      <SyncActions>
        {reconnect}
        {needsImport ? (
          <BusyButton
            ref={actionRef}
            variant="contained"
            busy={read.isMutating}
            busyLabel="Reading your Google contacts…"
            onClick={() => void handleRead()}
          >
            Import Google contacts
          </BusyButton>
        ) : (
          <ContactsSyncButton name={name} ref={actionRef} />
        )}
      </SyncActions>
      {needsImport ? null : <ClientsGroupSwitch enabled={clientsGroup} />}
    </>
  );
}
