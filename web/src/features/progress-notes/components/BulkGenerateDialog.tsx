import { Alert, Box, Button, Checkbox, Input, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import type { Organization } from '@caseload/contract/caseload';
import type { BulkJob } from '@caseload/contract/notes';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useDebouncedValue } from '../../../lib/debounce.ts';
import { notify } from '../../../lib/toaster.ts';
import { clientName, PICK_LIST_LIMIT, useClients } from '../../../lib/clients.ts';
import { useReportingPeriods } from '../../school-calendar/index.ts';
import { useStartBulkGeneration } from '../api/progress-notes.ts';
import { defaultPeriod, validatePeriod, type Period } from '../lib/notes.ts';
import { PeriodFields } from './PeriodFields.tsx';

interface BulkGenerateDialogProps {
  open: boolean;
  /** The page's caseload: the clients offered are the user's own ('me') or all they may see. */
  assignedTo: 'me' | 'all';
  organizations: readonly Organization[];
  onClose: () => void;
  /** The job started; the page shows its progress. */
  onStarted: (job: BulkJob) => void;
}

/**
 * 'Generate for Multiple Clients': pick clients (Select All, organization filter, a count banner),
 * then the generation options (period, skip clients that already have a note), then start the job.
 */
export function BulkGenerateDialog({ open, onClose, ...props }: BulkGenerateDialogProps) {
  const [step, setStep] = useState<'clients' | 'options'>('clients');
  const close = () => {
    setStep('clients');
    onClose();
  };
  return (
    <AppDialog open={open} onClose={close} size="lg" closeLabel="Close dialog" title={step === 'clients' ? 'Generate for Multiple Clients' : 'Generation Options'}>
      <BulkFlow step={step} setStep={setStep} onClose={close} {...props} />
    </AppDialog>
  );
}

interface BulkFlowProps extends Omit<BulkGenerateDialogProps, 'open'> {
  step: 'clients' | 'options';
  setStep: (step: 'clients' | 'options') => void;
}

