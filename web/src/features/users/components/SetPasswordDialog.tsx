import { useState, type FormEvent } from 'react';
import { setUserPasswordBody } from '@caseload/contract/account-import';
import type { ManagedUser } from '@caseload/contract/caseload';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { FormActions } from '../../../components/FormActions.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toaster.ts';
import { useSetUserPassword } from '../api/users.ts';

const FORM_ID = 'set-password-form';

/**
 * The first password of a user imported with the district (part 4 §5), which activates the user.
 * Checked with the contract's rules before sending; a failed send (the network dropped) keeps what
 * was typed, and the server's refusal shows under the field.
 */
export function SetPasswordDialog({ user, onClose }: { user: ManagedUser; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const set = useSetUserPassword();
  const name = `${user.firstName} ${user.lastName}`;
  const close = () => !set.isPending && onClose();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = setUserPasswordBody.safeParse({ password });
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    set.mutate(
      { id: user.id, password: checked.data.password },
      {
        onSuccess: () => {
          notify.success({ title: 'Password set', description: `${name} is active and can sign in with this password.` });
          onClose();
        },
        onError: (failure) => setError(errorMessage(failure, 'The password could not be saved. Check your connection and try again.')),
      },
    );
  };

  return (
    <AppDialog
      open
      onClose={close}
      title={<>Set password - {name}</>}
      description={<>{user.firstName} came with the imported district and cannot sign in yet. Setting a password activates the user; tell them the password in person.</>}
      footer={<FormActions onCancel={close} pending={set.isPending} form={FORM_ID} submitLabel="Set password" />}
      closeDisabled={set.isPending}
    >
      <form id={FORM_ID} onSubmit={submit} noValidate>
        <TextField
          label="New password"
          type="password"
          value={password}
          onChange={(value) => {
            setPassword(value);
            setError(undefined);
          }}
          error={error}
          required
          autoComplete="new-password"
          helperText="At least 12 characters with upper- and lower-case letters, a number and one of @$!%*?&."
        />
      </form>
    </AppDialog>
  );
}
