import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class AlreadyRunningError extends Error {
  constructor(dataDir: string, pid: number) {
    super(`Caseload is already running on the data folder ${dataDir} (process ${pid}). Stop it first, or set DATA_DIR to another folder.`);
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes the data folder for this process: `caseload.pid`, created exclusively (`wx`), so two
 * starts on one folder cannot both win. A lock left by a process that is gone (killed outright)
 * is removed and taken again. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'caseload.pid');
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw e;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) throw new AlreadyRunningError(dataDir, holder);
      unlinkSync(file);
    }
  }
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
    } catch {
      /* already gone */
    }
  };
}