function BulkFlow({ step, setStep, assignedTo, organizations, onClose, onStarted }: BulkFlowProps) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [organizationId, setOrganizationId] = useState('');
  const current = useReportingPeriods().data?.current;
  // The current reporting period when there is one (until the user picks dates), else a month to today.
  const [chosen, setPeriod] = useState<Period | null>(null);
  const period = chosen ?? (current ? { start: current.start, end: current.end } : defaultPeriod());
  const [skipExisting, setSkipExisting] = useState(true);
  const start = useStartBulkGeneration();

  // Only active clients (discharged or inactive ones have no sessions to report on), filtered and
  // searched by the server; the whole match comes back (no limit), so Select All covers every one.
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim());
  const query = { assignedTo, status: 'active' as const, ...(organizationId ? { organizationId } : {}), ...(term ? { search: term } : {}) };
  const clients = useClients(query);
  const visible = useMemo(() => clients.data ?? [], [clients.data]);
  // Select All acts on every visible client; only the first rows are drawn.
  const drawn = visible.slice(0, PICK_LIST_LIMIT);
  const visibleSelected = visible.filter((c) => selected.has(c.id)).length;
  const allVisibleSelected = visible.length > 0 && visibleSelected === visible.length;
  const organizationName = new Map(organizations.map((o) => [o.id, o.name]));
  const organizationOptions = organizations.map((o) => ({ value: o.id, label: o.name }));
  const narrowed = Boolean(organizationId || term);

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const c of visible) {
        if (on) next.add(c.id);
        else next.delete(c.id);
      }
      return next;
    });

  const generate = () => {
    const invalid = validatePeriod(period);
    if (invalid) {
      notify.error(invalid);
      return;
    }
    start.mutate(
      { clientIds: [...selected], reportingPeriodStart: period.start, reportingPeriodEnd: period.end, skipExisting },
      {
        onSuccess: (job) => {
          onStarted(job);
          onClose();
        },
        onError: (error) => notify.error({ title: 'Failed to generate progress notes', description: errorMessage(error, 'Please try again.') }),
      },
    );
  };

  const count = selected.size;
  const banner = (
    <Alert.Root status={count > 0 ? 'info' : 'neutral'} role="status">
      <Alert.Indicator />
      <Alert.Title>
        {count} client{count === 1 ? '' : 's'} selected
      </Alert.Title>
    </Alert.Root>
  );

  if (step === 'options') {
    return (
      <Stack gap="4" pb="2">
        {banner}
        <Text>Choose the reporting period for the new progress notes.</Text>
        <PeriodFields value={period} onChange={setPeriod} disabled={start.isPending} />
        <Checkbox.Root checked={skipExisting} onCheckedChange={(details) => setSkipExisting(details.checked === true)} disabled={start.isPending}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Skip clients that already have a note for this period</Checkbox.Label>
        </Checkbox.Root>
        <Stack direction="row" justify="flex-end" gap="3">
          <Button variant="outline" onClick={() => setStep('clients')} disabled={start.isPending}>
            Back
          </Button>
          <Button colorPalette="purple" onClick={generate} loading={start.isPending} loadingText="Starting...">
            Generate {count} Note{count === 1 ? '' : 's'}
          </Button>
        </Stack>
      </Stack>
    );
  }

  return (
    <Stack gap="4" pb="2">
      {organizationOptions.length > 0 && (
        <SelectField label="Organization" value={organizationId} onChange={setOrganizationId} options={organizationOptions} placeholder="All Organizations" />
      )}
      <Input size="sm" type="search" placeholder="Search clients by name" aria-label="Search clients" value={search} onChange={(event) => setSearch(event.target.value)} />
      <QueryState
        query={clients}
        loading="Loading clients..."
        error="Could not load clients."
        isEmpty={(list) => list.length === 0}
        empty={
          narrowed ? (
            <Text color="fg.muted">{term ? 'No clients match your search.' : 'No active clients in this organization.'}</Text>
          ) : (
            <Text color="fg.muted">There are no active clients to generate notes for.</Text>
          )
        }
      >
        {() => (
          <Box borderWidth="1px" borderRadius="md" opacity={clients.isPlaceholderData ? 0.6 : 1}>
            <Box px="3" py="2" borderBottomWidth="1px" bg="gray.50">
              <Checkbox.Root
                checked={allVisibleSelected ? true : visibleSelected > 0 ? 'indeterminate' : false}
                onCheckedChange={(details) => toggleAll(details.checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label fontWeight="medium">Select All</Checkbox.Label>
              </Checkbox.Root>
            </Box>
            <Stack as="ul" aria-label="Clients" gap="0" maxH="64" overflowY="auto" listStyleType="none">
              {drawn.map((c) => (
                <Box as="li" key={c.id} px="3" py="2" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
                  <Checkbox.Root checked={selected.has(c.id)} onCheckedChange={(details) => toggle(c.id, details.checked === true)}>
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>
                      {clientName(c)}
                      {c.organizationId && organizationName.get(c.organizationId) && (
                        <Text as="span" color="fg.muted" fontSize="sm">
                          {' '}
                          · {organizationName.get(c.organizationId)}
                        </Text>
                      )}
                    </Checkbox.Label>
                  </Checkbox.Root>
                </Box>
              ))}
              {visible.length > drawn.length && (
                <Text as="li" px="3" py="2" color="fg.muted" fontSize="sm">
                  {(visible.length - drawn.length).toLocaleString()} more: Select All includes them, or search to find one.
                </Text>
              )}
            </Stack>
          </Box>
        )}
      </QueryState>
      {banner}
      {count === 0 && (
        <Text fontSize="sm" color="fg.muted">
          Please select at least one client
        </Text>
      )}
      <Stack direction="row" justify="flex-end" gap="3">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button colorPalette="purple" disabled={count === 0} onClick={() => setStep('options')}>
          Continue
        </Button>
      </Stack>
    </Stack>
  );
}
