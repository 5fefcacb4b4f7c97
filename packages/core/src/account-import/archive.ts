/**
 * Reading a whole export's zip (part 4 §5) for an import, defensively: yauzl reads the central
 * directory, every entry's declared size is checked against the limits below before a byte is
 * inflated (and yauzl's validateEntrySizes fails a stream whose entry inflates past what it
 * declared), so a zip bomb is refused, not unpacked. Each `<kind>.jsonl` is read line by line as it
 * inflates, every line parsed with its file's schema from the contract (export-files.ts): the
 * same table that wrote it reads it back, so a field the import does not know is refused too.
 */
import { createInterface } from 'node:readline';
import * as z from 'zod/mini';
import yauzl from 'yauzl';
import { exportFiles, exportFileNames, type ExportFileName } from '@caseload/contract/export-files';
import { EXPORT_SCHEMA_VERSION } from '../account-export/runner.ts';

/** Limits of an import's zip: a whole district's export fits them with room to spare. */
export const IMPORT_LIMITS = {
  /** The zip as uploaded (the upload refuses more too). */
  zipBytes: 2 * 1024 * 1024 * 1024,
  /** All entries inflated together. */
  totalBytes: 8 * 1024 * 1024 * 1024,
  /** One entry inflated. */
  entryBytes: 4 * 1024 * 1024 * 1024,
  /** Inflated size over compressed size of one entry (JSON Lines compress about 10:1; a bomb 1000:1). */
  ratio: 200,
  entries: 200_000,
  /** One JSON line. */
  lineChars: 4 * 1024 * 1024,
};

/** The zip is not a Caseload export this version can import, or a line of it is not valid: the import fails with this message. */
export class NotAnExportError extends Error {}

const manifestSchema = z.object({
  schemaVersion: z.number(),
  createdAt: z.string(),
  createdBy: z.string(),
  scope: z.string(),
  counts: z.record(z.string(), z.number()),
});
export type ImportManifest = z.infer<typeof manifestSchema>;

/** Each file's line schema: exactly its described fields (strict: an unknown field is refused). */
const lineSchemas = Object.fromEntries(exportFileNames.map((name) => [name, z.strictObject(exportFiles[name].shape)])) as unknown as Record<ExportFileName, z.ZodMiniType>;

export interface ExportZip {
  manifest: ImportManifest;
  /** Every line of a file, parsed and checked (NotAnExportError names the file and line of the first bad one). */
  records(file: ExportFileName): AsyncGenerator<Record<string, unknown>>;
  close(): void;
}

const fail = (message: string): never => {
  throw new NotAnExportError(message);
};

export async function openExportZip(path: string, size: number): Promise<ExportZip> {
  if (size > IMPORT_LIMITS.zipBytes) fail('This file is too large to be a Caseload export');
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, strictFileNames: true });
  } catch {
    return fail('This file is not a zip');
  }
  const entries = new Map<string, yauzl.Entry>();
  try {
    await new Promise<void>((resolve, reject) => {
      let total = 0;
      zip.on('entry', (entry: yauzl.Entry) => {
        total += entry.uncompressedSize;
        const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
        if (entries.size >= IMPORT_LIMITS.entries || total > IMPORT_LIMITS.totalBytes || entry.uncompressedSize > IMPORT_LIMITS.entryBytes || (entry.uncompressedSize > 1024 * 1024 && ratio > IMPORT_LIMITS.ratio)) {
          reject(new NotAnExportError('This zip unpacks to more than a Caseload export can hold'));
          return;
        }
        entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.on('end', resolve);
      zip.on('error', () => reject(new NotAnExportError('This zip cannot be read')));
      zip.readEntry();
    });
  } catch (e) {
    zip.close();
    throw e;
  }

  async function* lines(name: string): AsyncGenerator<{ line: number; text: string }> {
    const entry = entries.get(name);
    if (!entry) return;
    const stream = await zip.openReadStreamPromise(entry);
    const reader = createInterface({ input: stream, crlfDelay: Infinity });
    let line = 0;
    try {
      for await (const text of reader) {
        line += 1;
        if (text.length > IMPORT_LIMITS.lineChars) fail(`${name}, line ${line}: the line is too long`);
        if (text.trim()) yield { line, text };
      }
    } catch (e) {
      if (e instanceof NotAnExportError) throw e;
      return fail(`${name} cannot be read`);
    } finally {
      stream.destroy();
    }
  }

  let manifest: ImportManifest | undefined;
  try {
    let text = '';
    for await (const l of lines('manifest.json')) text += `${l.text}\n`;
    const parsed = manifestSchema.safeParse(JSON.parse(text || 'null'));
    if (!parsed.success) fail('This zip is not a Caseload export (its manifest.json is missing or not valid)');
    manifest = parsed.data!;
  } catch (e) {
    zip.close();
    if (e instanceof NotAnExportError) throw e;
    throw new NotAnExportError('This zip is not a Caseload export (its manifest.json is missing or not valid)');
  }
  const missing = exportFileNames.find((name) => !entries.has(`${name}.jsonl`));
  const refusal =
    manifest.schemaVersion !== EXPORT_SCHEMA_VERSION
      ? `This export's version (${manifest.schemaVersion}) is not one this Caseload can import (${EXPORT_SCHEMA_VERSION})`
      : manifest.scope !== 'account'
        ? "This is one student's export: only a whole district's export can be imported"
        : missing && `This zip is not a whole Caseload export (${missing}.jsonl is missing)`;
  if (refusal) {
    zip.close();
    fail(refusal);
  }

  return {
    manifest,
    async *records(file) {
      const name = `${file}.jsonl`;
      for await (const { line, text } of lines(name)) {
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch {
          fail(`${name}, line ${line}: not valid JSON`);
        }
        const parsed = lineSchemas[file].safeParse(value);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const why = issue?.code === 'invalid_type' ? `expected ${issue.expected}` : issue?.code === 'unrecognized_keys' ? `unknown field ${issue.keys.join(', ')}` : 'unexpected value';
          fail(`${name}, line ${line}: ${issue?.path.join('.') || 'the record'} is not valid (${why})`);
        }
        yield parsed.data as Record<string, unknown>;
      }
    },
    close: () => zip.close(),
  };
}
