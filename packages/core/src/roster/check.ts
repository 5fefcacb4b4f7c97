/**
 * Is this a OneRoster CSV zip? The three files every OneRoster export has, each with the header
 * columns that make it OneRoster's (part 4 §3: otherwise 400 'This is not a OneRoster CSV zip').
 * Only the zip's directory and the three header lines are read, so the route answers at once.
 * Other missing columns (a student's role, a school's type...) are errors of the preview, with
 * their file, not a refusal.
 */
import { NotOneRosterError, readHeader, type RosterZip } from './oneroster.ts';

const REQUIRED: Record<string, string[]> = {
  'manifest.csv': ['propertyName', 'value'],
  'orgs.csv': ['sourcedId', 'name', 'type'],
  'users.csv': ['sourcedId'],
};

export async function checkOneRoster(zip: RosterZip): Promise<void> {
  for (const [file, columns] of Object.entries(REQUIRED)) {
    if (!zip.has(file)) throw new NotOneRosterError(`${file} missing`);
    const header = await readHeader(zip, file);
    if (!header || !columns.every((c) => header.includes(c))) throw new NotOneRosterError(`${file} header`);
  }
}
