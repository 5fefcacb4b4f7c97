import { Badge, Box, Button, Card, Flex, Link, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { EditIcon } from '../../../components/icons.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { usePermission } from '../../../lib/permissions.ts';
import { StudentRecordExport } from '../../account-export/index.ts';
import { ClientGoalsTab } from '../../goals/index.ts';
import { IepCard } from '../../ieps/index.ts';
import { ClientMinutesCard } from '../../minutes/index.ts';
import { useOrganizations } from '../../organizations/index.ts';
import { useClientRecord } from '../api/client-record.ts';
import { EditClientDialog } from '../components/EditClientDialog.tsx';
import { clientName, gradeLabel, type ClientPageState } from '../../../lib/clients.ts';
import { frequencyLabel, statusLabels } from '../lib/clients.ts';
import { BackLink } from '../../../components/BackLink.tsx';

/** /clients/:id — the client's basics, goals, the IEP card and the service minutes of the school year. */
export default function ClientPage() {
  const { id = '' } = useParams();
  const state = useLocation().state as ClientPageState | null;
  const record = useClientRecord(id, state?.client);
  const { client } = record;
  const canEdit = usePermission('canEditClients');
  const [editing, setEditing] = useState(false);
  const title = client ? clientName(client) : (state?.name ?? 'Client');

  return (
    <>
      <BackLink to="/clients" label="Clients" />
      <PageHeading
        title={title}
        subtitle="Goals, IEP and service minutes"
        actions={
          client && (
            <Button variant="outline" onClick={() => setEditing(true)}>
              <EditIcon size={16} />
              {canEdit ? 'Edit client' : 'View details'}
            </Button>
          )
        }
      />
      <Stack gap="6">
        <ClientBasics record={record} />
        {client && (
          <Card.Root as="section" aria-label="Goals">
            <Card.Body>
              <ClientGoalsTab clientId={client.id} headingLevel={2} />
            </Card.Body>
          </Card.Root>
        )}
        {client && <StudentRecordExport clientId={client.id} />}
        <IepCard clientId={id} />
        <ClientMinutesCard clientId={id} />
      </Stack>
      {client && editing && <EditClientDialog key={client.id} client={client} open onOpenChange={(open) => !open && setEditing(false)} />}
    </>
  );
}

function ClientBasics({ record }: { record: ReturnType<typeof useClientRecord> }) {
  const { client, loading, notFound, retry } = record;
  const organizations = useOrganizations().data ?? [];
  if (loading) return <Skeleton height="24" role="status" aria-label="Loading the client" />;
  if (!client && !notFound) {
    return (
      <Flex role="alert" align="center" gap="3" wrap="wrap">
        <Text color="fg.muted">Could not load the client. Check your connection and try again.</Text>
        <Button size="sm" variant="outline" onClick={retry}>
          Try again
        </Button>
      </Flex>
    );
  }
  if (!client) {
    return (
      <Text color="fg.muted">
        This client was not found: they may have been archived, or they are not one you can see. Find them on the{' '}
        <Link asChild color="blue.700">
          <RouterLink to="/clients">Clients</RouterLink>
        </Link>{' '}
        page.
      </Text>
    );
  }
  const organization = organizations.find((o) => o.id === client.organizationId)?.name;
  const facts = [
    { label: 'Organization', value: organization ?? '—' },
    { label: 'Grade', value: gradeLabel(client.gradeLevel) ?? '—' },
    { label: 'Diagnosis', value: client.diagnosis ?? '—' },
    { label: 'Frequency', value: frequencyLabel(client.sessionFrequency) },
    { label: 'ICD-10 codes', value: client.icd10Codes.length ? client.icd10Codes.join(', ') : '—' },
    { label: 'Medicaid eligible', value: client.medicaidEligible ? 'Yes' : 'No' },
  ];
  return (
    <Card.Root as="section" aria-label="Client details">
      <Card.Body>
        <Flex gap="4" direction="column">
          <Badge alignSelf="flex-start" colorPalette={client.status === 'active' ? 'green' : 'gray'}>
            {statusLabels[client.status]}
          </Badge>
          <SimpleGrid as="dl" columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
            {facts.map(({ label, value }) => (
              <Box key={label} minW="0">
                <Text as="dt" fontSize="sm" color="fg.muted">
                  {label}
                </Text>
                <Text as="dd" fontWeight="medium" truncate title={value}>
                  {value}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
