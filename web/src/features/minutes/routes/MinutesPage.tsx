import { Alert, Box, Button, Card, Checkbox, EmptyState, Field, Flex, Heading, Input, SimpleGrid, Text } from '@chakra-ui/react';
import { useCallback, useMemo } from 'react';
import { minutesRange, NO_SCHOOL_YEAR } from '@caseload/contract/school-year';
import { ChartIcon } from '../../../components/icons.tsx';
import { ListHeading } from '../../../components/ListHeading.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { ListSkeleton } from '../../../components/ListSkeleton.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { ScopeSwitch } from '../../../components/ScopeSwitch.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useCaseloadScope } from '../../../lib/caseload-scope.ts';
import { downloadFile } from '../../../lib/download.ts';
import { zodFieldErrors } from '../../../lib/form.ts';
import { usePermission } from '../../../lib/permissions.ts';
import { notify } from '../../../lib/toaster.ts';
import { DistrictExportCard, useDistrictExport } from '../../exports/index.ts';
import { useAccountToday } from '../../school-calendar/index.ts';
import { useExportServiceMinutes, useServiceMinutes, type CaseloadMinutesQuery } from '../api/minutes.ts';
import { MinutesTable } from '../components/MinutesTable.tsx';
import { exportFileName, periodLabels, periodRange, periods, sortRows, viewFromParams, withView, type MinutesSort, type MinutesView } from '../lib/minutes.ts';
import { useUrlParams } from '../../../lib/url-params.ts';

const periodOptions = periods.map((p) => ({ value: p, label: periodLabels[p] }));

