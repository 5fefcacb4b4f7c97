import { Badge, Box, Button, Flex, Heading, IconButton, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { goalTypeLabels, goalTypes, type GoalType } from '@caseload/contract/enums';
import type { GoalTemplate } from '@caseload/contract/goal-bank';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { TrashIcon } from '../../../components/icons.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useDebouncedValue } from '../../../lib/debounce.ts';
import { notify } from '../../../lib/toaster.ts';
import { useDeleteGoalTemplate, useGoalBank } from '../api/goal-bank.ts';

const typeOptions = goalTypes.map((type) => ({ value: type, label: goalTypeLabels[type] }));

export const sourceLabels: Record<GoalTemplate['source'], string> = { caseload: 'Caseload template', account: 'Your account’s template' };

interface GoalBankPickerProps {
  open: boolean;
  onClose: () => void;
  /** The chosen template; the picker closes itself. */
  onChoose: (template: GoalTemplate) => void;
  /** Offers deleting the account's own templates (canManageGoals). */
  canManage: boolean;
}

/** "Start from the goal bank": Caseload's templates and the account's own, searchable and filtered by goal type. */
export function GoalBankPicker({ open, onClose, onChoose, canManage }: GoalBankPickerProps) {
  return (
    <AppDialog open={open} onClose={onClose} size="lg" title="Goal bank" description="Start a goal from a template, then fill in its blanks.">
      {open && (
        <TemplateList
          canManage={canManage}
          onChoose={(template) => {
            onChoose(template);
            onClose();
          }}
        />
      )}
    </AppDialog>
  );
}

function TemplateList({ canManage, onChoose }: { canManage: boolean; onChoose: (template: GoalTemplate) => void }) {
  const [search, setSearch] = useState('');
  const [type, setType] = useState<GoalType | ''>('');
  const term = useDebouncedValue(search.trim());
  const bank = useGoalBank({ ...(type ? { type } : {}), ...(term ? { search: term } : {}) });
  const [deleting, setDeleting] = useState<GoalTemplate | null>(null);
  const remove = useDeleteGoalTemplate();

  const deleteTemplate = (template: GoalTemplate) =>
    remove.mutate(template.id, {
      onSuccess: () => {
        setDeleting(null);
        notify.success({ title: 'Template deleted', description: 'The template has been removed from the goal bank.' });
      },
      onError: (error) => {
        setDeleting(null);
        notify.error({ title: 'Template deletion failed', description: errorMessage(error, 'Failed to delete the template.') });
      },
    });

  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <TextField label="Search" type="search" placeholder="e.g. /r/, wh-questions, AAC" value={search} maxLength={100} onChange={setSearch} />
        <SelectField label="Goal type" value={type} onChange={(v) => setType(v as GoalType | '')} options={typeOptions} placeholder="All goal types" />
      </SimpleGrid>

      <QueryState
        query={bank}
        loading="Loading the goal bank"
        placeholder={
          <Stack gap="3">
            <Skeleton height="20" />
            <Skeleton height="20" />
          </Stack>
        }
        error="Could not load the goal bank."
        retry
        isEmpty={(list) => list.length === 0}
        empty="No templates match your search."
      >
        {(list) => (
          <Stack gap="2" opacity={bank.isPlaceholderData ? 0.6 : 1}>
            <Text role="status" fontSize="sm" color="fg.muted">
              {list.length === 1 ? '1 template' : `${list.length} templates`}
            </Text>
            <Stack as="ul" gap="3" listStyleType="none" aria-label="Goal templates">
              {list.map((template) => (
                <TemplateCard key={template.id} template={template} onChoose={() => onChoose(template)} onDelete={canManage && template.source === 'account' ? () => setDeleting(template) : undefined} />
              ))}
            </Stack>
          </Stack>
        )}
      </QueryState>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete Template"
        description={`Delete the template “${deleting?.name ?? ''}” from your account’s goal bank? Goals already started from it stay as they are.`}
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() => deleting && deleteTemplate(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}

function TemplateCard({ template, onChoose, onDelete }: { template: GoalTemplate; onChoose: () => void; onDelete?: () => void }) {
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3" bg="white">
      <Flex gap="2" align="center" wrap="wrap">
        <Heading as="h3" size="sm" flex="1" minW="0">
          {template.name}
        </Heading>
        <Badge colorPalette={template.source === 'account' ? 'teal' : 'gray'} variant="subtle">
          {sourceLabels[template.source]}
        </Badge>
        <Badge colorPalette="purple" variant="outline">
          {goalTypeLabels[template.type]}
        </Badge>
      </Flex>
      <Text fontSize="sm" mt="1.5" overflowWrap="anywhere">
        {template.description}
      </Text>
      <Text fontSize="xs" color="fg.muted" mt="1">
        Target criteria: {template.targetCriteria}
      </Text>
      <Flex gap="2" justify="flex-end" align="center" mt="2">
        {onDelete && (
          <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={`Delete template ${template.name}`} onClick={onDelete}>
            <TrashIcon size={16} />
          </IconButton>
        )}
        <Button size="sm" colorPalette="blue" variant="outline" aria-label={`Use template ${template.name}`} onClick={onChoose}>
          Use template
        </Button>
      </Flex>
    </Box>
  );
}
