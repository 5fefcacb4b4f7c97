import { Badge, Box, Button, Card, Flex, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import type { Iep } from '@caseload/contract/school-year';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { PlusIcon } from '../../../components/icons.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { usePermission } from '../../../lib/permissions.ts';
import { notify } from '../../../lib/toaster.ts';
import { useAccountToday } from '../../school-calendar/index.ts';
import { useDeleteIep, useIeps, useUpdateIep } from '../api/ieps.ts';
import { canEnd, currentIep, endedBody, iepStatusLabels, iepStatusPalette, otherOpenIeps, pastIeps, serviceLabel, servicePerLabels, serviceTypeLabels } from '../lib/ieps.ts';
import { IepFormDialog } from './IepFormDialog.tsx';

const formatDate = (date: string | undefined) =>
  date ? new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }) : '—';

type Editing = { iep?: Iep } | null;

/** The client's "IEP" card: the current IEP, add / edit / end / delete (canEditClients), and the past IEPs. */
export function IepCard({ clientId }: { clientId: string }) {
  const ieps = useIeps(clientId);
  const today = useAccountToday();
  const canEdit = usePermission('canEditClients');
  const [editing, setEditing] = useState<Editing>(null);
  const [ending, setEnding] = useState<Iep | null>(null);
  const [deleting, setDeleting] = useState<Iep | null>(null);
  const update = useUpdateIep(clientId);
  const remove = useDeleteIep(clientId);

  const confirmEnd = () => {
    if (!ending || !today) return;
    update.mutate(
      { iepId: ending.id, body: endedBody(ending, today) },
      {
        onSuccess: () => {
          notify.success({ title: 'IEP ended' });
          setEnding(null);
        },
        onError: (error) => notify.error({ title: 'Could not end the IEP', description: errorMessage(error, 'Please try again.') }),
      },
    );
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notify.success({ title: 'IEP deleted' });
        setDeleting(null);
      },
      onError: (error) => notify.error({ title: 'Could not delete the IEP', description: errorMessage(error, 'Please try again.') }),
    });
  };

  const actions = (iep: Iep) =>
    canEdit && (
      <HStack gap="2" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => setEditing({ iep })} aria-label={`Edit IEP ${formatDate(iep.startDate)} – ${formatDate(iep.endDate)}`}>
          Edit
        </Button>
        {today && canEnd(iep, today) && (
          <Button size="sm" variant="outline" onClick={() => setEnding(iep)}>
            End
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          colorPalette="red"
          onClick={() => setDeleting(iep)}
          aria-label={`Delete IEP ${formatDate(iep.startDate)} – ${formatDate(iep.endDate)}`}
        >
          Delete
        </Button>
      </HStack>
    );

  return (
    <Card.Root as="section" aria-labelledby="iep-heading">
      <Card.Header>
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Heading as="h2" size="lg" id="iep-heading">
            IEP
          </Heading>
          {canEdit && (
            <Button size="sm" colorPalette="blue" onClick={() => setEditing({})}>
              <PlusIcon size={16} />
              Add IEP
            </Button>
          )}
        </Flex>
      </Card.Header>
      <Card.Body>
        <QueryState query={ieps} loading="Loading IEPs" placeholder={<Skeleton height="32" />} error={errorMessage(ieps.error, 'Could not load the IEPs.')} retry>
          {(list) => {
            const current = currentIep(list, today ?? '');
            const others = otherOpenIeps(list, current);
            const past = pastIeps(list);
            return (
              <Stack gap="6">
                {current ? (
                  <Box>
                    <IepDetails iep={current} />
                    <Box mt="4">{actions(current)}</Box>
                  </Box>
                ) : (
                  <Text color="fg.muted">No current IEP. {canEdit ? 'Add one to track the service minutes it mandates.' : ''}</Text>
                )}
                {others.length > 0 && <IepList title="Upcoming and draft IEPs" ieps={others} actions={actions} />}
                {past.length > 0 && <IepList title="Past IEPs" ieps={past} actions={actions} />}
              </Stack>
            );
          }}
        </QueryState>
      </Card.Body>

      {editing && <IepFormDialog clientId={clientId} iep={editing.iep} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={ending !== null}
        title="End IEP"
        description={
          ending && today
            ? `End this IEP? Its status becomes Ended on ${formatDate(today)}, and minutes stop being required after that day.`
            : ''
        }
        confirmLabel="End IEP"
        onConfirm={confirmEnd}
        onCancel={() => setEnding(null)}
        pending={update.isPending}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete IEP"
        description="Delete this IEP? Use this for a draft or an IEP entered by mistake: its minutes disappear from the records. To stop an IEP that was in force, end it instead."
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
        pending={remove.isPending}
      />
    </Card.Root>
  );
}

function IepDetails({ iep }: { iep: Iep }) {
  const facts = [
    { label: 'Dates', value: `${formatDate(iep.startDate)} – ${formatDate(iep.endDate)}` },
    { label: 'Service minutes', value: `${iep.serviceMinutes} min ${servicePerLabels[iep.servicePer]}` },
    { label: 'Service type', value: serviceTypeLabels[iep.serviceType] },
    { label: 'Next review', value: formatDate(iep.nextReviewDate) },
    { label: 'Next evaluation', value: formatDate(iep.nextEvaluationDate) },
  ];
  return (
    <Stack gap="3">
      <Badge alignSelf="flex-start" colorPalette={iepStatusPalette[iep.status]}>
        {iepStatusLabels[iep.status]}
      </Badge>
      <SimpleGrid as="dl" columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
        {facts.map(({ label, value }) => (
          <Box key={label}>
            <Text as="dt" fontSize="sm" color="fg.muted">
              {label}
            </Text>
            <Text as="dd" fontWeight="medium">
              {value}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function IepList({ title, ieps, actions }: { title: string; ieps: readonly Iep[]; actions: (iep: Iep) => ReactNode }) {
  const id = `${title.toLowerCase().replace(/\W+/g, '-')}-heading`;
  return (
    <Box>
      <Heading as="h3" size="sm" mb="2" id={id}>
        {title}
      </Heading>
      <Stack as="ul" aria-labelledby={id} listStyleType="none" gap="2">
        {ieps.map((iep) => (
          <Flex as="li" key={iep.id} justify="space-between" align="center" gap="3" wrap="wrap" borderWidth="1px" borderRadius="md" p="3">
            <Box>
              <Text fontWeight="medium">
                {formatDate(iep.startDate)} – {formatDate(iep.endDate)}{' '}
                <Badge colorPalette={iepStatusPalette[iep.status]} ml="1">
                  {iepStatusLabels[iep.status]}
                </Badge>
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {serviceLabel(iep)}
              </Text>
            </Box>
            {actions(iep)}
          </Flex>
        ))}
      </Stack>
    </Box>
  );
}
