import { Box, Button, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { RosterEntry } from '@caseload/contract/roster';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { FormActions } from '../../../components/FormActions.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { isOrganizationLimited } from '../../../lib/permissions.ts';
import { RosterPicker } from '../../roster-import/index.ts';
import { notify } from '../../../lib/toaster.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useOrganizations } from '../../organizations/index.ts';
import { useCreateClient } from '../api/clients.ts';
import { emptyClientForm, NONE, validateClientForm } from '../lib/client-form.ts';
import { clientName } from '../../../lib/clients.ts';
import { ClientFormFields } from './ClientFormFields.tsx';
import { useClientForm } from './useClientForm.ts';

const FORM_ID = 'add-client-form';

interface AddClientDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function AddClientDialog({ open, onOpenChange }: AddClientDialogProps) {
  const organizations = useOrganizations().data ?? [];
  const user = useCurrentUser().data;
  const allowNoOrganization = !isOrganizationLimited(user);
  const empty = emptyClientForm(user?.id);
  const form = useClientForm(empty);
  const create = useCreateClient();
  const { values, reset, setField } = form;
  const [fromRoster, setFromRoster] = useState(false);
  const [entry, setEntry] = useState<RosterEntry>();

  /** A roster student fills the form's name, grade and school; the server takes them from the entry. */
  const pick = (picked: RosterEntry) => {
    setEntry(picked);
    setField('firstName', picked.firstName);
    setField('lastInitial', picked.lastInitial);
    setField('gradeLevel', picked.gradeLevel ?? NONE);
    setField('organizationId', picked.organizationId ?? NONE);
    setFromRoster(false);
  };

  // A user limited to some organizations starts on the first of them ('None' is not theirs to choose).
  const firstOrganizationId = organizations[0]?.id;
  useEffect(() => {
    if (!allowNoOrganization && values.organizationId === NONE && firstOrganizationId) setField('organizationId', firstOrganizationId);
  }, [allowNoOrganization, values.organizationId, firstOrganizationId, setField]);

  const close = () => {
    if (create.isPending) return;
    reset(empty);
    setEntry(undefined);
    setFromRoster(false);
    onOpenChange(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateClientForm(values);
    if (!result.ok) return form.setErrors(result.errors);
    form.setErrors({});
    create.mutate(entry ? { ...result.body, rosterEntryId: entry.id } : result.body, {
      onSuccess: (client) => {
        notify.success({ title: 'Client added', description: `${clientName(client)} has been added to your caseload.` });
        reset(empty);
        setEntry(undefined);
        onOpenChange(false);
      },
      // What was typed stays, with the server's messages next to the fields.
      onError: (error) => {
        form.setServerErrors(error);
        notify.error({ title: 'Failed to add client', description: errorMessage(error, 'The client could not be saved. Please try again.') });
      },
    });
  };

  return (
    <AppDialog
      open={open}
      onClose={close}
      size="lg"
      title="Add New Client"
      description="Add a new client to your caseload. Only first name and last initial are stored for HIPAA compliance."
      footer={<FormActions onCancel={close} pending={create.isPending} form={FORM_ID} submitLabel="Add Client" />}
      closeDisabled={create.isPending}
    >
      <Box mb="4">
        <Button size="sm" variant="outline" onClick={() => setFromRoster((v) => !v)} aria-expanded={fromRoster}>
          From the district roster
        </Button>
        {entry && (
          <Text fontSize="sm" mt="2" role="status">{`From the district roster: ${entry.firstName} ${entry.lastInitial}.`}</Text>
        )}
        {fromRoster && (
          <Box mt="3">
            <RosterPicker organizations={organizations} onPick={pick} />
          </Box>
        )}
      </Box>
      <form id={FORM_ID} onSubmit={submit} noValidate>
        <ClientFormFields
          values={values}
          onChange={setField}
          errors={form.errors}
          organizations={organizations}
          allowNoOrganization={allowNoOrganization}
        />
      </form>
    </AppDialog>
  );
}
