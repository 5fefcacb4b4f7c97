import { Alert, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { Iep } from '@caseload/contract/school-year';
import { SERVICE_MINUTES_MAX, SERVICE_MINUTES_MIN } from '@caseload/contract/school-year';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { FormActions } from '../../../components/FormActions.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { errorMessage, isApiError, serverFieldErrors } from '../../../lib/api.ts';
import type { FieldErrors } from '../../../lib/form.ts';
import { notify } from '../../../lib/toaster.ts';
import { useCreateIep, useUpdateIep } from '../api/ieps.ts';
import {
  emptyIepForm,
  formFromIep,
  servicePerOptions,
  serviceTypeOptions,
  statusOptions,
  validateIepForm,
  type IepField,
  type IepFormValues,
} from '../lib/ieps.ts';

const FORM_ID = 'iep-form';

interface IepFormDialogProps {
  clientId: string;
  /** The IEP to edit; absent to add one. */
  iep?: Iep;
  onClose: () => void;
}

/**
 * Add or edit an IEP. The fields are checked with the server's schema (its messages), and what the
 * server refuses (an overlapping active IEP: 409) shows on the form, which keeps what was typed.
 * Mounted while open, so each opening starts from the IEP as stored.
 */
export function IepFormDialog({ clientId, iep, onClose }: IepFormDialogProps) {
  const [values, setValues] = useState<IepFormValues>(() => (iep ? formFromIep(iep) : emptyIepForm));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const create = useCreateIep(clientId);
  const update = useUpdateIep(clientId);
  const pending = create.isPending || update.isPending;

  const set = (field: IepField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const close = () => !pending && onClose();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const result = validateIepForm(values);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    const handlers = {
      onSuccess: () => {
        notify.success({ title: iep ? 'IEP updated' : 'IEP added' });
        onClose();
      },
      onError: (error: unknown) => {
        const fields = serverFieldErrors(error);
        setErrors(fields);
        // A refusal about the whole record (the 409 overlap) or a lost connection shows above the buttons.
        if (Object.keys(fields).length === 0 || isApiError(error, 409)) {
          setFormError(errorMessage(error, 'The IEP could not be saved. Check your connection and try again.'));
        }
      },
    };
    if (iep) update.mutate({ iepId: iep.id, body: result.body }, handlers);
    else create.mutate(result.body, handlers);
  };

  return (
    <AppDialog
      open
      onClose={close}
      size="lg"
      title={iep ? 'Edit IEP' : 'Add IEP'}
      description="The service minutes the IEP mandates, and its dates."
      keepOpenOnOutsideClick
      closeDisabled={pending}
      footer={<FormActions onCancel={close} pending={pending} form={FORM_ID} submitLabel={iep ? 'Save IEP' : 'Add IEP'} />}
    >
      <form id={FORM_ID} onSubmit={submit} noValidate>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <TextField label="Start date" type="date" value={values.startDate} onChange={set('startDate')} error={errors.startDate} required />
            <TextField label="End date" type="date" value={values.endDate} onChange={set('endDate')} error={errors.endDate} required />
            <TextField
              label="Service minutes"
              type="number"
              inputMode="numeric"
              min={SERVICE_MINUTES_MIN}
              max={SERVICE_MINUTES_MAX}
              step={1}
              value={values.serviceMinutes}
              onChange={set('serviceMinutes')}
              error={errors.serviceMinutes}
              required
            />
            <SelectField label="Per" value={values.servicePer} onChange={set('servicePer')} options={servicePerOptions} error={errors.servicePer} required />
            <SelectField label="Service type" value={values.serviceType} onChange={set('serviceType')} options={serviceTypeOptions} error={errors.serviceType} />
            <SelectField label="Status" value={values.status} onChange={set('status')} options={statusOptions} error={errors.status} />
            {values.status === 'ended' && <TextField label="Ended on" type="date" value={values.endedOn} onChange={set('endedOn')} error={errors.endedOn} />}
            <TextField label="Next review" type="date" value={values.nextReviewDate} onChange={set('nextReviewDate')} error={errors.nextReviewDate} />
            <TextField
              label="Next evaluation"
              type="date"
              value={values.nextEvaluationDate}
              onChange={set('nextEvaluationDate')}
              error={errors.nextEvaluationDate}
            />
          </SimpleGrid>
          {formError && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{formError}</Alert.Title>
            </Alert.Root>
          )}
        </Stack>
      </form>
    </AppDialog>
  );
}
