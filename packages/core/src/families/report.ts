/**
 * The family's report (part 4 §6): what the parent PDF prints of a shared delivered note, as JSON
 * for the family page and as the PDF. Both come from the report's inputs kept at delivery
 * (notes/delivered-report.ts), so the family sees what the note showed when it was delivered.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { FamilyReport, ReportLanguage } from '@caseload/contract/families';
import { recordAudit } from '../audit.ts';
import { db } from '../db.ts';
import type { ClientItem } from '../items.ts';
import { keys } from '../keys.ts';
import { loadParentReport, readDeliveredReport, type ParentReportInput } from '../notes/delivered-report.ts';
import { reportedGoals } from '../notes/reported-goals.ts';
import { getNoteItem } from '../notes/repo.ts';
import { tableName } from '../table.ts';
import type { FamilyShareItem } from './repo.ts';
import { reviewedLanguages, reviewedTranslationOf } from './translations.ts';
import type { FamilyVisit } from './visit-cookie.ts';
import { openVisitedShare } from './visits.ts';

/** The kept inputs of the shared note's report (or, for a note delivered before they were kept, the live records). */
async function reportInput(share: FamilyShareItem): Promise<ParentReportInput> {
  const kept = await readDeliveredReport(share.accountId, share.noteId);
  if (kept.input) return kept.input;
  const note = await getNoteItem(share.accountId, share.noteId);
  const client = (await db().send(new GetCommand({ TableName: tableName(), Key: keys.client(share.accountId, share.clientId) }))).Item as ClientItem;
  return loadParentReport(share.accountId, client, note!);
}

export interface SharedReport {
  share: FamilyShareItem;
  input: ParentReportInput;
  language: ReportLanguage;
  /** The note's reviewed translation, for a language other than English. */
  translation?: { text: string; reviewedByName: string; reviewedAt: string };
  /** English and the languages of the note's reviewed translations. */
  languages: ReportLanguage[];
}

/** The shared report in `language` (the share's by default): 410 once the share ended, 409 without a reviewed translation. */
export async function sharedReport(visit: FamilyVisit, language: ReportLanguage | undefined): Promise<SharedReport> {
  const share = await openVisitedShare(visit);
  const lang = language ?? share.language;
  const translation = lang === 'en' ? undefined : await reviewedTranslationOf(share.accountId, share.noteId, lang);
  const [input, languages] = await Promise.all([reportInput(share), reviewedLanguages(share.accountId, share.noteId)]);
  await recordAudit(share.accountId, { action: 'family_share.view', actorName: 'Family', entityType: 'progress_note', entityId: share.noteId, summary: 'A family viewed a shared progress report' });
  return { share, input, language: lang, translation, languages };
}

/** The report as the family page reads it. */
export function familyReportJson({ share, input, language, translation, languages }: SharedReport): FamilyReport {
  return {
    client: { firstName: input.client.firstName, lastInitial: input.client.lastInitial },
    period: { start: input.note.reportingPeriodStart, end: input.note.reportingPeriodEnd },
    school: input.school ?? null,
    district: input.district ?? null,
    preparedBy: input.preparedBy ?? null,
    goals: reportedGoals(input).map(({ goal, chart }) => ({ name: goal.name, status: chart.progress, chart })),
    note: translation?.text ?? input.note.content,
    language,
    languages,
    translatedBy: translation ? { name: translation.reviewedByName, at: translation.reviewedAt } : null,
    acknowledgedAt: share.acknowledgedAt ?? null,
    acknowledgedBy: share.acknowledgedBy ?? null,
  };
}