/** /minutes: the caseload's service minutes against their IEPs, sortable, filterable to "Behind", exportable as CSV. */
export default function MinutesPage() {
  // Sort, filter and period live in the URL: the dashboard links to ?behind=1 and ?sort=review.
  const [params, setParams] = useUrlParams();
  const view = useMemo(() => viewFromParams(params), [params]);
  const setView = useCallback(
    (change: Partial<MinutesView>) => setParams((current) => withView(current, { ...viewFromParams(current), ...change })),
    [setParams],
  );
  const caseload = useCaseloadScope('assignedTo');
  const today = useAccountToday();

  // A custom period is checked with the server's own rules before it is sent.
  const customCheck = view.period === 'custom' && view.custom.from && view.custom.to ? minutesRange.safeParse(view.custom) : undefined;
  const customErrors = customCheck && !customCheck.success ? zodFieldErrors(customCheck.error) : undefined;
  const customError = customErrors && (customErrors.to ?? customErrors.from);
  // The school year needs no "today" (the server knows it); a week or a month waits for the account's zone.
  const range = customError ? undefined : view.period === 'year' ? {} : today ? periodRange(view.period, today, view.custom) : undefined;
  const query: CaseloadMinutesQuery | undefined = range && caseload.filter !== undefined ? { ...range, assignedTo: caseload.filter } : undefined;

  const minutes = useServiceMinutes(query);
  const rows = useMemo(() => {
    const all = minutes.data ?? [];
    return sortRows(view.behindOnly ? all.filter((row) => row.status === 'behind') : all, view.sort, view.direction);
  }, [minutes.data, view.behindOnly, view.sort, view.direction]);

  const sortBy = (sort: MinutesSort) => setView({ sort, direction: sort === view.sort && view.direction === 'asc' ? 'desc' : 'asc' });

  const exporter = useExportServiceMinutes();
  const district = useDistrictExport('The minutes could not be exported.');
  // A whole district's list runs as a background job (a report right); a caseload's is written at once.
  const canExportDistrict = usePermission('canViewReports');
  const exportCsv = () => {
    if (!query) return;
    if (query.assignedTo === 'all' && canExportDistrict) return district.start({ kind: 'minutes', ...query });
    const fileName = exportFileName(query);
    exporter.mutate(query, {
      onSuccess: (file) => {
        downloadFile(file, fileName);
        notify.success({ title: 'Minutes exported', description: `Saved as ${fileName}` });
      },
      onError: (error) => notify.error({ title: 'Export failed', description: errorMessage(error, 'The minutes could not be exported.') }),
    });
  };

  return (
    <>
      <PageHeading
        title="Service Minutes"
        subtitle="Minutes delivered against each student's IEP"
        actions={
          <Button variant="outline" onClick={exportCsv} loading={exporter.isPending || district.starting} disabled={!query}>
            Export CSV
          </Button>
        }
      />
      <DistrictExportCard district={district} />
      <Card.Root as="section" mb="6" aria-labelledby="minutes-filters-heading">
        <Card.Body gap="4">
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Heading as="h2" size="md" id="minutes-filters-heading">
              Period &amp; filter
            </Heading>
            <ScopeSwitch scope={caseload.scope} onChange={caseload.setScope} />
          </Flex>
          <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4" alignItems="end">
            <SelectField label="Period" value={view.period} onChange={(period) => setView({ period: period as MinutesView['period'] })} options={periodOptions} />
            {view.period === 'custom' && (
              <>
                <Field.Root>
                  <Field.Label>From</Field.Label>
                  <Input type="date" value={view.custom.from ?? ''} onChange={(e) => setView({ custom: { ...view.custom, from: e.target.value || undefined } })} />
                </Field.Root>
                <Field.Root invalid={Boolean(customError)}>
                  <Field.Label>To</Field.Label>
                  <Input type="date" value={view.custom.to ?? ''} onChange={(e) => setView({ custom: { ...view.custom, to: e.target.value || undefined } })} />
                  {customError && <Field.ErrorText color="red.700">{customError}</Field.ErrorText>}
                </Field.Root>
              </>
            )}
            <Checkbox.Root checked={view.behindOnly} onCheckedChange={(details) => setView({ behindOnly: details.checked === true })} minH="10">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Behind only</Checkbox.Label>
            </Checkbox.Root>
          </SimpleGrid>
        </Card.Body>
      </Card.Root>

      <Card.Root as="section" aria-labelledby="minutes-list-heading" minW="0">
        <Card.Body gap="4">
          <ListHeading
            id="minutes-list-heading"
            title="Students"
            updating={minutes.isFetching}
            count={minutes.data && !minutes.isPlaceholderData ? `${rows.length} ${rows.length === 1 ? 'student' : 'students'}${view.behindOnly ? ' behind' : ''}` : undefined}
            countTestId="minutes-count"
          />
          {minutes.data?.some((row) => row.status === 'no_school_year') && (
            <Alert.Root status="info" data-testid="no-school-year">
              <Alert.Indicator />
              <Alert.Title>{NO_SCHOOL_YEAR}</Alert.Title>
            </Alert.Root>
          )}
          {view.period === 'custom' && !range && !customError ? (
            <Text color="fg.muted">Choose both dates to see the minutes of that period.</Text>
          ) : (
            <QueryState
              query={minutes}
              loading="Loading service minutes"
              placeholder={<ListSkeleton />}
              error={errorMessage(minutes.error, 'Could not load the service minutes.')}
              retry
              isEmpty={() => rows.length === 0}
              empty={
                <EmptyState.Root>
                  <EmptyState.Content>
                    <EmptyState.Indicator>
                      <ChartIcon />
                    </EmptyState.Indicator>
                    <EmptyState.Title>{view.behindOnly && (minutes.data?.length ?? 0) > 0 ? 'No student is behind' : 'No students found'}</EmptyState.Title>
                    <EmptyState.Description>
                      {view.behindOnly && (minutes.data?.length ?? 0) > 0
                        ? 'Every student in this list has at least 90% of the minutes required to date.'
                        : caseload.scope === 'mine'
                          ? 'No clients are assigned to you yet'
                          : 'Add clients and their IEPs to track their minutes'}
                    </EmptyState.Description>
                  </EmptyState.Content>
                </EmptyState.Root>
              }
            >
              {() => (
                <Box opacity={minutes.isPlaceholderData ? 0.6 : 1} aria-busy={minutes.isPlaceholderData}>
                  <MinutesTable rows={rows} sort={view.sort} direction={view.direction} onSort={sortBy} />
                </Box>
              )}
            </QueryState>
          )}
        </Card.Body>
      </Card.Root>
    </>
  );
}
