import { Button, Dialog, IconButton, Portal } from '@chakra-ui/react';
import { useEffect, type FormEvent } from 'react';
import { CloseIcon } from '../../../components/icons.tsx';
import { errorMessage, serverFieldErrors } from '../../../lib/api.ts';
import { isOrganizationLimited } from '../../../lib/permissions.ts';
import { notify } from '../../../lib/toaster.ts';
import { useCurrentUser } from '../../auth/api/auth.ts';
import { useOrganizations } from '../../organizations/api/organizations.ts';
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
  const allowNoOrganization = !isOrganizationLimited(useCurrentUser().data);
  const form = useClientForm(emptyClientForm);
  const create = useCreateClient();
  const { values, reset, setField } = form;

  // A user limited to some organizations starts on the first of them ('None' is not theirs to choose).
  const firstOrganizationId = organizations[0]?.id;
  useEffect(() => {
    if (!allowNoOrganization && values.organizationId === NONE && firstOrganizationId) setField('organizationId', firstOrganizationId);
  }, [allowNoOrganization, values.organizationId, firstOrganizationId, setField]);

  const close = () => {
    if (create.isPending) return;
    reset(emptyClientForm);
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
        reset(emptyClientForm);
        onOpenChange(false);
      },
      // What was typed stays, with the server's messages next to the fields.
      onError: (error) => {
        form.setErrors(serverFieldErrors(error));
        notify.error({ title: 'Failed to add client', description: errorMessage(error, 'The client could not be saved. Please try again.') });
      },
    });
  };

  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && close()} size="lg" placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
              <Dialog.Title>Add New Client</Dialog.Title>
              <Dialog.Description color="fg.muted" fontSize="sm">
                Add a new client to your caseload. Only first name and last initial are stored for HIPAA compliance.
              </Dialog.Description>
            </Dialog.Header>
            <Dialog.Body>
              <form id={FORM_ID} onSubmit={submit} noValidate>
                <ClientFormFields
                  values={values}
                  onChange={setField}
                  errors={form.errors}
                  organizations={organizations}
                  allowNoOrganization={allowNoOrganization}
                />
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close} disabled={create.isPending}>
                Cancel
              </Button>
              <Button type="submit" form={FORM_ID} colorPalette="blue" loading={create.isPending} disabled={create.isPending}>
                Add Client
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <IconButton aria-label="Close" variant="ghost" size="sm" disabled={create.isPending}>
                <CloseIcon />
              </IconButton>
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
