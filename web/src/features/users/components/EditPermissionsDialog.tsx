import { useState, type FormEvent } from 'react';
import type { ManagedUser } from '@caseload/contract/caseload';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { FormActions } from '../../../components/FormActions.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { hasPermission, isOrganizationLimited } from '../../../lib/permissions.ts';
import { notify } from '../../../lib/toaster.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useOrganizations } from '../../organizations/index.ts';
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
    <AppDialog
      open
      onClose={close}
      size="lg"
      title={<>Edit Permissions - {name}</>}
      description={<>Changes apply from {user.firstName}'s next action; no need to sign in again.</>}
      footer={<FormActions onCancel={close} pending={update.isPending} form={FORM_ID} submitLabel="Save Permissions" />}
      closeDisabled={update.isPending}
    >
      <form id={FORM_ID} onSubmit={submit} noValidate>
        <PermissionFields
          values={values}
          onChange={(update) => {
            setValues(update);
            setOrganizationError(undefined);
          }}
          canGrant={(flag) => hasPermission(me, flag)}
          organizations={organizations}
          allowAllOrganizations={!isOrganizationLimited(me)}
          organizationError={organizationError}
        />
      </form>
    </AppDialog>
  );
}
