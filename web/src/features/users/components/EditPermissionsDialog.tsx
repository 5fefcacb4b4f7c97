import { Button, Dialog, IconButton, Portal } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { ManagedUser } from '@caseload/contract/caseload';
import { CloseIcon } from '../../../components/icons.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { hasPermission, isOrganizationLimited } from '../../../lib/permissions.ts';
import { notify } from '../../../lib/toaster.ts';
import { useCurrentUser } from '../../auth/api/auth.ts';
import { useOrganizations } from '../../organizations/api/organizations.ts';
import { useUpdateUserPermissions } from '../api/users.ts';
import { permissionFormFrom, permissionsBody } from '../lib/permission-form.ts';
import { PermissionFields } from './PermissionFields.tsx';

const FORM_ID = 'edit-permissions-form';

/** The permission editor behind a user's edit button (PUT /api/users/{userId}/permissions). Mount it per user. */
export function EditPermissionsDialog({ user, onClose }: { user: ManagedUser; onClose: () => void }) {
  const me = useCurrentUser().data;
  const organizations = useOrganizations().data ?? [];
  const [values, setValues] = useState(() => permissionFormFrom(user.permissions));
  const [organizationError, setOrganizationError] = useState<string>();
  const update = useUpdateUserPermissions();
  const name = `${user.firstName} ${user.lastName}`;

  const close = () => !update.isPending && onClose();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // canManageUsers is not on the form; the user keeps what it has.
    const result = permissionsBody(values, user.permissions.canManageUsers);
    if ('error' in result) return setOrganizationError(result.error);
    update.mutate(
      { userId: user.id, body: result.body },
      {
        onSuccess: () => {
          notify.success({ title: 'Permissions updated', description: `${name}'s permissions have been saved.` });
          onClose();
        },
        onError: (error) => notify.error({ title: 'Failed to update user permissions', description: errorMessage(error, 'Please try again.') }),
      },
    );
  };

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && close()} size="lg" placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
              <Dialog.Title>Edit Permissions - {name}</Dialog.Title>
              <Dialog.Description color="fg.muted" fontSize="sm">
                Changes apply from {user.firstName}'s next action; no need to sign in again.
              </Dialog.Description>
            </Dialog.Header>
            <Dialog.Body>
              <form id={FORM_ID} onSubmit={submit} noValidate>
                <PermissionFields
                  values={values}
                  onChange={(next) => {
                    setValues(next);
                    setOrganizationError(undefined);
                  }}
                  canGrant={(flag) => hasPermission(me, flag)}
                  organizations={organizations}
                  allowAllOrganizations={!isOrganizationLimited(me)}
                  organizationError={organizationError}
                />
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close} disabled={update.isPending}>
                Cancel
              </Button>
              <Button type="submit" form={FORM_ID} colorPalette="blue" loading={update.isPending}>
                Save Permissions
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <IconButton aria-label="Close" variant="ghost" size="sm" disabled={update.isPending}>
                <CloseIcon />
              </IconButton>
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
