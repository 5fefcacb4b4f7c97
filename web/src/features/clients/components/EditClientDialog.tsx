import { Alert, Flex, Tabs } from '@chakra-ui/react';
import { lazy, Suspense, type FormEvent } from 'react';
import type { Client } from '@caseload/contract/caseload';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { FormActions } from '../../../components/FormActions.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { isOrganizationLimited, usePermission } from '../../../lib/permissions.ts';
import { notify } from '../../../lib/toaster.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useOrganizations } from '../../organizations/index.ts';
import { useUpdateClient } from '../api/clients.ts';
import { validateClientForm, valuesFromClient } from '../lib/client-form.ts';
import { clientName } from '../../../lib/clients.ts';
import { ClientFormFields } from './ClientFormFields.tsx';
import { useClientForm } from './useClientForm.ts';

// The goals tab brings its own editor and charts; it loads when the tab is first opened.
const ClientGoalsTab = lazy(() => import('../../goals/index.ts').then((m) => ({ default: m.ClientGoalsTab })));

const FORM_ID = 'edit-client-form';

interface EditClientDialogProps {
  client: Client;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Client Information' (the client form) and 'Goals & Progress' (part 2). The form
 * starts from the record as it was when the dialog opened (mount it per client): a background
 * refetch of the list does not wipe what is being typed.
 */
export function EditClientDialog({ client, open, onOpenChange }: EditClientDialogProps) {
  const organizations = useOrganizations().data ?? [];
  const allowNoOrganization = !isOrganizationLimited(useCurrentUser().data);
  const canEdit = usePermission('canEditClients');
  const form = useClientForm(valuesFromClient(client));
  const update = useUpdateClient();
  const { values, setField } = form;

  const close = () => {
    if (update.isPending) return;
    onOpenChange(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canEdit) return;
    const result = validateClientForm(values);
    if (!result.ok) return form.setErrors(result.errors);
    form.setErrors({});
    update.mutate(
      { id: client.id, body: result.body },
      {
        onSuccess: () => {
          notify.success({ title: 'Client updated', description: 'Client information has been updated successfully.' });
          onOpenChange(false);
        },
        onError: (error) => {
          form.setServerErrors(error);
          notify.error({ title: 'Update failed', description: 'Failed to update client information.' });
        },
      },
    );
  };

  return (
    <AppDialog
      open={open}
      onClose={close}
      size="xl"
      // A user who may not edit clients is only looking: the title must not promise an edit.
      title={canEdit ? <>Edit Client - {clientName(client)}</> : <>Client details - {clientName(client)}</>}
      description={canEdit ? 'Update client information and manage goals and progress.' : "This client's information, goals and progress."}
      closeDisabled={update.isPending}
    >
      <Tabs.Root defaultValue="info" lazyMount unmountOnExit>
        <Tabs.List>
          <Tabs.Trigger value="info">Client Information</Tabs.Trigger>
          <Tabs.Trigger value="goals">Goals &amp; Progress</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="info">
          {!canEdit && (
            <Alert.Root status="info" mb="4">
              <Alert.Indicator />
              <Alert.Title>You can view this client but not change it.</Alert.Title>
            </Alert.Root>
          )}
          <form id={FORM_ID} onSubmit={submit} noValidate>
            <ClientFormFields
              values={values}
              onChange={setField}
              errors={form.errors}
              organizations={organizations}
              allowNoOrganization={allowNoOrganization}
              disabled={!canEdit}
            />
            <Flex justify="flex-end" gap="3" mt="6">
              <FormActions
                onCancel={close}
                pending={update.isPending}
                cancelLabel={canEdit ? 'Cancel' : 'Close'}
                submitLabel={canEdit ? 'Save Changes' : undefined}
              />
            </Flex>
          </form>
        </Tabs.Content>
        <Tabs.Content value="goals">
          <Suspense fallback={<PageSpinner minH="40" />}>
            <ClientGoalsTab clientId={client.id} />
          </Suspense>
        </Tabs.Content>
      </Tabs.Root>
    </AppDialog>
  );
}
