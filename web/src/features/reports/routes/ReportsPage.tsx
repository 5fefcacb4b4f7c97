import { Alert, Button, Card, Flex, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { goalTypeLabels, goalTypes, type GoalType } from '@caseload/contract/enums';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { useAccountTimeZone } from '../../../lib/account-time-zone.ts';
import { errorMessage } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
import { usePermission } from '../../../lib/permissions.ts';
import { notify } from '../../../lib/toaster.ts';
import { clientName, useClients } from '../../../lib/clients.ts';
import { useExportReport, useReport, type ReportFilters } from '../api/reports.ts';
import { ClientProgressList } from '../components/ClientProgressList.tsx';
import { SummaryCards } from '../components/SummaryCards.tsx';
import { DEFAULT_DAYS, exportFileName, periodOptions } from '../lib/report.ts';

const goalTypeOptions = goalTypes.map((t) => ({ value: t, label: goalTypeLabels[t] }));

/** /reports: filters, four summary cards, Client Progress Details, and export as CSV ('Export Report') or JSON. */
export default function ReportsPage() {
  const canView = usePermission('canViewReports');
  if (!canView) {
    return (
      <>
        <PageHeading title="Reports" />
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>You don't have permission to view reports.</Alert.Title>
            <Alert.Description>Ask your account administrator to turn on "View reports" for you.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      </>
    );
  }
  return <Reports />;
}

function Reports() {
  const timeZone = useAccountTimeZone();
  const [filters, setFilters] = useState<ReportFilters>({ days: DEFAULT_DAYS });
  const report = useReport(filters, true);
  const clients = useClients();
  const exporter = useExportReport();
  const [exporting, setExporting] = useState<'json' | 'csv' | null>(null);

  const clientOptions = [...(clients.data ?? [])].sort((a, b) => clientName(a).localeCompare(clientName(b))).map((c) => ({ value: c.id, label: clientName(c) }));

  const download = (format: 'json' | 'csv') => {
    setExporting(format);
    exporter.mutate(
      { ...filters, format },
      {
        onSuccess: (file) => {
          downloadFile(file, exportFileName(format, timeZone));
          notify.success({ title: 'Report exported', description: `Saved as ${exportFileName(format, timeZone)}` });
        },
        onError: (error) => notify.error({ title: 'Export failed', description: errorMessage(error, 'The report could not be exported.') }),
        onSettled: () => setExporting(null),
      },
    );
  };

  return (
    <>
      <PageHeading
        title="Reports"
        subtitle="Progress across your caseload"
        actions={
          <Flex gap="3" wrap="wrap">
            {/* The report a person opens is the spreadsheet; the JSON is the same data for other systems. */}
            <Button colorPalette="blue" onClick={() => download('csv')} loading={exporting === 'csv'} disabled={exporting !== null}>
              Export Report
            </Button>
            <Button variant="outline" onClick={() => download('json')} loading={exporting === 'json'} disabled={exporting !== null}>
              Export JSON (data)
            </Button>
          </Flex>
        }
      />
      <Card.Root as="section" mb="6" aria-label="Report filters">
        <Card.Body>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <SelectField
              label="Time Period"
              value={String(filters.days)}
              onChange={(v) => setFilters({ ...filters, days: Number(v) })}
              options={periodOptions}
            />
            <SelectField
              label="Client"
              value={filters.clientId ?? ''}
              onChange={(v) => setFilters({ ...filters, clientId: v || undefined })}
              options={clientOptions}
              placeholder="All Clients"
            />
            <SelectField
              label="Goal Type"
              value={filters.goalType ?? ''}
              onChange={(v) => setFilters({ ...filters, goalType: (v || undefined) as GoalType | undefined })}
              options={goalTypeOptions}
              placeholder="All Goal Types"
            />
          </SimpleGrid>
        </Card.Body>
      </Card.Root>
      <QueryState
        query={report}
        loading="Loading the report"
        placeholder={
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} height="28" />
              ))}
            </SimpleGrid>
            <Skeleton height="48" />
          </Stack>
        }
        error={errorMessage(report.error, 'The report could not be loaded.')}
      >
        {(data) => (
          // Filtered to one client, its figures show at once (not while the previous filter's report is still on screen).
          <Stack gap="0" opacity={report.isPlaceholderData ? 0.6 : 1} aria-busy={report.isFetching}>
            <SummaryCards stats={data.overallStats} />
            <ClientProgressList clients={data.clientProgress} showCharts={filters.clientId !== undefined && !report.isPlaceholderData} />
          </Stack>
        )}
      </QueryState>
    </>
  );
}
