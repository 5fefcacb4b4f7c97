/**
 * Writes a zip from files on disk, one entry after another, streamed (fflate): neither the entries
 * nor the zip are ever held whole in memory, so a district's export fits a worker's budget.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { Zip, ZipDeflate } from 'fflate';

export interface ZipEntry {
  /** The name inside the zip (`users.jsonl`, `csv/minutes.csv`, `pdf/...`). */
  name: string;
  /** Where its content is on disk. */
  path: string;
}

export async function writeZip(target: string, entries: ZipEntry[]): Promise<void> {
  const out = createWriteStream(target);
  let failure: Error | null = null;
  let pending = false;
  const zip = new Zip((err, chunk, final) => {
    if (err) failure = err;
    else if (!out.write(chunk)) pending = true;
    if (final) out.end();
  });
  const drained = async () => {
    if (failure) throw failure;
    if (pending) {
      pending = false;
      await once(out, 'drain');
    }
  };
  for (const entry of entries) {
    const file = new ZipDeflate(entry.name, { level: 6 });
    zip.add(file);
    for await (const chunk of createReadStream(entry.path)) {
      file.push(chunk as Uint8Array);
      await drained();
    }
    file.push(new Uint8Array(0), true);
    await drained();
  }
  zip.end();
  await drained();
  if (!out.writableFinished) await once(out, 'finish');
}
