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

/**
 * Whether this browser has entered the share's code (its visit cookie is HttpOnly, out of the page's
 * reach). Without the mark the page shows the code form and asks the server nothing, so an ordinary
 * first visit makes no 401 (a console error); a mark outliving its visit costs one 401, then goes.
 */
const unlockedMark = (token: string) => `caseload.family-unlocked.${markOf(token)}`;

/**
 * The mark's name holds a digest of the link's token, never the token (a secret of the share): one
 * who reads this browser's storage learns only that some share was opened here. FNV-1a (32 bits)
 * is enough to tell a family's few shares apart, and synchronous where the page first renders.
 */
function markOf(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16);
}

export function rememberUnlocked(token: string): void {
  try {
    localStorage.setItem(unlockedMark(token), '1');
  } catch {
    // Storage refused (private mode): the next load asks for the code again.
  }
}

export function wasUnlocked(token: string): boolean {
  try {
    return localStorage.getItem(unlockedMark(token)) === '1';
  } catch {
    return false;
  }
}

export function forgetUnlocked(token: string): void {
  try {
    localStorage.removeItem(unlockedMark(token));
  } catch {
    // Nothing stored to forget.
  }
}
