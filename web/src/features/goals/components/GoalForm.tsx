import { Box, Button, Dialog, Field, Fieldset, Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { goalTypeLabels, goalTypes, type GoalType } from '@caseload/contract/enums';
import type { GoalTemplate } from '@caseload/contract/goal-bank';
import { createGoalBody, type Goal } from '@caseload/contract/sessions';
import { cueLevelLabels, cueLevels, type CueLevel } from '@caseload/contract/trials';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { FormActions } from '../../../components/FormActions.tsx';
import { LazyRichTextEditor } from '../../../components/rich-text/LazyRichTextEditor.tsx';
import { plainText } from '../../../components/rich-text/plain-text.ts';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useAccountTimeZone } from '../../../lib/account-time-zone.ts';
import { apiQuery, serverFieldErrors } from '../../../lib/api.ts';
import type { FieldErrors } from '../../../lib/form.ts';
import { usePermission } from '../../../lib/permissions.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { notify } from '../../../lib/toaster.ts';
import { asTemplateText, blanksIn, GoalBankPicker, SaveTemplateDialog, withStudent, type TemplateDraft } from '../../goal-bank/index.ts';
import { useCreateGoal, useUpdateGoal } from '../api/goals.ts';
import { dateInputToIso, isoToDateInput, issuesByPath, numberOrAbsent } from '../lib/goals.ts';
import { htmlToText, textToHtml } from '../lib/richText.ts';

const typeOptions = goalTypes.map((type) => ({ value: type, label: goalTypeLabels[type] }));
const cueOptions = cueLevels.map((cue) => ({ value: cue, label: cueLevelLabels[cue] }));

interface Values {
  name: string;
  type: GoalType;
  description: string;
  targetCriteria: string;
  targetDate: string;
  baselineAccuracy: string;
  baselineDate: string;
  criterionAccuracy: string;
  criterionSessions: string;
  criterionMaxCue: CueLevel | '';
}

const text = (value: number | undefined) => (value === undefined ? '' : String(value));

const valuesOf = (goal: Goal | undefined, timeZone: string | undefined): Values => ({
  name: goal?.name ?? '',
  type: goal?.type ?? 'articulation',
  description: goal?.description ?? '',
  targetCriteria: goal?.targetCriteria ?? '',
  targetDate: isoToDateInput(goal?.targetDate, timeZone),
  baselineAccuracy: text(goal?.baseline?.accuracy),
  baselineDate: goal?.baseline?.date ?? '',
  criterionAccuracy: text(goal?.criterionAccuracy),
  criterionSessions: text(goal?.criterionSessions),
  criterionMaxCue: goal?.criterionMaxCue ?? '',
});

/** The first template blank still in the goal's texts, with the field it is in (fields in the form's order). */
function firstBlankField(values: Values): { field: 'name' | 'description' | 'targetCriteria'; blank: string } | undefined {
  const texts = { name: values.name, description: htmlToText(values.description), targetCriteria: values.targetCriteria } as const;
  for (const field of ['name', 'description', 'targetCriteria'] as const) {
    const [blank] = blanksIn(texts[field]);
    if (blank) return { field, blank };
  }
  return undefined;
}

/** The criterion as the API takes it: blanks absent, numbers as typed (the schema judges them). */
const criterionOf = (values: Values) => ({
  criterionAccuracy: numberOrAbsent(values.criterionAccuracy),
  criterionSessions: numberOrAbsent(values.criterionSessions),
  criterionMaxCue: values.criterionMaxCue || undefined,
});

/** The form as the API body; an editor holding only empty paragraphs counts as no description. */
const bodyOf = (values: Values, timeZone: string | undefined) => ({
  name: values.name,
  type: values.type,
  description: plainText(values.description) ? values.description : '',
  targetCriteria: values.targetCriteria,
  targetDate: dateInputToIso(values.targetDate, timeZone),
  // A baseline is both or nothing: one half alone gets the schema's message on the missing half.
  baseline: values.baselineAccuracy.trim() || values.baselineDate ? { accuracy: numberOrAbsent(values.baselineAccuracy), date: values.baselineDate } : undefined,
  ...criterionOf(values),
});

