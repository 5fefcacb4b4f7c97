import type { ServiceLogLine } from '@caseload/contract/signatures';
import { roleLabels } from '@caseload/contract/enums';

/** The page's filters, as the URL holds them (a reload or a shared link keeps them). */
export interface ServiceLogView {
  /** Both dates in the account's zone, both included; absent: this month so far. */
  from?: string;
  to?: string;
  /** 'me' (the default), 'all', or one provider's user id. */
  assignedTo: string;
  medicaidOnly: boolean;
  unsignedOnly: boolean;
}

/** What the list and the export send: the same query for both. */
export interface ServiceLogRequest {
  from: string;
  to: string;
  assignedTo: string;
  medicaidOnly?: true;
  unsignedOnly?: true;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const date = (value: string | null) => (value && DATE.test(value) ? value : undefined);

export function viewFromParams(params: URLSearchParams): ServiceLogView {
  return {
    from: date(params.get('from')),
    to: date(params.get('to')),
    assignedTo: params.get('assignedTo') || 'me',
    medicaidOnly: params.get('medicaid') === '1',
    unsignedOnly: params.get('unsigned') === '1',
  };
}

/** The URL's search with the view written in; defaults are left out, other parameters kept. */
export function withView(current: URLSearchParams, view: ServiceLogView): URLSearchParams {
  const next = new URLSearchParams(current);
  // Written afresh in one order, so a link reads the same whichever filter changed last.
  for (const key of ['from', 'to', 'assignedTo', 'medicaid', 'unsigned']) next.delete(key);
  const set = (key: string, value: string | undefined) => value && next.set(key, value);
  set('from', view.from);
  set('to', view.to);
  set('assignedTo', view.assignedTo === 'me' ? undefined : view.assignedTo);
  set('medicaid', view.medicaidOnly ? '1' : undefined);
  set('unsigned', view.unsignedOnly ? '1' : undefined);
  return next;
}

/** This month so far: the first of today's month to today, in the account's zone. */
export const defaultRange = (today: string) => ({ from: `${today.slice(0, 7)}-01`, to: today });

/** The dates shown and sent: the URL's, else this month so far. */
export function rangeOf(view: ServiceLogView, today: string): { from: string; to: string } {
  const fallback = defaultRange(today);
  return { from: view.from ?? fallback.from, to: view.to ?? fallback.to };
}

export function toRequest(view: ServiceLogView, range: { from: string; to: string }): ServiceLogRequest {
  return {
    ...range,
    assignedTo: view.assignedTo,
    ...(view.medicaidOnly ? { medicaidOnly: true as const } : {}),
    ...(view.unsignedOnly ? { unsignedOnly: true as const } : {}),
  };
}

export const exportFileName = (request: Pick<ServiceLogRequest, 'from' | 'to'>) => `service-log-${request.from}-to-${request.to}.csv`;

export { sessionTypeLabels } from '@caseload/contract/enums';
export const cosignedLabels: Record<ServiceLogLine['cosigned'], string> = { yes: 'Yes', no: 'No', not_needed: 'Not needed' };
export const roleLabel = (line: Pick<ServiceLogLine, 'role'>) => roleLabels[line.role];

const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** 'Mar 4, 2026' for a calendar date (read at UTC midnight, so no zone moves it a day). */
export const shortDate = (date: string) => SHORT_DATE.format(new Date(`${date}T00:00:00Z`));
