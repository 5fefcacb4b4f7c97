import { Box, Dialog, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { goalTypeLabels } from '@caseload/contract/enums';
import { goalTemplateBody, type GoalTemplateInput } from '@caseload/contract/goal-bank';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { FormActions } from '../../../components/FormActions.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { serverFieldErrors } from '../../../lib/api.ts';
import { notify } from '../../../lib/toaster.ts';
import { useCreateGoalTemplate } from '../api/goal-bank.ts';

/** A template to save, as the goal form holds it: the description as plain text, the criterion as entered. */
export type TemplateDraft = Omit<GoalTemplateInput, 'criterionAccuracy' | 'criterionSessions' | 'criterionMaxCue'> & {
  criterionAccuracy?: unknown;
  criterionSessions?: unknown;
  criterionMaxCue?: unknown;
};

interface SaveTemplateDialogProps {
  open: boolean;
  onClose: () => void;
  /** The goal form's values; name and description can still be changed here. */
  draft: TemplateDraft;
}

type Errors = Record<string, string>;

/** Issues keyed by their whole path ('criterionSessions', 'name'). */
function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

/** "Save as template": the goal form's goal, worded for any student, saved to the account's goal bank. */
export function SaveTemplateDialog({ open, onClose, draft }: SaveTemplateDialogProps) {
  return (
    <AppDialog open={open} onClose={onClose} title="Save as template" size="lg" bodyless keepOpenOnOutsideClick>
      {open && <SaveTemplateForm draft={draft} onDone={onClose} />}
    </AppDialog>
  );
}

function SaveTemplateForm({ draft, onDone }: { draft: TemplateDraft; onDone: () => void }) {
  const [name, setName] = useState(draft.name);
  const [description, setDescription] = useState(draft.description);
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateGoalTemplate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog opens from inside the goal form: keep the submit to this form.
    event.stopPropagation();
    if (create.isPending) return;
    const parsed = goalTemplateBody.safeParse({ ...draft, name, description });
    if (!parsed.success) return setErrors(issuesByField(parsed.error.issues));
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        notify.success({ title: 'Template saved', description: 'The template is in your account’s goal bank.' });
        onDone();
      },
      onError: (error) => {
        setErrors(serverFieldErrors(error));
        notify.error({ title: 'Template not saved', description: 'Failed to save the template.' });
      },
    });
  };

  // Fields this dialog does not show (they come from the goal form): their messages go above the buttons.
  const otherErrors = Object.entries(errors).filter(([field]) => field !== 'name' && field !== 'description');

  return (
    <form onSubmit={submit} noValidate aria-label="Save as template">
      <Dialog.Body>
        <Stack gap="4">
          <TextField label="Template name" value={name} onChange={setName} error={errors.name} required maxLength={255} />
          <Field.Root invalid={Boolean(errors.description)} required>
            <Field.Label>
              Description
              <Field.RequiredIndicator />
            </Field.Label>
            <Textarea value={description} onChange={(event) => setDescription(event.target.value)} rows={5} maxLength={2000} />
            {errors.description ? (
              <Field.ErrorText color="red.700">{errors.description}</Field.ErrorText>
            ) : (
              <Field.HelperText>Write [student] where the student’s name goes, and other blanks in square brackets, e.g. [sound] or [accuracy].</Field.HelperText>
            )}
          </Field.Root>
          <Box fontSize="sm">
            <Text>
              <Text as="span" fontWeight="medium">
                Goal type:
              </Text>{' '}
              {goalTypeLabels[draft.type]}
            </Text>
            <Text>
              <Text as="span" fontWeight="medium">
                Target criteria:
              </Text>{' '}
              {draft.targetCriteria || '—'}
            </Text>
          </Box>
          {otherErrors.length > 0 && (
            <Box role="alert" color="red.700" fontSize="sm">
              <Text>Fix these in the goal form first:</Text>
              <Stack as="ul" gap="0.5" ps="5" listStyleType="disc">
                {otherErrors.map(([field, message]) => (
                  <li key={field}>{message}</li>
                ))}
              </Stack>
            </Box>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <FormActions onCancel={onDone} pending={create.isPending} submitLabel="Save template" />
      </Dialog.Footer>
    </form>
  );
}