/** Which messages a change of the field answers (the criterion's pair rule is reported on criterionSessions). */
const errorKeysOf: Partial<Record<keyof Values, string[]>> = {
  baselineAccuracy: ['baseline.accuracy', 'baseline'],
  baselineDate: ['baseline.date', 'baseline'],
  criterionAccuracy: ['criterionAccuracy', 'criterionSessions'],
  criterionSessions: ['criterionSessions'],
  criterionMaxCue: ['criterionMaxCue', 'criterionSessions'],
};

/** A template's text in the goal: the client's first name for `[student]`, a paragraph for the editor. */
const templateValues = (template: GoalTemplate, firstName: string | undefined): Partial<Values> => ({
  name: withStudent(template.name, firstName),
  type: template.type,
  description: `<p>${textToHtml(withStudent(template.description, firstName))}</p>`,
  targetCriteria: template.targetCriteria,
  criterionAccuracy: text(template.criterionAccuracy),
  criterionSessions: text(template.criterionSessions),
  criterionMaxCue: template.criterionMaxCue ?? '',
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

/** Add Goal and Edit Goal, validated with the contract's goal schema; new goals can start from the goal bank. */
export function GoalForm({ clientId, goal, onDone, onCancel, inDialog = false }: GoalFormProps) {
  const timeZone = useAccountTimeZone();
  const [values, setValues] = useState(() => valuesOf(goal, timeZone));
  const [errors, setErrors] = useState<FieldErrors>({});
  // The description editor is uncontrolled: a template remounts it with the template's text.
  const [editorKey, setEditorKey] = useState(0);
  const [fromTemplate, setFromTemplate] = useState(false);
  const [picking, setPicking] = useState(false);
  const [templateDraft, setTemplateDraft] = useState<TemplateDraft | null>(null);
  const canManage = usePermission('canManageGoals');
  const create = useCreateGoal();
  const update = useUpdateGoal();
  const saving = create.isPending || update.isPending;

  const clientQuery = apiQuery('getClient', { params: { id: clientId } });
  /** The client's first name for `[student]`; without it the blank stays for the clinician. */
  const clientFirstName = () =>
    queryClient.fetchQuery(clientQuery).then(
      (client) => client.firstName,
      () => undefined,
    );

  const clearErrors = (keys: readonly string[]) =>
    setErrors((current) => {
      if (!keys.some((key) => current[key])) return current;
      return Object.fromEntries(Object.entries(current).filter(([key]) => !keys.includes(key)));
    });

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    clearErrors(errorKeysOf[field] ?? [field]);
  };

  const openBank = () => {
    // The name is needed once a template is chosen: ask for it while the clinician browses.
    void queryClient.prefetchQuery(clientQuery);
    setPicking(true);
  };

  const applyTemplate = async (template: GoalTemplate) => {
    const firstName = await clientFirstName();
    setValues((current) => ({ ...current, ...templateValues(template, firstName) }));
    setErrors({});
    setEditorKey((key) => key + 1);
    setFromTemplate(true);
  };

  const saveAsTemplate = async () => {
    const firstName = await clientFirstName();
    setTemplateDraft({
      name: values.name,
      type: values.type,
      description: asTemplateText(htmlToText(values.description), firstName),
      targetCriteria: values.targetCriteria,
      ...criterionOf(values),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The form may sit inside another form (the client dialog): keep the submit to this one.
    event.stopPropagation();
    if (saving) return;
    // A template's blank left in a saved goal would read as the goal ("[sound]"): the first one left is named at its field.
    const blankLeft = fromTemplate ? firstBlankField(values) : undefined;
    if (blankLeft) return setErrors({ [blankLeft.field]: `Fill in ${blankLeft.blank} before saving` });
    // One schema for both: the create body is the goal's fields (with the criterion's pair rule) and the client.
    const parsed = createGoalBody.safeParse({ ...bodyOf(values, timeZone), clientId });
    if (!parsed.success) return setErrors(issuesByPath(parsed.error));
    if (goal) {
      const { clientId: _client, ...body } = parsed.data;
      update.mutate(
        { goalId: goal.id, body },
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

  const blanks = fromTemplate ? blanksIn(values.name, htmlToText(values.description), values.targetCriteria) : [];

  const fields = (
    <Stack gap="4">
      {(!goal || canManage) && (
        <Flex gap="2" wrap="wrap">
          {!goal && (
            <Button size="sm" variant="outline" colorPalette="blue" onClick={openBank}>
              Start from the goal bank
            </Button>
          )}
          {canManage && (
            <Button size="sm" variant="outline" onClick={() => void saveAsTemplate()}>
              Save as template
            </Button>
          )}
        </Flex>
      )}
      {blanks.length > 0 && (
        <Box role="status" borderWidth="1px" borderColor="orange.300" bg="orange.50" borderRadius="md" px="3" py="2" fontSize="sm">
          <Text fontWeight="medium">Fill in the template’s blanks:</Text>
          <Text overflowWrap="anywhere">{blanks.join(', ')}</Text>
        </Box>
      )}
      <TextField label="Goal Name" value={values.name} onChange={(v) => set('name', v)} error={errors.name} required maxLength={255} />
      <SelectField label="Goal Type" value={values.type} onChange={(v) => set('type', v as GoalType)} options={typeOptions} error={errors.type} />
      <Field.Root invalid={Boolean(errors.description)} required>
        {/* The editor names itself 'Description' (aria-label); this is the visible label. */}
        <Field.Label as="span">
          Description
          <Field.RequiredIndicator />
        </Field.Label>
        <Box w="full">
          <LazyRichTextEditor key={editorKey} value={values.description} onChange={(html) => set('description', html)} label="Description" minHeight="6rem" />
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
      <Fieldset.Root>
        <Fieldset.Legend fontWeight="medium" fontSize="sm">
          Mastery criterion (optional)
        </Fieldset.Legend>
        <Fieldset.HelperText fontSize="xs">Caseload checks it against the sessions’ trials; trials with more support than the highest cue level do not count.</Fieldset.HelperText>
        <Fieldset.Content>
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
            <TextField
              label="Criterion accuracy (%)"
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              value={values.criterionAccuracy}
              onChange={(v) => set('criterionAccuracy', v)}
              error={errors.criterionAccuracy}
            />
            <TextField
              label="Consecutive sessions"
              type="number"
              inputMode="numeric"
              min={1}
              max={10}
              value={values.criterionSessions}
              onChange={(v) => set('criterionSessions', v)}
              error={errors.criterionSessions}
            />
            <SelectField
              label="Highest cue level counted"
              value={values.criterionMaxCue}
              onChange={(v) => set('criterionMaxCue', v as CueLevel | '')}
              options={cueOptions}
              placeholder="Any cue level"
              error={errors.criterionMaxCue}
            />
          </SimpleGrid>
        </Fieldset.Content>
      </Fieldset.Root>
      <Fieldset.Root>
        <Fieldset.Legend fontWeight="medium" fontSize="sm">
          Baseline (optional)
        </Fieldset.Legend>
        <Fieldset.Content>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <TextField
              label="Baseline accuracy (%)"
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              value={values.baselineAccuracy}
              onChange={(v) => set('baselineAccuracy', v)}
              error={errors['baseline.accuracy'] ?? errors.baseline}
            />
            <TextField label="Baseline date" type="date" value={values.baselineDate} onChange={(v) => set('baselineDate', v)} error={errors['baseline.date']} />
          </SimpleGrid>
        </Fieldset.Content>
      </Fieldset.Root>
      <TextField label="Target Date (optional)" type="date" value={values.targetDate} onChange={(v) => set('targetDate', v)} error={errors.targetDate} />
      {errors.clientId && (
        <Text color="red.600" fontSize="sm">
          {errors.clientId}
        </Text>
      )}
    </Stack>
  );

  const buttons = <FormActions onCancel={onCancel} pending={saving} submitLabel={goal ? 'Save Goal' : 'Add Goal'} />;

  const dialogs = (
    <>
      <GoalBankPicker open={picking} onClose={() => setPicking(false)} onChoose={(template) => void applyTemplate(template)} canManage={canManage} />
      {templateDraft && <SaveTemplateDialog open onClose={() => setTemplateDraft(null)} draft={templateDraft} />}
    </>
  );

  if (inDialog) {
    return (
      <form onSubmit={submit} noValidate>
        <Dialog.Body>{fields}</Dialog.Body>
        <Dialog.Footer>{buttons}</Dialog.Footer>
        {dialogs}
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
        {dialogs}
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
