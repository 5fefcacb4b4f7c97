import { Checkbox, Field, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import type { Organization } from '@caseload/contract/caseload';
import { clientStatuses, gradeLevelLabels, gradeLevels } from '@caseload/contract/enums';
import { languageNames, reportLanguages } from '@caseload/contract/families';
import { SelectField, type SelectOption } from '../../../components/SelectField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import type { FieldErrors } from '../../../lib/form.ts';
import { lastInitialInput, NONE, type ClientField, type ClientFormValues } from '../lib/client-form.ts';
import { statusLabels } from '../lib/clients.ts';
import { CliniciansField } from './CliniciansField.tsx';

interface ClientFormFieldsProps {
  values: ClientFormValues;
  onChange: <F extends ClientField>(field: F, value: ClientFormValues[F]) => void;
  errors: FieldErrors;
  organizations: readonly Organization[];
  /** A user limited to some organizations cannot keep a client outside them, so 'None' is not offered. */
  allowNoOrganization: boolean;
  disabled?: boolean;
}

const gradeOptions: SelectOption[] = [{ value: NONE, label: 'Not specified' }, ...gradeLevels.map((g) => ({ value: g, label: gradeLevelLabels[g] }))];
const statusOptions: SelectOption[] = clientStatuses.map((s) => ({ value: s, label: statusLabels[s] }));
const languageOptions: SelectOption[] = reportLanguages.map((l) => ({ value: l, label: languageNames[l] }));

/** The client form of the Add New Client and Edit Client dialogs. */
export function ClientFormFields({ values, onChange, errors, organizations, allowNoOrganization, disabled }: ClientFormFieldsProps) {
  const organizationOptions: SelectOption[] = [
    ...(allowNoOrganization ? [{ value: NONE, label: 'None' }] : []),
    ...organizations.map((o) => ({ value: o.id, label: o.name })),
  ];
  // A client of an organization that is no longer listed keeps its value rather than silently becoming 'None'.
  if (values.organizationId !== NONE && !organizations.some((o) => o.id === values.organizationId)) {
    organizationOptions.push({ value: values.organizationId, label: 'Unavailable organization' });
  }

  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField
          label="First Name"
          value={values.firstName}
          onChange={(v) => onChange('firstName', v)}
          error={errors.firstName}
          disabled={disabled}
          required
          autoComplete="off"
          maxLength={100}
        />
        <TextField
          label="Last Initial"
          value={values.lastInitial}
          onChange={(v) => onChange('lastInitial', lastInitialInput(v))}
          error={errors.lastInitial}
          disabled={disabled}
          required
          autoComplete="off"
          helperText="One letter only"
        />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <SelectField
          label="Organization"
          value={values.organizationId}
          onChange={(v) => onChange('organizationId', v)}
          options={organizationOptions}
          error={errors.organizationId}
          disabled={disabled}
        />
        <SelectField
          label="Grade Level"
          value={values.gradeLevel}
          onChange={(v) => onChange('gradeLevel', v as ClientFormValues['gradeLevel'])}
          options={gradeOptions}
          error={errors.gradeLevel}
          disabled={disabled}
        />
        <SelectField
          label="Home Language (family reports)"
          value={values.homeLanguage}
          onChange={(v) => onChange('homeLanguage', v as ClientFormValues['homeLanguage'])}
          options={languageOptions}
          error={errors.homeLanguage}
          disabled={disabled}
        />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField
          label="Sessions per Week"
          type="number"
          inputMode="numeric"
          min={1}
          max={10}
          step={1}
          value={values.sessionFrequency}
          onChange={(v) => onChange('sessionFrequency', v)}
          error={errors.sessionFrequency}
          disabled={disabled}
        />
        <SelectField
          label="Status"
          value={values.status}
          onChange={(v) => onChange('status', v as ClientFormValues['status'])}
          options={statusOptions}
          error={errors.status}
          disabled={disabled}
        />
      </SimpleGrid>
      <TextField
        label="Teacher/Classroom"
        value={values.teacher}
        onChange={(v) => onChange('teacher', v)}
        error={errors.teacher}
        disabled={disabled}
        maxLength={255}
      />
      <CliniciansField
        organizationId={values.organizationId === NONE ? undefined : values.organizationId}
        value={values.clinicianIds}
        onChange={(ids) => onChange('clinicianIds', ids)}
        error={errors.clinicianIds}
        disabled={disabled}
      />
      <Field.Root invalid={Boolean(errors.diagnosis)} disabled={disabled}>
        <Field.Label>Diagnosis/Goals Summary</Field.Label>
        <Textarea rows={3} value={values.diagnosis} onChange={(event) => onChange('diagnosis', event.target.value)} maxLength={2000} />
        {errors.diagnosis && <Field.ErrorText color="red.700">{errors.diagnosis}</Field.ErrorText>}
      </Field.Root>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" alignItems="center">
        <TextField
          label="ICD-10 codes"
          value={values.icd10Codes}
          onChange={(v) => onChange('icd10Codes', v)}
          error={errors.icd10Codes}
          disabled={disabled}
          autoComplete="off"
          autoCapitalize="characters"
          placeholder="F80.0, F80.89"
          helperText="Up to 5, separated by commas or spaces"
        />
        <Field.Root invalid={Boolean(errors.medicaidEligible)} disabled={disabled}>
          <Checkbox.Root checked={values.medicaidEligible} disabled={disabled} onCheckedChange={(details) => onChange('medicaidEligible', details.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Medicaid eligible</Checkbox.Label>
          </Checkbox.Root>
          {errors.medicaidEligible && <Field.ErrorText color="red.700">{errors.medicaidEligible}</Field.ErrorText>}
        </Field.Root>
      </SimpleGrid>
    </Stack>
  );
}
