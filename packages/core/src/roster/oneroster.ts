/**
 * Reading a OneRoster CSV zip as streams: yauzl reads the zip's central directory, so each file is
 * opened by name in the order the import needs (orgs.csv before users.csv, whatever the order in
 * the archive), and csv-parse parses each file as it is inflated. Nothing holds a whole file: rows
 * arrive one by one with backpressure, so memory does not grow with users.csv. A well-kept parser,
 * not our own: byte-order marks, CRLF, quoted fields with commas, quotes and line breaks are its job.
 */
import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';
import yauzl from 'yauzl';

/** The zip is not a zip, or lacks the OneRoster files or their headers (part 4 §3: 400). */
export class NotOneRosterError extends Error {}

export interface RosterZip {
  /** The entries by lower-cased file name (the base name: some exporters put the files in a folder). */
  has(name: string): boolean;
  uncompressedSize(name: string): number;
  open(name: string): Promise<Readable>;
  close(): void;
}

export async function openRosterZip(path: string): Promise<RosterZip> {
  let zip: yauzl.ZipFile;
  try {
    // validateEntrySizes (the default): a zip whose declared sizes lie fails its stream.
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
  } catch {
    throw new NotOneRosterError('not a zip');
  }
  const entries = new Map<string, yauzl.Entry>();
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!entry.fileName.endsWith('/')) {
          const name = basename(entry.fileName).toLowerCase();
          // The first of a name wins (a stray copy in a sub-folder does not replace it).
          if (!entries.has(name)) entries.set(name, entry);
        }
        zip.readEntry();
      });
      zip.on('end', resolve);
      zip.on('error', reject);
      zip.readEntry();
    });
  } catch {
    zip.close();
    throw new NotOneRosterError('unreadable zip');
  }
  return {
    has: (name) => entries.has(name.toLowerCase()),
    uncompressedSize: (name) => entries.get(name.toLowerCase())?.uncompressedSize ?? 0,
    open: (name) => zip.openReadStreamPromise(entries.get(name.toLowerCase())!),
    close: () => zip.close(),
  };
}

/** One data row: its line (the header is line 1) and its fields by column name. */
export interface CsvRow {
  line: number;
  fields: Record<string, string>;
}
/** A row that does not parse (wrong number of fields, a broken quote): its line and a message without its content. */
export interface CsvProblem {
  line: number;
  problem: string;
}

const parserOptions = {
  bom: true,
  // A CRLF or LF file alike; an empty line is no row.
  skip_empty_lines: true,
  info: true,
} as const;

const headerOf = (header: string[]) => header.map((h) => h.trim());

/** The header of a file (its first record), reading no further. */
export async function readHeader(zip: RosterZip, name: string): Promise<string[] | undefined> {
  const stream = await zip.open(name);
  const parser = parse({ ...parserOptions, to_line: 1 });
  stream.pipe(parser);
  try {
    for await (const { record } of parser as AsyncIterable<{ record: string[] }>) return headerOf(record);
    return undefined;
  } catch {
    return undefined;
  } finally {
    stream.destroy();
  }
}

function problemOf(err: CsvError | undefined): string {
  switch (err?.code) {
    case 'CSV_RECORD_INCONSISTENT_COLUMNS':
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH':
      return 'This row has a different number of fields than the header';
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'A quoted field is not closed';
    default:
      return 'This row is not valid CSV';
  }
}

/**
 * The rows of one file, streamed, with their header. `onBytes` hears how far the parser has read
 * (uncompressed bytes, for the progress bar). A row that does not parse is yielded as a problem and
 * the rest of the file still reads; a quote never closed ends the file with a problem.
 */
export async function* csvRows(zip: RosterZip, name: string, onHeader: (header: string[]) => void, onBytes?: (bytes: number) => void): AsyncGenerator<CsvRow | CsvProblem> {
  const stream = await zip.open(name);
  const skipped: CsvProblem[] = [];
  let lastLine = 1;
  const parser = parse({
    ...parserOptions,
    columns: (header: string[]) => {
      const names = headerOf(header);
      onHeader(names);
      return names;
    },
    skip_records_with_error: true,
    on_skip: (err) => {
      // Only the line and the kind of problem: a row's content may be a student's.
      skipped.push({ line: (err as unknown as { lines?: number } | undefined)?.lines ?? lastLine + 1, problem: problemOf(err) });
      return undefined;
    },
  });
  stream.on('error', (e) => parser.destroy(e));
  stream.pipe(parser);
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number; bytes: number } }>) {
      while (skipped.length) yield skipped.shift()!;
      lastLine = info.lines;
      onBytes?.(info.bytes);
      yield { line: info.lines, fields: record };
    }
    while (skipped.length) yield skipped.shift()!;
  } catch (e) {
    while (skipped.length) yield skipped.shift()!;
    yield { line: (e as { lines?: number }).lines ?? lastLine + 1, problem: problemOf(e as CsvError) };
  } finally {
    stream.destroy();
  }
}

/** A present, non-empty field, trimmed. */
export const field = (row: Record<string, string>, ...names: string[]): string | undefined => {
  for (const name of names) {
    const v = row[name]?.trim();
    if (v) return v;
  }
  return undefined;
};

/** The values of a list field (`orgSourcedIds`, `grades`): comma-separated inside the quoted field. */
export const listField = (row: Record<string, string>, name: string): string[] =>
  (row[name] ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

export const isProblem = (r: CsvRow | CsvProblem): r is CsvProblem => 'problem' in r;
