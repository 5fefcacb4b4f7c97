import { useEffect, type FormEvent } from 'react';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { FormActions } from '../../../components/FormActions.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { isOrganizationLimited } from '../../../lib/permissions.ts';
import { notify } from '../../../lib/toaster.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useOrganizations } from '../../organizations/index.ts';
import { useCreateClient } from '../api/clients.ts';
import { emptyClientForm, NONE, validateClientForm } from '../lib/client-form.ts';
import { clientName } from '../lib/clients.ts';
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

  // A user limited to some organizations starts on the first of them ('None' is not theirs to choose).
  const firstOrganizationId = organizations[0]?.id;
  useEffect(() => {
    if (!allowNoOrganization && values.organizationId === NONE && firstOrganizationId) setField('organizationId', firstOrganizationId);
  }, [allowNoOrganization, values.organizationId, firstOrganizationId, setField]);

  const close = () => {
    if (create.isPending) return;
    reset(empty);
    onOpenChange(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateClientForm(values);
    if (!result.ok) return form.setErrors(result.errors);
    form.setErrors({});
    create.mutate(result.body, {
      onSuccess: (client) => {
        notify.success({ title: 'Client added', description: `${clientName(client)} has been added to your caseload.` });
        reset(empty);
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
