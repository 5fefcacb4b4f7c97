import { Badge, Box, Flex, HStack, IconButton, Link, List, Skeleton, Stack, Table, Text, type StackProps } from '@chakra-ui/react';
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Client, Organization } from '@caseload/contract/caseload';
import type { ClientStatus } from '@caseload/contract/enums';
import { usePhoneWidth } from '../../../lib/media-query.ts';
import { ArchiveIcon, EditIcon, EyeIcon, SparklesIcon } from '../../../components/icons.tsx';
import { clientName, gradeLabel, shortId } from '../../../lib/clients.ts';
import { frequencyLabel, statusLabels } from '../lib/clients.ts';

export interface ClientActions {
  onOpen: (client: Client) => void;
  /** Present only when the user may generate progress notes. */
  onGenerateNote?: (client: Client) => void;
  /** Present only when the user may archive clients. */
  onArchive?: (client: Client) => void;
}

interface ClientsTableProps extends ClientActions {
  clients: readonly Client[];
  organizations: readonly Organization[];
}

const statusPalette: Record<ClientStatus, string> = { active: 'green', inactive: 'gray', discharged: 'orange' };
const columns = ['Client', 'Organization', 'Grade', 'Diagnosis', 'Frequency', 'Status', 'Actions'] as const;

/** The client list: a table, or below 600 px a card per client with its actions on screen. */
export function ClientsTable(props: ClientsTableProps) {
  return usePhoneWidth() ? <ClientCards {...props} /> : <ClientsWideTable {...props} />;
}

function ClientsWideTable({ clients, organizations, onOpen, onGenerateNote, onArchive }: ClientsTableProps) {
  const organizationNames = new Map(organizations.map((o) => [o.id, o.name]));

  return (
    <Table.ScrollArea>
      <Table.Root size="sm" interactive>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeader key={column} textAlign={column === 'Actions' ? 'end' : undefined}>
                {column}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {clients.map((client) => {
            const name = clientName(client);
            // The buttons act on their own; a click elsewhere on the row opens the client.
            const act = (action: (c: Client) => void) => (event: MouseEvent) => {
              event.stopPropagation();
              action(client);
            };
            return (
              <Table.Row key={client.id} cursor="pointer" onClick={() => onOpen(client)} data-testid="client-row">
                <Table.Cell>
                  {/* The name opens the client's page (IEP, minutes); the rest of the row opens the edit dialog. */}
                  <ClientNameAndId client={client} name={name} onClick={(event) => event.stopPropagation()} />
                </Table.Cell>
                {/* The long texts wrap (cells do not by default): at 1280 px the table fits its card. */}
                <Table.Cell whiteSpace="normal">{(client.organizationId && organizationNames.get(client.organizationId)) ?? '—'}</Table.Cell>
                <Table.Cell>{gradeLabel(client.gradeLevel) ?? '—'}</Table.Cell>
                <Table.Cell whiteSpace="normal" maxW="64">
                  {client.diagnosis ?? '—'}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{frequencyLabel(client.sessionFrequency)}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={statusPalette[client.status]}>{statusLabels[client.status]}</Badge>
                </Table.Cell>
                <Table.Cell>
                  <ClientActionButtons name={name} act={act} onOpen={onOpen} onGenerateNote={onGenerateNote} onArchive={onArchive} justify="flex-end" />
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** A phone's list: name, organization, grade, status and the same four actions, nothing off screen. */
function ClientCards({ clients, organizations, onOpen, onGenerateNote, onArchive }: ClientsTableProps) {
  const organizationNames = new Map(organizations.map((o) => [o.id, o.name]));
  return (
    <List.Root as="ul" listStyleType="none" gap="3" data-testid="client-cards">
      {clients.map((client) => {
        const name = clientName(client);
        const act = (action: (c: Client) => void) => () => action(client);
        const details = [
          (client.organizationId && organizationNames.get(client.organizationId)) ?? undefined,
          gradeLabel(client.gradeLevel),
          client.sessionFrequency ? frequencyLabel(client.sessionFrequency) : undefined,
        ].filter(Boolean);
        return (
          <List.Item key={client.id} display="block" borderWidth="1px" borderRadius="md" p="3" data-testid="client-card">
            <Flex justify="space-between" align="flex-start" gap="2">
              <Box minW="0">
                <ClientNameAndId client={client} name={name} />
              </Box>
              <Badge colorPalette={statusPalette[client.status]}>{statusLabels[client.status]}</Badge>
            </Flex>
            {details.length > 0 && (
              <Text fontSize="sm" mt="1">
                {details.join(' · ')}
              </Text>
            )}
            {client.diagnosis && (
              <Text fontSize="sm" color="fg.muted" lineClamp="2">
                {client.diagnosis}
              </Text>
            )}
            <ClientActionButtons name={name} act={act} onOpen={onOpen} onGenerateNote={onGenerateNote} onArchive={onArchive} mt="2" />
          </List.Item>
        );
      })}
    </List.Root>
  );
}

interface ClientNameAndIdProps {
  client: Client;
  name: string;
  /** The table row opens the edit dialog on click: its link stops the click there. */
  onClick?: (event: MouseEvent) => void;
}

/** The client's name, a link to the client's page, over the short ID: the same in a row and a card. */
function ClientNameAndId({ client, name, onClick }: ClientNameAndIdProps) {
  return (
    <>
      <Link asChild fontWeight="medium" color="blue.700" onClick={onClick}>
        <RouterLink to={`/clients/${client.id}`} state={{ client }}>
          {name}
        </RouterLink>
      </Link>
      <Text fontSize="xs" color="fg.muted" fontFamily="mono">
        ID: {shortId(client.id)}
      </Text>
    </>
  );
}

interface ClientActionButtonsProps extends ClientActions, StackProps {
  name: string;
  /** Runs an action for this card's or row's client. */
  act: (action: (c: Client) => void) => (event: MouseEvent) => void;
}

/** View, Edit, Generate progress note and Archive, each 32 px square and named after the client. */
function ClientActionButtons({ name, act, onOpen, onGenerateNote, onArchive, ...stack }: ClientActionButtonsProps) {
  return (
    <HStack gap="1" {...stack}>
      <IconButton aria-label={`View ${name}`} variant="ghost" size="sm" onClick={act(onOpen)}>
        <EyeIcon size={16} />
      </IconButton>
      <IconButton aria-label={`Edit ${name}`} variant="ghost" size="sm" onClick={act(onOpen)}>
        <EditIcon size={16} />
      </IconButton>
      {onGenerateNote && (
        <IconButton aria-label={`Generate progress note for ${name}`} size="sm" colorPalette="purple" variant="subtle" onClick={act(onGenerateNote)}>
          <SparklesIcon size={16} />
        </IconButton>
      )}
      {onArchive && (
        <IconButton aria-label={`Archive ${name}`} variant="ghost" size="sm" colorPalette="red" onClick={act(onArchive)}>
          <ArchiveIcon size={16} />
        </IconButton>
      )}
    </HStack>
  );
}

/** The loading placeholder: the table's shape without data (QueryState's container announces it). */
export function ClientsTableSkeleton() {
  return (
    <Stack gap="3">
      {Array.from({ length: 5 }, (_, i) => (
        <Box key={i} display="flex" gap="4">
          <Skeleton height="10" flex="2" />
          <Skeleton height="10" flex="2" />
          <Skeleton height="10" flex="1" />
          <Skeleton height="10" flex="3" />
          <Skeleton height="10" flex="2" />
        </Box>
      ))}
    </Stack>
  );
}
