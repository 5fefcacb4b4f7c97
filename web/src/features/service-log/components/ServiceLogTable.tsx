import { Badge, Box, Flex, Link, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
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

const SignedBadge = ({ line }: { line: ServiceLogLine }) => <Badge colorPalette={line.signed ? 'green' : 'orange'}>{line.signed ? 'Yes' : 'No'}</Badge>;
const CosignedBadge = ({ line }: { line: ServiceLogLine }) => <Badge colorPalette={cosignedPalette[line.cosigned]}>{cosignedLabels[line.cosigned]}</Badge>;
const icd10Text = (line: ServiceLogLine) => (line.icd10Codes.length ? line.icd10Codes.join('; ') : '—');

/**
 * One row per present student per completed session, in the server's order (date, start,
 * student). From md on, the table with every column of the Medicaid log; its headers wrap and
 * its cells keep tight padding so all thirteen fit a laptop's card (if a narrow window still
 * cannot hold them, it scrolls sideways inside the card with the date pinned at the left). On a
 * phone each line is a card of its own with the same facts, labelled: a table there showed two
 * or three columns of thirteen.
 */
export function ServiceLogTable({ lines }: { lines: readonly ServiceLogLine[] }) {
  const phone = useBreakpointValue({ base: true, md: false }, { ssr: false });
  return phone ? <ServiceLogCards lines={lines} /> : <ServiceLogGrid lines={lines} />;
}

function ServiceLogGrid({ lines }: { lines: readonly ServiceLogLine[] }) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" maxW="full" data-testid="service-log-scroll">
      <Table.Root size="sm" stickyHeader css={{ '& th, & td': { px: '2' } }}>
        <Table.Header>
          <Table.Row>
            {columns.map((column, index) => (
              <Table.ColumnHeader
                key={column.label}
                textAlign={column.numeric ? 'end' : undefined}
                verticalAlign="bottom"
                whiteSpace="normal"
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
              {/* The date may wrap ('Dec 1,' over '2026'): with the owner's 'Administrator' rows the table was 922 px in a 908 px card at 1280 px. */}
              <Table.Cell position="sticky" left="0" bg="bg" zIndex="1" whiteSpace="normal">
                <Link asChild color="blue.700" fontWeight="medium">
                  <RouterLink to={`/sessions/${line.sessionId}`}>{shortDate(line.date)}</RouterLink>
                </Link>
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{line.student}</Table.Cell>
              <Table.Cell whiteSpace="normal">{line.provider}</Table.Cell>
              {/* Wraps: 'Speech-Language Pathologist' on one line took 204 px and pushed the table past its card at 1280 px. */}
              <Table.Cell whiteSpace="normal">{roleLabel(line)}</Table.Cell>
              {/* The server's HH:mm in the account's zone, written as the calendar writes times. */}
              <Table.Cell whiteSpace="nowrap">{clockLabel(line.start)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{clockLabel(line.end)}</Table.Cell>
              <Table.Cell textAlign="end">{line.minutes}</Table.Cell>
              <Table.Cell textAlign="end">{line.groupSize}</Table.Cell>
              <Table.Cell>{line.cpt}</Table.Cell>
              <Table.Cell whiteSpace="normal">{icd10Text(line)}</Table.Cell>
              <Table.Cell whiteSpace="normal">{sessionTypeLabels[line.sessionType]}</Table.Cell>
              <Table.Cell>
                <SignedBadge line={line} />
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                <CosignedBadge line={line} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function ServiceLogCards({ lines }: { lines: readonly ServiceLogLine[] }) {
  return (
    <Stack as="ul" gap="2" listStyleType="none" data-testid="service-log-cards">
      {lines.map((line) => (
        <Box as="li" key={`${line.sessionId}:${line.clientId}`} borderWidth="1px" borderRadius="md" p="3" data-testid="service-log-line">
          <Flex justify="space-between" gap="2" wrap="wrap" align="baseline">
            <Text fontWeight="semibold">{line.student}</Text>
            <Link asChild color="blue.700" fontWeight="medium" minH="6">
              <RouterLink to={`/sessions/${line.sessionId}`}>{`${shortDate(line.date)}, ${clockLabel(line.start)}–${clockLabel(line.end)}`}</RouterLink>
            </Link>
          </Flex>
          <Text fontSize="sm">{`${line.provider} (${roleLabel(line)})`}</Text>
          <Text fontSize="sm" color="fg.muted">
            {`${sessionTypeLabels[line.sessionType]} · ${line.minutes} min · group of ${line.groupSize} · CPT ${line.cpt} · ICD-10 ${icd10Text(line)}`}
          </Text>
          <Flex gap="3" mt="1" fontSize="sm" wrap="wrap">
            <Text>
              Signed <SignedBadge line={line} />
            </Text>
            <Text>
              Co-signed <CosignedBadge line={line} />
            </Text>
          </Flex>
        </Box>
      ))}
    </Stack>
  );
}
