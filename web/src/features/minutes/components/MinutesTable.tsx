import { Box, Button, Flex, Link, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { MinutesRow } from '@caseload/contract/school-year';
import type { ClientPageState } from '../../../lib/clients.ts';
import { SelectField } from '../../../components/SelectField.tsx';
import { deliveredPercent, formatDate, minutesSorts, notCountedText, requiredText, rowName, type MinutesSort, type SortDirection } from '../lib/minutes.ts';
import { MinutesBar } from './MinutesBar.tsx';
import { MinutesStatusBadge } from './MinutesStatusBadge.tsx';

interface MinutesTableProps {
  rows: readonly MinutesRow[];
  sort: MinutesSort;
  direction: SortDirection;
  onSort: (sort: MinutesSort) => void;
}

interface Column {
  label: string;
  sort?: MinutesSort;
  numeric?: boolean;
}

const columns: Column[] = [
  { label: 'Student', sort: 'name' },
  { label: 'Delivered %', sort: 'delivered' },
  { label: 'Required', numeric: true },
  { label: 'Required to date', numeric: true },
  { label: 'Delivered', numeric: true },
  { label: 'Make-ups owed', numeric: true },
  { label: 'Status', sort: 'status' },
  { label: 'Next review', sort: 'review' },
  { label: 'Next evaluation', sort: 'evaluation' },
];

/**
 * One row per student. From md on, a table sorted by its column headers; its headers wrap and its
 * cells keep tight padding so every column fits a laptop's card (a narrower window scrolls it
 * sideways inside the card, the name pinned at the left). On a phone each student is a card of
 * its own with every figure labelled, sorted with a menu: a table there showed three columns of nine.
 */
export function MinutesTable(props: MinutesTableProps) {
  const phone = useBreakpointValue({ base: true, md: false }, { ssr: false });
  return phone ? <MinutesCards {...props} /> : <MinutesGrid {...props} />;
}

function MinutesGrid({ rows, sort, direction, onSort }: MinutesTableProps) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" maxW="full">
      <Table.Root size="sm" stickyHeader css={{ '& th, & td': { px: '2' } }}>
        <Table.Header>
          <Table.Row>
            {columns.map((column, index) => {
              const active = column.sort !== undefined && column.sort === sort;
              return (
                <Table.ColumnHeader
                  key={column.label}
                  textAlign={column.numeric ? 'end' : undefined}
                  verticalAlign="bottom"
                  whiteSpace="normal"
                  aria-sort={column.sort === undefined ? undefined : active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                  {...(index === 0 ? { position: 'sticky', left: 0, bg: 'bg', zIndex: 1 } : {})}
                >
                  {column.sort === undefined ? (
                    column.label
                  ) : (
                    <Button variant="ghost" size="xs" px="1" onClick={() => onSort(column.sort!)} fontWeight="semibold">
                      {column.label}
                      <span aria-hidden="true">{active ? (direction === 'asc' ? ' ↑' : ' ↓') : ' ↕'}</span>
                    </Button>
                  )}
                </Table.ColumnHeader>
              );
            })}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => {
            return (
              <Table.Row key={row.clientId} data-testid="minutes-row">
                <Table.Cell position="sticky" left="0" bg="bg" zIndex="1" whiteSpace="nowrap">
                  <Link asChild color="blue.700" fontWeight="medium">
                    <RouterLink to={`/clients/${row.clientId}`} state={{ name: rowName(row) } satisfies ClientPageState}>
                      {rowName(row)}
                    </RouterLink>
                  </Link>
                </Table.Cell>
                <Table.Cell>
                  <DeliveredFigure row={row} />
                </Table.Cell>
                <Table.Cell textAlign="end">{requiredText(row.required)}</Table.Cell>
                <Table.Cell textAlign="end">{requiredText(row.requiredToDate)}</Table.Cell>
                <Table.Cell textAlign="end">{row.delivered}</Table.Cell>
                <Table.Cell textAlign="end">{row.makeupsOwed}</Table.Cell>
                <Table.Cell>
                  <MinutesStatusBadge status={row.status} />
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDate(row.nextReviewDate)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDate(row.nextEvaluationDate)}</Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** The bar and the words under it: how much of what is required to date was delivered, and what did not count. */
function DeliveredFigure({ row }: { row: MinutesRow }) {
  const percent = deliveredPercent(row);
  return (
    <>
      {/* Without an IEP nothing is required: a bar would read as a goal met. */}
      <MinutesBar delivered={row.delivered} required={row.status === 'no_iep' ? null : row.requiredToDate} />
      <Text fontSize="xs" color="fg.muted">
        {row.status === 'no_school_year' ? 'No school year set' : row.status === 'no_iep' ? 'No IEP' : percent === undefined ? 'Nothing required yet' : `${percent}% of required to date`}
      </Text>
      {notCountedText(row.notCounted) && (
        <Text fontSize="xs" color="fg.muted" maxW="64" whiteSpace="normal">
          {notCountedText(row.notCounted)}
        </Text>
      )}
    </>
  );
}

const sortLabels: Record<MinutesSort, string> = { name: 'Student', delivered: 'Delivered %', status: 'Status', review: 'Next review', evaluation: 'Next evaluation' };

function MinutesCards({ rows, sort, direction, onSort }: MinutesTableProps) {
  return (
    <Stack gap="3">
      <Flex gap="2" align="end" wrap="wrap">
        <Box flex="1" maxW="48">
          <SelectField label="Sort by" value={sort} onChange={(value) => onSort(value as MinutesSort)} options={minutesSorts.map((value) => ({ value, label: sortLabels[value] }))} />
        </Box>
        {/* Pressing it turns the order around, as pressing the column's header does on a laptop. */}
        <Button variant="outline" onClick={() => onSort(sort)}>
          <span aria-hidden="true">{direction === 'asc' ? '↑' : '↓'}</span>
          {direction === 'asc' ? 'Ascending' : 'Descending'}
        </Button>
      </Flex>
      <Stack as="ul" gap="2" listStyleType="none">
        {rows.map((row) => (
          <Box as="li" key={row.clientId} borderWidth="1px" borderRadius="md" p="3" data-testid="minutes-row">
            <Flex justify="space-between" gap="2" align="center" mb="1">
              <Link asChild color="blue.700" fontWeight="semibold" minH="6">
                <RouterLink to={`/clients/${row.clientId}`} state={{ name: rowName(row) } satisfies ClientPageState}>
                  {rowName(row)}
                </RouterLink>
              </Link>
              <MinutesStatusBadge status={row.status} />
            </Flex>
            <DeliveredFigure row={row} />
            <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="0.5" mt="2" fontSize="sm">
              {(
                [
                  ['Required', requiredText(row.required)],
                  ['Required to date', requiredText(row.requiredToDate)],
                  ['Delivered', String(row.delivered)],
                  ['Make-ups owed', String(row.makeupsOwed)],
                  ['Next review', formatDate(row.nextReviewDate)],
                  ['Next evaluation', formatDate(row.nextEvaluationDate)],
                ] as const
              ).map(([term, value]) => (
                <Fragment key={term}>
                  <Text as="dt" color="fg.muted">
                    {term}
                  </Text>
                  <Text as="dd">{value}</Text>
                </Fragment>
              ))}
            </Box>
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}
