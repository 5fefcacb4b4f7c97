import type { FamilyReport, ReportLanguage } from '@caseload/contract/families';
import { api, apiFile } from '../../../lib/api.ts';

/**
 * The family page's calls: all under the link's token, none with a clinician's session. A 401 here
 * means the code has not been entered (or the visit ended), never a clinician's signed-out session.
 */
export const unlockShare = (token: string, code: string) => api('unlockFamilyShare', { params: { token }, body: { code }, expectUnauthorized: true });

export const fetchFamilyReport = (token: string, lang?: ReportLanguage, signal?: AbortSignal): Promise<FamilyReport> =>
  api('getFamilyReport', { params: { token }, query: lang ? { lang } : {}, expectUnauthorized: true, signal });

export const fetchFamilyReportPdf = (token: string, lang?: ReportLanguage) =>
  apiFile('downloadFamilyReportPdf', { params: { token }, query: lang ? { lang } : {}, expectUnauthorized: true });

export const acknowledgeReport = (token: string, name: string) => api('acknowledgeFamilyShare', { params: { token }, body: { name }, expectUnauthorized: true });
