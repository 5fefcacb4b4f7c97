/** Pure helpers of the progress-notes screens: names, periods, labels and the bulk outcome. */
import { addDays, addMonths, format, isValid, parseISO, subMonths } from 'date-fns';
import type { NoteAuthor, ProgressNoteStatus } from '@caseload/contract/enums';
import { EDITED_NOTE_WOULD_BE_REPLACED, NOTE_COVERS_PART_OF_PERIOD, type BulkJob, type ProgressNote } from '@caseload/contract/notes';

export const UNKNOWN_CLIENT = 'Unknown Client';

export interface Period {
  start: string;
  end: string;
}

const DAY = 'yyyy-MM-dd';

/** One month ago to today, as yyyy-MM-dd. */
export function defaultPeriod(today = new Date()): Period {
  return { start: format(subMonths(today, 1), DAY), end: format(today, DAY) };
}

/**
 * The generate dialog's first period: the current reporting period when there is one; otherwise one
 * month ago to today, starting the day after the client's last note ended when that is later (a
 * note must not overlap another). Should that start reach today, the period runs one month from it.
 */
export function suggestedPeriod(today: Date, current: Period | null | undefined, lastNoteEnd: string | undefined): Period {
  if (current) return { start: current.start, end: current.end };
  const fallback = defaultPeriod(today);
  if (!lastNoteEnd || lastNoteEnd < fallback.start) return fallback;
  const dayAfter = addDays(parseISO(lastNoteEnd), 1);
  const start = format(dayAfter, DAY);
  return { start, end: start < fallback.end ? fallback.end : format(addMonths(dayAfter, 1), DAY) };
}

/** The 409 texts of generation a clinician may override with `replace: true` (a delivered note never is). */
export const REPLACEABLE_CONFLICTS: readonly string[] = [EDITED_NOTE_WOULD_BE_REPLACED, NOTE_COVERS_PART_OF_PERIOD];

export interface Notice {
  title: string;
  description?: string;
}

/** The two rules for a reporting period (both dates set; the start not after the end), with its titles and texts; null when the period is fine. */
export function validatePeriod({ start, end }: Period): Notice | null {
  if (!start || !end) return { title: 'Invalid dates', description: 'Please select both start and end dates for the reporting period.' };
  if (start >= end) return { title: 'Invalid date range', description: 'End date must be after start date.' };
  return null;
}

export function formatDay(day: string): string {
  const date = parseISO(day);
  return isValid(date) ? format(date, 'MMM d, yyyy') : day;
}

export const formatPeriod = (start: string, end: string) => `${formatDay(start)} - ${formatDay(end)}`;

export const authorLabels: Record<NoteAuthor, string> = { ai: 'AI Generated', manual: 'Manual' };

export const statusLabels: Record<ProgressNoteStatus, string> = { generated: 'Generated', updated: 'Updated', delivered: 'Delivered' };

export const statusPalette: Record<ProgressNoteStatus, string> = { generated: 'blue', updated: 'orange', delivered: 'green' };

export function newestFirst(notes: readonly ProgressNote[]): ProgressNote[] {
  return [...notes].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

const notesCount = (n: number) => `${n} progress note${n === 1 ? '' : 's'}`;

export interface BulkOutcome extends Notice {
  type: 'success' | 'warning' | 'error';
}

/** The toast for a finished bulk job (all failed, partial success, full success). */
export function bulkOutcome(job: Pick<BulkJob, 'successCount' | 'errorCount' | 'errors'> & { skippedCount?: number }): BulkOutcome {
  const { successCount: generated, errorCount: failed } = job;
  const skipped = job.skippedCount ?? 0;
  const skippedText = skipped > 0 ? ` ${skipped} skipped (they already had a note for this period).` : '';
  if (failed > 0 && generated === 0) {
    return { type: 'error', title: 'Generation failed', description: job.errors[0]?.error || 'Unknown error' };
  }
  if (failed > 0) {
    return {
      type: 'warning',
      title: 'Progress notes partially generated',
      description: `Generated ${notesCount(generated)}; ${failed} failed.${skippedText}`,
    };
  }
  if (generated === 0) {
    return { type: 'success', title: 'No new progress notes', description: `Every selected client already had a note for this period.${skippedText}` };
  }
  return { type: 'success', title: 'Progress notes generated', description: `Successfully generated ${notesCount(generated)}.${skippedText}` };
}

export interface NoteFilters {
  search: string;
  clientId: string;
  organizationId: string;
  status: string;
}

/** '' means "all" for every select. */
export const noNoteFilters: NoteFilters = { search: '', clientId: '', organizationId: '', status: '' };

export interface ListedNote {
  note: ProgressNote;
  clientName: string;
  organizationId: string | undefined;
  text: string;
}

/** Notes with what the list shows and filters on; newest first. */
export function listNotes(
  notes: readonly ProgressNote[],
  clients: ReadonlyMap<string, { name: string; organizationId?: string }>,
  toText: (html: string) => string,
): ListedNote[] {
  return newestFirst(notes).map((note) => {
    const client = clients.get(note.clientId);
    return {
      note,
      clientName: note.clientName ?? client?.name ?? UNKNOWN_CLIENT,
      organizationId: note.organizationId ?? client?.organizationId,
      text: toText(note.content),
    };
  });
}

export function filterNotes(notes: readonly ListedNote[], filters: NoteFilters): ListedNote[] {
  const search = filters.search.trim().toLowerCase();
  return notes.filter(
    ({ note, clientName, organizationId, text }) =>
      (!filters.clientId || note.clientId === filters.clientId) &&
      (!filters.organizationId || organizationId === filters.organizationId) &&
      (!filters.status || note.status === filters.status) &&
      (!search || clientName.toLowerCase().includes(search) || text.toLowerCase().includes(search)),
  );
}

export const hasActiveFilters = (filters: NoteFilters) => Object.values(filters as Record<keyof NoteFilters, string>).some((v) => v.trim() !== '');
