/** Pure helpers of the Reports screen. */
import type { GoalStatus } from '@caseload/contract/enums';
import type { Report } from '@caseload/contract/notes';
import { formatIn } from '../../../lib/account-time-zone.ts';

export const periodOptions = [
  { value: '7', label: 'Last 7 days' },
  { value: '14', label: 'Last 2 weeks' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 3 months' },
] as const;
export const DEFAULT_DAYS = 30;

/** At most 4 goals are shown per client. */
export const GOALS_SHOWN = 4;

export type SuccessVariant = 'default' | 'secondary' | 'destructive';

/** Default at 80 and above, secondary at 60 and above, destructive below. */
export function successVariant(rate: number): SuccessVariant {
  if (rate >= 80) return 'default';
  if (rate >= 60) return 'secondary';
  return 'destructive';
}

/** How each variant looks in the app's Chakra theme. */
export const successBadgeProps: Record<SuccessVariant, { variant: 'solid' | 'subtle'; colorPalette: string }> = {
  default: { variant: 'solid', colorPalette: 'blue' },
  secondary: { variant: 'subtle', colorPalette: 'gray' },
  destructive: { variant: 'solid', colorPalette: 'red' },
};

export type ClientProgress = Report['clientProgress'][number];

/** Highest success rate first, clients without data last; ties by name so the order is stable. */
export function sortBySuccess(clients: readonly ClientProgress[]): ClientProgress[] {
  return [...clients].sort((a, b) => (b.progressRate ?? -1) - (a.progressRate ?? -1) || a.clientName.localeCompare(b.clientName));
}

/** What the Success Rate card says under its number: whose data the average covers. */
export function averageCoverage(clientsWithData: number, totalClients: number): string {
  if (clientsWithData === 0) return 'No client has data in this period';
  return `Average of ${clientsWithData} of ${totalClients} client${totalClients === 1 ? '' : 's'} with data`;
}

/** A whole percent between 0 and 100. */
export const percent = (rate: number) => Math.min(100, Math.max(0, Math.round(rate)));

/** The export is named by a date stamp. */
export const exportFileName = (format_: 'json' | 'csv', timeZone: string | undefined, now = new Date()) => `progress-report-${formatIn(now, 'yyyy-MM-dd', timeZone)}.${format_}`;

const statusLabels: Record<GoalStatus, string> = { active: 'Active', mastered: 'Mastered', on_hold: 'On Hold', discontinued: 'Discontinued' };
export const goalStatusLabel = (status: GoalStatus) => statusLabels[status];
