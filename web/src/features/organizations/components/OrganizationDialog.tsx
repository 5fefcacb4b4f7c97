import { Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { organizationInput, type Organization, type OrganizationInput } from '@caseload/contract/caseload';
import { organizationTypeLabels, organizationTypes, type OrganizationType } from '@caseload/contract/enums';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { FormActions } from '../../../components/FormActions.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { errorMessage, serverFieldErrors } from '../../../lib/api.ts';
import { zodFieldErrors, type FieldErrors } from '../../../lib/form.ts';
import { notify } from '../../../lib/toaster.ts';
import { useCreateOrganization, useUpdateOrganization } from '../api/organizations.ts';

interface FormValues {
  name: string;
  type: OrganizationType;
  address: string;
  phone: string;
  contactPerson: string;
}

const emptyForm: FormValues = { name: '', type: 'school', address: '', phone: '', contactPerson: '' };

const valuesOf = (o: Organization): FormValues => ({
  name: o.name,
  type: o.type,
  address: o.address ?? '',
  phone: o.phone ?? '',
  contactPerson: o.contactPerson ?? '',
});

const typeOptions = organizationTypes.map((t) => ({ value: t, label: organizationTypeLabels[t] }));
const FORM_ID = 'organization-form';

interface OrganizationDialogProps {
  /** The organization to edit; absent to add one. */
  organization?: Organization;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Add Organization, and the same form prefilled for Edit (a PUT). Mount it per organization. */
export function OrganizationDialog({ organization, open, onOpenChange }: OrganizationDialogProps) {
  const initial = organization ? valuesOf(organization) : emptyForm;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateOrganization();
  const update = useUpdateOrganization();
  const pending = create.isPending || update.isPending;

  const close = () => {
    if (pending) return;
    setValues(initial);
    setErrors({});
    onOpenChange(false);
  };

  const field = (name: keyof FormValues) => ({
    value: values[name],
    error: errors[name],
    onChange: (value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      setErrors(({ [name]: _cleared, ...rest }) => rest);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = organizationInput.safeParse(values);
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setErrors({});
    const body: OrganizationInput = parsed.data;
    const onError = (title: string) => (error: Error) => {
      setErrors(serverFieldErrors(error));
      notify.error({ title, description: errorMessage(error, 'Please try again.') });
    };
    const done = (title: string) => (saved: Organization) => {
      notify.success({ title, description: `${saved.name} has been saved.` });
      if (!organization) setValues(emptyForm);
      onOpenChange(false);
    };
    if (organization) {
      update.mutate({ id: organization.id, body }, { onSuccess: done('Organization updated'), onError: onError('Error updating organization') });
    } else {
      create.mutate(body, { onSuccess: done('Organization added'), onError: onError('Error adding organization') });
    }
  };

  return (
    <AppDialog
      open={open}
      onClose={close}
      title={organization ? 'Edit Organization' : 'Add Organization'}
      description={organization ? 'Update the organization’s details.' : 'Add a school, clinic, practice or hospital you serve.'}
      footer={<FormActions onCancel={close} pending={pending} form={FORM_ID} submitLabel={organization ? 'Save Changes' : 'Add Organization'} />}
      closeDisabled={pending}
    >
      <form id={FORM_ID} onSubmit={submit} noValidate>
        <Stack gap="4">
          {/* No maxLength on these inputs: it cut pasted text silently; the contract's limits refuse it with a message instead. */}
          <TextField label="Organization Name" {...field('name')} required autoComplete="organization" />
          <SelectField label="Type" {...field('type')} options={typeOptions} required />
          <TextField label="Address" {...field('address')} autoComplete="street-address" />
          <TextField label="Phone" {...field('phone')} type="tel" autoComplete="tel" />
          <TextField label="Contact Person" {...field('contactPerson')} />
        </Stack>
      </form>
    </AppDialog>
  );
}
