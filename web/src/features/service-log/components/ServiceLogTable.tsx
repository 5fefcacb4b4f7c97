import { Badge, Link, Table } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { ServiceLogLine } from '@caseload/contract/signatures';
import { clockLabel } from '../../../lib/clock-time.ts';
import { cosignedLabels, roleLabel, sessionTypeLabels, shortDate } from '../lib/service-log.ts';

const columns: { label: string; numeric?: boolean }[] = [
  { label: 'Date' },
  { label: 'Student' },
  { label: 'Provider' },
  { label: 'Role' },
  { label: 'Start' },
  { label: 'End' },
  { label: 'Minutes', numeric: true },
  { label: 'Group size', numeric: true },
  { label: 'CPT' },
  { label: 'ICD-10' },
  { label: 'Session type' },
  { label: 'Signed' },
  { label: 'Co-signed' },
];

const cosignedPalette: Record<ServiceLogLine['cosigned'], string> = { yes: 'green', no: 'orange', not_needed: 'gray' };

/**
 * One row per present student per completed session, in the server's order (date, start,
 * student). The table scrolls sideways inside its card (the date, a link to the session, stays
 * pinned at the left), so the page itself never scrolls sideways at 390 px.
 */
export function ServiceLogTable({ lines }: { lines: readonly ServiceLogLine[] }) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" maxW="full" data-testid="service-log-scroll">
      <Table.Root size="sm" stickyHeader>
        <Table.Header>
          <Table.Row>
            {columns.map((column, index) => (
              <Table.ColumnHeader
                key={column.label}
                textAlign={column.numeric ? 'end' : undefined}
                whiteSpace="nowrap"
                {...(index === 0 ? { position: 'sticky', left: 0, bg: 'bg', zIndex: 1 } : {})}
              >
                {column.label}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {lines.map((line) => (
            <Table.Row key={`${line.sessionId}:${line.clientId}`} data-testid="service-log-line">
              <Table.Cell position="sticky" left="0" bg="bg" zIndex="1" whiteSpace="nowrap">
                <Link asChild color="blue.700" fontWeight="medium">
                  <RouterLink to={`/sessions/${line.sessionId}`}>{shortDate(line.date)}</RouterLink>
                </Link>
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{line.student}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{line.provider}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{roleLabel(line)}</Table.Cell>
              {/* The server's HH:mm in the account's zone, written as the calendar writes times. */}
              <Table.Cell whiteSpace="nowrap">{clockLabel(line.start)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{clockLabel(line.end)}</Table.Cell>
              <Table.Cell textAlign="end">{line.minutes}</Table.Cell>
              <Table.Cell textAlign="end">{line.groupSize}</Table.Cell>
              <Table.Cell>{line.cpt}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{line.icd10Codes.length ? line.icd10Codes.join('; ') : '—'}</Table.Cell>
              <Table.Cell>{sessionTypeLabels[line.sessionType]}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={line.signed ? 'green' : 'orange'}>{line.signed ? 'Yes' : 'No'}</Badge>
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                <Badge colorPalette={cosignedPalette[line.cosigned]}>{cosignedLabels[line.cosigned]}</Badge>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
