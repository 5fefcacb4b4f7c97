import { Box, Dialog, Field, Flex, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { goalTypeLabels, goalTypes, type GoalType } from '@caseload/contract/enums';
import { createGoalBody, goalFields, type Goal } from '@caseload/contract/sessions';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { FormActions } from '../../../components/FormActions.tsx';
import { LazyRichTextEditor } from '../../../components/rich-text/LazyRichTextEditor.tsx';
import { plainText } from '../../../components/rich-text/plain-text.ts';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { serverFieldErrors } from '../../../lib/api.ts';
import { zodFieldErrors, type FieldErrors } from '../../../lib/form.ts';
import { notify } from '../../../lib/toaster.ts';
import { useCreateGoal, useUpdateGoal } from '../api/goals.ts';
import { dateInputToIso, isoToDateInput } from '../lib/goals.ts';

const typeOptions = goalTypes.map((type) => ({ value: type, label: goalTypeLabels[type] }));

interface Values {
  name: string;
  type: GoalType;
  description: string;
  targetCriteria: string;
  targetDate: string;
}

const valuesOf = (goal?: Goal): Values => ({
  name: goal?.name ?? '',
  type: goal?.type ?? 'articulation',
  description: goal?.description ?? '',
  targetCriteria: goal?.targetCriteria ?? '',
  targetDate: isoToDateInput(goal?.targetDate),
});

/** The form as the API body; an editor holding only empty paragraphs counts as no description. */
const bodyOf = (values: Values) => ({
  name: values.name,
  type: values.type,
  description: plainText(values.description) ? values.description : '',
  targetCriteria: values.targetCriteria,
  targetDate: dateInputToIso(values.targetDate),
});

interface GoalFormProps {
  clientId: string;
  /** Edit this goal; without it the form adds a goal for the client. */
  goal?: Goal;
  onDone: () => void;
  onCancel: () => void;
  /** Where the form sits: its own dialog uses the dialog's footer layout. */
  inDialog?: boolean;
}

/** Add Goal and Edit Goal, validated with the contract's goal schema. */
export function GoalForm({ clientId, goal, onDone, onCancel, inDialog = false }: GoalFormProps) {
  const [values, setValues] = useState(() => valuesOf(goal));
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateGoal();
  const update = useUpdateGoal();
  const saving = create.isPending || update.isPending;

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The form may sit inside another form (the client dialog): keep the submit to this one.
    event.stopPropagation();
    if (saving) return;
    if (goal) {
      const parsed = goalFields.safeParse(bodyOf(values));
      if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
      update.mutate(
        { goalId: goal.id, body: parsed.data },
        {
          onSuccess: () => {
            notify.success({ title: 'Goal updated', description: 'Goal has been updated successfully.' });
            onDone();
          },
          onError: (error) => {
            setErrors(serverFieldErrors(error));
            notify.error({ title: 'Goal update failed', description: 'Failed to update goal.' });
          },
        },
      );
    } else {
      const parsed = createGoalBody.safeParse({ ...bodyOf(values), clientId });
      if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
      create.mutate(parsed.data, {
        onSuccess: () => {
          notify.success({ title: 'Goal added', description: 'New goal has been created successfully.' });
          onDone();
        },
        onError: (error) => {
          setErrors(serverFieldErrors(error));
          notify.error({ title: 'Goal creation failed', description: 'Failed to create new goal.' });
        },
      });
    }
  };

  const fields = (
    <Stack gap="4">
      <TextField label="Goal Name" value={values.name} onChange={(v) => set('name', v)} error={errors.name} required maxLength={255} />
      <SelectField label="Goal Type" value={values.type} onChange={(v) => set('type', v as GoalType)} options={typeOptions} error={errors.type} />
      <Field.Root invalid={Boolean(errors.description)} required>
        {/* The editor names itself 'Description' (aria-label); this is the visible label. */}
        <Field.Label as="span">
          Description
          <Field.RequiredIndicator />
        </Field.Label>
        <Box w="full">
          <LazyRichTextEditor value={values.description} onChange={(html) => set('description', html)} label="Description" minHeight="6rem" />
        </Box>
        {errors.description && <Field.ErrorText>{errors.description}</Field.ErrorText>}
      </Field.Root>
      <TextField
        label="Target Criteria"
        value={values.targetCriteria}
        onChange={(v) => set('targetCriteria', v)}
        error={errors.targetCriteria}
        required
        maxLength={1000}
        placeholder="e.g. 80% accuracy across 3 consecutive sessions"
      />
      <TextField label="Target Date (optional)" type="date" value={values.targetDate} onChange={(v) => set('targetDate', v)} error={errors.targetDate} />
      {errors.clientId && (
        <Text color="red.600" fontSize="sm">
          {errors.clientId}
        </Text>
      )}
    </Stack>
  );

  const buttons = <FormActions onCancel={onCancel} pending={saving} submitLabel={goal ? 'Save Goal' : 'Add Goal'} />;

  if (inDialog) {
    return (
      <form onSubmit={submit} noValidate>
        <Dialog.Body>{fields}</Dialog.Body>
        <Dialog.Footer>{buttons}</Dialog.Footer>
      </form>
    );
  }
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" bg="gray.50">
      <form onSubmit={submit} noValidate aria-label="Add Goal">
        {fields}
        <Flex justify="flex-end" gap="3" mt="4">
          {buttons}
        </Flex>
      </form>
    </Box>
  );
}

interface GoalFormDialogProps {
  open: boolean;
  clientId: string;
  goal?: Goal;
  /** e.g. 'Add Goal for Ava S.' */
  title: string;
  onClose: () => void;
}

/** The goal form in its own dialog: Edit Goal, and Add Goal from the session page. */
export function GoalFormDialog({ open, clientId, goal, title, onClose }: GoalFormDialogProps) {
  return (
    <AppDialog open={open} onClose={onClose} size="lg" title={title} bodyless>
      {open && <GoalForm clientId={clientId} goal={goal} onDone={onClose} onCancel={onClose} inDialog />}
    </AppDialog>
  );
}
