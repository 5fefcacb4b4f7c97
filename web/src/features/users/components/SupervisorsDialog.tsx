import { Box, Checkbox, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { MAX_SUPERVISORS, supervisorsBody, type ManagedUser } from '@caseload/contract/caseload';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { FormActions } from '../../../components/FormActions.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { clinicianName, type Clinician } from '../../../lib/clinicians.ts';
import { notify } from '../../../lib/toaster.ts';
import { useUpdateUserSupervisors } from '../api/users.ts';

const FORM_ID = 'supervisors-form';

interface SupervisorsDialogProps {
  assistant: ManagedUser;
  /** The account's active SLPs: the only users who may supervise. */
  slps: readonly Clinician[];
  onClose: () => void;
}

/**
 * Chooses the 1–3 SLPs who supervise an assistant, and so co-sign its notes (part 4 §1.4). Checked
 * with the contract's `supervisorsBody` before sending; the server's refusal shows in the form too.
 * Mount it per assistant.
 */
export function SupervisorsDialog({ assistant, slps, onClose }: SupervisorsDialogProps) {
  const [chosen, setChosen] = useState<string[]>(() => assistant.supervisorIds ?? []);
  const [error, setError] = useState<string>();
  const update = useUpdateUserSupervisors();
  const name = `${assistant.firstName} ${assistant.lastName}`;

  const toggle = (id: string, on: boolean) => {
    setError(undefined);
    setChosen((current) => (on ? [...new Set([...current, id])] : current.filter((c) => c !== id)));
  };
  const close = () => !update.isPending && onClose();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = supervisorsBody.safeParse({ supervisorIds: chosen });
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    update.mutate(
      { userId: assistant.id, supervisorIds: checked.data.supervisorIds },
      {
        onSuccess: () => {
          notify.success({ title: 'Supervisors updated', description: `${name}'s supervising SLPs have been saved.` });
          onClose();
        },
        onError: (failure) => {
          const message = errorMessage(failure, 'Please try again.');
          setError(message);
          notify.error({ title: 'Failed to update supervisors', description: message });
        },
      },
    );
  };

  return (
    <AppDialog
      open
      onClose={close}
      title={<>Supervising SLPs - {name}</>}
      description={<>Any of them may co-sign {assistant.firstName}'s notes. Choose 1 to {MAX_SUPERVISORS}.</>}
      footer={<FormActions onCancel={close} pending={update.isPending} form={FORM_ID} submitLabel="Save Supervisors" />}
      closeDisabled={update.isPending}
    >
      <form id={FORM_ID} onSubmit={submit} noValidate>
        <Box as="fieldset" aria-describedby={error ? 'supervisors-error' : undefined}>
          <Text as="legend" fontWeight="semibold" mb="2">
            SLPs of this district
          </Text>
          <Stack gap="2">
            {slps.length === 0 && <Text fontSize="sm" color="fg.muted">No active SLPs yet. Add a user with the role Speech-Language Pathologist.</Text>}
            {slps.map((slp) => (
              <Checkbox.Root
                key={slp.id}
                size="sm"
                checked={chosen.includes(slp.id)}
                disabled={update.isPending}
                onCheckedChange={(details) => toggle(slp.id, details.checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{clinicianName(slp)}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
          {error && (
            <Text id="supervisors-error" color="red.600" fontSize="sm" mt="2" role="alert">
              {error}
            </Text>
          )}
        </Box>
      </form>
    </AppDialog>
  );
}
