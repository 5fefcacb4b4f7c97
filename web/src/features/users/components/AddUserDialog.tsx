import { Alert, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { createUserBody } from '@caseload/contract/caseload';
import { roleLabels, roles, type Role } from '@caseload/contract/enums';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { FormActions } from '../../../components/FormActions.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { errorMessage, isApiError, serverFieldErrors } from '../../../lib/api.ts';
import { zodFieldErrors, type FieldErrors } from '../../../lib/form.ts';
import { hasPermission, isOrganizationLimited } from '../../../lib/permissions.ts';
import { notify } from '../../../lib/toaster.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useOrganizations } from '../../organizations/index.ts';
import { useCreateUser } from '../api/users.ts';
import { defaultPermissionForm, permissionsBody, type PermissionFormValues } from '../lib/permission-form.ts';
import { PermissionFields } from './PermissionFields.tsx';

interface UserValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  role: Role;
}
const emptyUser: UserValues = { firstName: '', lastName: '', email: '', password: '', role: 'slp' };
const requiredFields = ['firstName', 'lastName', 'email', 'password'] as const;
const roleOptions = roles.map((role) => ({ value: role, label: roleLabels[role] }));
const FORM_ID = 'add-user-form';

/** A server message keyed 'user.email' belongs to the Email field. */
function userFieldErrors(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(serverFieldErrors(error))) errors[path.replace(/^user\./, '')] ??= message;
  return errors;
}

export function AddUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const me = useCurrentUser().data;
  const allowAll = !isOrganizationLimited(me);
  const organizations = useOrganizations().data ?? [];
  const [user, setUser] = useState(emptyUser);
  const [permissions, setPermissions] = useState<PermissionFormValues>(() => defaultPermissionForm(allowAll));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateUser();

  const reset = () => {
    setUser(emptyUser);
    setPermissions(defaultPermissionForm(allowAll));
    setErrors({});
    setFailure(null);
  };
  const close = () => {
    if (create.isPending) return;
    reset();
    onOpenChange(false);
  };

  const field = (name: keyof UserValues) => ({
    value: user[name],
    error: errors[name],
    onChange: (value: string) => {
      setUser((current) => ({ ...current, [name]: value }));
      setErrors(({ [name]: _cleared, ...rest }) => rest);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const userCheck = createUserBody.shape.user.safeParse(user);
    const fieldErrors = userCheck.success ? {} : zodFieldErrors(userCheck.error);
    if (requiredFields.some((name) => user[name].trim() === '')) {
      notify.error({ title: 'Error', description: 'Please fill in all required fields' });
    }
    const permissionResult = permissionsBody(permissions);
    if ('error' in permissionResult) fieldErrors.organizations = permissionResult.error;
    setErrors(fieldErrors);
    if (!userCheck.success || 'error' in permissionResult) return;

    create.mutate(
      { user: userCheck.data, permissions: permissionResult.body },
      {
        onSuccess: (created) => {
          notify.success({ title: 'User created', description: `${created.firstName} ${created.lastName} can now sign in.` });
          reset();
          onOpenChange(false);
        },
        onError: (error) => {
          const serverErrors = userFieldErrors(error);
          if (isApiError(error, 409)) serverErrors.email ??= errorMessage(error, 'This email is already in use');
          setErrors(serverErrors);
          setFailure(errorMessage(error, 'Failed to create user'));
          notify.error({ title: 'Error', description: 'Failed to create user' });
        },
      },
    );
  };

  return (
    <AppDialog
      open={open}
      onClose={close}
      size="lg"
      title="Add User"
      description="Create a team member who signs in to your account with the permissions you choose."
      footer={<FormActions onCancel={close} pending={create.isPending} form={FORM_ID} submitLabel="Create User" />}
      closeDisabled={create.isPending}
    >
      <form id={FORM_ID} onSubmit={submit} noValidate>
        <Stack gap="4">
          {failure && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          )}
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <TextField label="First Name" {...field('firstName')} required autoComplete="off" maxLength={100} />
            <TextField label="Last Name" {...field('lastName')} required autoComplete="off" maxLength={100} />
          </SimpleGrid>
          <TextField label="Email" type="email" {...field('email')} required autoComplete="off" maxLength={255} />
          <TextField
            label="Password"
            type="password"
            {...field('password')}
            required
            autoComplete="new-password"
            helperText="At least 12 characters with upper- and lower-case letters, a number and one of @$!%*?&."
          />
          <SelectField label="Role" {...field('role')} options={roleOptions} />
          <PermissionFields
            values={permissions}
            onChange={(update) => {
              setPermissions(update);
              setErrors(({ organizations: _cleared, ...rest }) => rest);
            }}
            canGrant={(flag) => hasPermission(me, flag)}
            organizations={organizations}
            allowAllOrganizations={allowAll}
            organizationError={errors.organizations ?? errors['permissions.allowedOrganizationIds']}
          />
        </Stack>
      </form>
    </AppDialog>
  );
}
