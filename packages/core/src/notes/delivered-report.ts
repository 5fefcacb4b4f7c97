/**
 * A delivered progress note keeps its parent report (part 4 §1.4): every download after delivery
 * returns the same PDF, byte for byte, whatever changes in the client, its goals or its data.
 *
 * Delivery is a PATCH whose function must stay small (no PDF writer in its bundle), so it stores
 * what the report shows, not the PDF: the report's inputs as read at delivery, in the delivery's
 * own transaction (so a delivered note always has them). The PDF route renders the first download
 * from those inputs and stores the bytes; every later download returns the stored bytes. A note
 * delivered before this existed has no inputs: its first download renders the live records and
 * freezes that.
 *
 * Storage: DynamoDB items hold at most 400 KB. A parent report is tens of kilobytes (one measured
 * with several scripts' fonts and a figure: 20 KB, 13 KB gzip-compressed), but a year of a client
 * with many goals has many figures and rows, so both kinds are gzip-compressed and cut into parts
 * of at most 350 KB (`INPUT#0000`, `PDF#0000`, … in the note's own partition, keys.ts), read back
 * with one Query. Almost always there is one part of each; the cut keeps the rare large one
 * storable without another store. The parts of one kind are written in one transaction, which
 * carries at most 4 MB: far past any parent report.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { DEFAULT_TIME_ZONE } from '@caseload/contract/time-zone';
import { transact, queryPartition, type TxItem } from '../db.ts';
import type { ClientItem, GoalItem, ProgressItem, ProgressNoteItem } from '../items.ts';
import { entity, keys } from '../keys.ts';
import { getAccount, getUser } from '../auth/users-repo.ts';
import { getOrganizationItem } from '../caseload/organizations-repo.ts';
import { isLostRace } from '../db/conflicts.ts';
import { loadClientPeriodRecords } from './facts.ts';

/** What the parent report shows: the client's name, the note, the period's goals and rows, the zone. */
export interface ParentReportInput {
  client: Pick<ClientItem, 'firstName' | 'lastInitial'>;
  note: Pick<ProgressNoteItem, 'content' | 'reportingPeriodStart' | 'reportingPeriodEnd'>;
  goals: GoalItem[];
  /** The client's rows of the period. */
  progress: ProgressItem[];
  timeZone: string;
  /**
   * Who wrote the note (its creator's name as the users list shows it) and the student's school:
   * a family reads whom to ask and where. Absent from inputs kept before the report named them,
   * and when the writer's account or the school is gone.
   */
  preparedBy?: string;
  school?: string;
  /** The district (the account's name), absent from inputs kept before the report named it. */
  district?: string;
}

/**
 * Loads the account (its time zone and name), then the client's goals and the rows of the
 * period's days in that zone (as the note's facts do), the note's writer and the student's school.
 */
export async function loadParentReport(
  accountId: string,
  client: ParentReportInput['client'] & Pick<ClientItem, 'id' | 'organizationId'>,
  note: ParentReportInput['note'] & Pick<ProgressNoteItem, 'createdBy'>,
): Promise<ParentReportInput> {
  const [account, writer, school] = await Promise.all([
    getAccount(accountId),
    note.createdBy ? getUser(accountId, note.createdBy) : undefined,
    client.organizationId ? getOrganizationItem(accountId, client.organizationId) : undefined,
  ]);
  const timeZone = account?.timeZone ?? DEFAULT_TIME_ZONE;
  const records = await loadClientPeriodRecords(accountId, client.id, { start: note.reportingPeriodStart, end: note.reportingPeriodEnd }, timeZone);
  return {
    // Only what the report prints of the client and the note is kept.
    client: { firstName: client.firstName, lastInitial: client.lastInitial },
    note: { content: note.content, reportingPeriodStart: note.reportingPeriodStart, reportingPeriodEnd: note.reportingPeriodEnd },
    ...records,
    timeZone,
    ...(writer ? { preparedBy: `${writer.firstName} ${writer.lastName}` } : {}),
    ...(school ? { school: school.name } : {}),
    ...(account ? { district: account.name } : {}),
  };
}

/** The most bytes of one part: under DynamoDB's 400 KB item limit with room for the keys. */
export const PART_BYTES = 350_000;

type Kind = 'INPUT' | 'PDF';

/** Puts of `bytes` compressed and cut into parts, each written only where no part is yet. */
function partPuts(accountId: string, noteId: string, kind: Kind, bytes: Buffer): TxItem[] {
  const packed = gzipSync(bytes);
  const puts: TxItem[] = [];
  // A gzip stream is never empty (its header alone is 10 bytes), so there is always a first part.
  for (let i = 0; i * PART_BYTES < packed.length; i++) {
    puts.push({
      Put: {
        Item: { ...keys.deliveredReportPart(accountId, noteId, kind, i), type: entity.deliveredReportPart, accountId, noteId, data: packed.subarray(i * PART_BYTES, (i + 1) * PART_BYTES) },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    });
  }
  return puts;
}

/** The writes that keep the report's inputs, for the delivery's own transaction. */
export const deliveredInputPuts = (accountId: string, noteId: string, input: ParentReportInput): TxItem[] =>
  partPuts(accountId, noteId, 'INPUT', Buffer.from(JSON.stringify(input)));

interface Part {
  SK: string;
  data: Uint8Array;
}

/** What is stored of a delivered note's report (one consistent Query): its inputs and its PDF, each when present. */
export async function readDeliveredReport(accountId: string, noteId: string): Promise<{ input?: ParentReportInput; pdf?: Buffer }> {
  const parts = await queryPartition<Part>({ pk: keys.deliveredReport(accountId, noteId), consistent: true });
  // The Query answers in sort-key order, which is part order (keys.ts pads the numbers).
  const joined = (kind: Kind) => {
    const mine = parts.filter((p) => p.SK.startsWith(`${kind}#`));
    return mine.length ? gunzipSync(Buffer.concat(mine.map((p) => p.data))) : undefined;
  };
  const input = joined('INPUT');
  return { input: input && (JSON.parse(input.toString('utf8')) as ParentReportInput), pdf: joined('PDF') };
}

/**
 * Stores a delivered note's PDF, unless one is stored already: of two first downloads at once,
 * the first write wins and both answer its bytes.
 */
export async function keepDeliveredPdf(accountId: string, noteId: string, pdf: Buffer): Promise<Buffer> {
  try {
    await transact(partPuts(accountId, noteId, 'PDF', pdf));
    return pdf;
  } catch (e) {
    if (!isLostRace(e)) throw e;
    const stored = (await readDeliveredReport(accountId, noteId)).pdf;
    if (!stored) throw e;
    return stored;
  }
}
