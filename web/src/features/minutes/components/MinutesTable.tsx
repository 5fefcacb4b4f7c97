import { Button, Link, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { MinutesRow } from '@caseload/contract/school-year';
import type { ClientPageState } from '../../clients/index.ts';
import { deliveredPercent, formatDate, notCountedText, requiredText, rowName, type MinutesSort, type SortDirection } from '../lib/minutes.ts';
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
 * One row per student. Below the md breakpoint the table scrolls sideways inside its card (the
 * student's name stays pinned at the left), so the page itself never scrolls sideways at 390 px.
 */
export function MinutesTable({ rows, sort, direction, onSort }: MinutesTableProps) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" maxW="full">
      <Table.Root size="sm" stickyHeader>
        <Table.Header>
          <Table.Row>
            {columns.map((column, index) => {
              const active = column.sort !== undefined && column.sort === sort;
              return (
                <Table.ColumnHeader
                  key={column.label}
                  textAlign={column.numeric ? 'end' : undefined}
                  whiteSpace="nowrap"
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
            const percent = deliveredPercent(row);
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
                  {/* Without an IEP nothing is required: a bar would read as a goal met. */}
                  <MinutesBar delivered={row.delivered} required={row.status === 'no_iep' ? null : row.requiredToDate} />
                  <Text fontSize="xs" color="fg.muted">
                    {row.status === 'no_school_year'
                      ? 'No school year set'
                      : row.status === 'no_iep'
                        ? 'No IEP'
                        : percent === undefined
                          ? 'Nothing required yet'
                          : `${percent}% of required to date`}
                  </Text>
                  {notCountedText(row.notCounted) && (
                    <Text fontSize="xs" color="fg.muted" maxW="64" whiteSpace="normal">
                      {notCountedText(row.notCounted)}
                    </Text>
                  )}
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
