import { Box, Button, Card, Checkbox, EmptyState, Field, Flex, Heading, Input, SimpleGrid, Text } from '@chakra-ui/react';
import { useCallback, useMemo } from 'react';
import { serviceLogQuery } from '@caseload/contract/signatures';
import { FileTextIcon } from '../../../components/icons.tsx';
import { NoPermission } from '../../../components/NoPermission.tsx';
import { ListHeading } from '../../../components/ListHeading.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { ListSkeleton } from '../../../components/ListSkeleton.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { clinicianName, useClinicians } from '../../../lib/clinicians.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { downloadFile } from '../../../lib/download.ts';
import { zodFieldErrors } from '../../../lib/form.ts';
import { usePermission } from '../../../lib/permissions.ts';
import { notify } from '../../../lib/toaster.ts';
import { DistrictExportCard, useDistrictExport } from '../../exports/index.ts';
import { useAccountToday } from '../../school-calendar/index.ts';
import { useExportServiceLog, useServiceLog } from '../api/service-log.ts';
import { ServiceLogTable } from '../components/ServiceLogTable.tsx';
import { exportFileName, rangeOf, toRequest, viewFromParams, withView, type ServiceLogView } from '../lib/service-log.ts';
import { useUrlParams } from '../../../lib/url-params.ts';

/** /service-log: the Medicaid service log (one line per student present in a completed session), filtered and exportable as CSV. */
export default function ServiceLogPage() {
  const canView = usePermission('canViewReports');
  if (!canView) {
    return (
      <NoPermission title="Service log" message="You don't have permission to view the service log." hint='Ask your account administrator to turn on "View reports" for you.' />
    );
  }
  return <ServiceLog />;
}

function ServiceLog() {
  // Every filter lives in the URL: a reload or a shared link shows the same lines.
  const [params, setParams] = useUrlParams();
  const view = useMemo(() => viewFromParams(params), [params]);
  const setView = useCallback(
    (change: Partial<ServiceLogView>) => setParams((current) => withView(current, { ...viewFromParams(current), ...change })),
    [setParams],
  );
  const today = useAccountToday();
  const range = today ? rangeOf(view, today) : undefined;

  // The dates are checked with the server's own rules before anything is sent.
  const check = range ? serviceLogQuery.safeParse(range) : undefined;
  const dateErrors = check && !check.success ? zodFieldErrors(check.error) : undefined;
  const dateError = dateErrors && (dateErrors.to ?? dateErrors.from);
  const request = range && !dateError ? toRequest(view, range) : undefined;

  const lines = useServiceLog(request);
  const exporter = useExportServiceLog();
  const district = useDistrictExport('The service log could not be exported.');
  const exportCsv = () => {
    if (!request) return;
    // Every provider's sessions may be a district's thousands: a background job writes that file.
    if (request.assignedTo === EVERYONE) return district.start({ kind: 'serviceLog', ...request });
    const fileName = exportFileName(request);
    exporter.mutate(request, {
      onSuccess: (file) => {
        downloadFile(file, fileName, 'text/csv');
        notify.success({ title: 'Service log exported', description: `Saved as ${fileName}` });
      },
      onError: (error) => notify.error({ title: 'Export failed', description: errorMessage(error, 'The service log could not be exported.') }),
    });
  };

  const count = lines.data?.length ?? 0;
  const filtered = view.medicaidOnly || view.unsignedOnly;

  return (
    <>
      <PageHeading
        title="Service log"
        subtitle="One line per student present in a completed session, for Medicaid billing"
        actions={
          <Button variant="outline" onClick={exportCsv} loading={exporter.isPending || district.starting} disabled={!request}>
            Export CSV
          </Button>
        }
      />
      <DistrictExportCard district={district} />
      <Card.Root as="section" mb="6" aria-labelledby="service-log-filters-heading">
        <Card.Body gap="4">
          <Heading as="h2" size="md" id="service-log-filters-heading">
            Period &amp; filters
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" alignItems="end">
            <Field.Root>
              <Field.Label>From</Field.Label>
              <Input type="date" value={range?.from ?? ''} onChange={(e) => setView({ from: e.target.value || undefined })} />
            </Field.Root>
            <Field.Root invalid={Boolean(dateError)}>
              <Field.Label>To</Field.Label>
              <Input type="date" value={range?.to ?? ''} onChange={(e) => setView({ to: e.target.value || undefined })} />
              {dateError && <Field.ErrorText color="red.700">{dateError}</Field.ErrorText>}
            </Field.Root>
            <ProviderFilter value={view.assignedTo} onChange={(assignedTo) => setView({ assignedTo })} />
          </SimpleGrid>
          <Flex gap="6" wrap="wrap">
            <Checkbox.Root checked={view.medicaidOnly} onCheckedChange={(details) => setView({ medicaidOnly: details.checked === true })} minH="10">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Medicaid-eligible only</Checkbox.Label>
            </Checkbox.Root>
            <Checkbox.Root checked={view.unsignedOnly} onCheckedChange={(details) => setView({ unsignedOnly: details.checked === true })} minH="10">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Unsigned only</Checkbox.Label>
            </Checkbox.Root>
          </Flex>
        </Card.Body>
      </Card.Root>

      <Card.Root as="section" aria-labelledby="service-log-list-heading" minW="0">
        <Card.Body gap="4" minW="0">
          <ListHeading
            id="service-log-list-heading"
            title="Services"
            updating={lines.isFetching}
            count={lines.data && !lines.isPlaceholderData ? `${count} ${count === 1 ? 'line' : 'lines'}` : undefined}
            countTestId="service-log-count"
          />
          {dateError ? (
            <Text color="fg.muted">Correct the dates to see the services of that period.</Text>
          ) : (
            <QueryState
              query={lines}
              loading="Loading the service log"
              placeholder={<ListSkeleton />}
              error={errorMessage(lines.error, 'Could not load the service log.')}
              retry
              isEmpty={(data) => data.length === 0}
              empty={
                <EmptyState.Root>
                  <EmptyState.Content>
                    <EmptyState.Indicator>
                      <FileTextIcon />
                    </EmptyState.Indicator>
                    <EmptyState.Title>No services in this period</EmptyState.Title>
                    <EmptyState.Description>
                      {filtered
                        ? 'No completed session with a student present matches these filters.'
                        : 'Completed sessions with a student marked present appear here.'}
                    </EmptyState.Description>
                  </EmptyState.Content>
                </EmptyState.Root>
              }
            >
              {(data) => (
                <Box opacity={lines.isPlaceholderData ? 0.6 : 1} aria-busy={lines.isPlaceholderData} minW="0">
                  <ServiceLogTable lines={data} />
                </Box>
              )}
            </QueryState>
          )}
        </Card.Body>
      </Card.Root>
    </>
  );
}

const MINE = 'me';
const EVERYONE = 'all';

/** My sessions, all providers, or one provider (the account's users who see every organization). */
function ProviderFilter({ value, onChange }: { value: string; onChange: (assignedTo: string) => void }) {
  const me = useCurrentUser().data?.id;
  const clinicians = useClinicians();
  const options = [
    { value: MINE, label: 'My sessions' },
    { value: EVERYONE, label: 'All providers' },
    ...(clinicians.data ?? []).filter((c) => c.id !== me).map((c) => ({ value: c.id, label: clinicianName(c) })),
  ];
  // The user's own id in a link means their own sessions; another provider not in the list still shows as chosen.
  const shown = value === me ? MINE : value;
  if (!options.some((o) => o.value === shown)) options.push({ value: shown, label: 'Another provider' });
  return <SelectField label="Provider" value={shown} onChange={onChange} options={options} />;
}
