import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite happily opens a data directory another process has open, and two copies of PostgreSQL
 * writing the same files corrupt them. So the embedded database takes this lock: a file holding
 * the owner's process id, created atomically; a lock whose process is gone is taken over.
 */
export class DataDirInUseError extends Error {
  constructor(readonly dataDir: string, readonly pid: number) {
    super(`the embedded database in ${dataDir} is open in process ${pid} (a running "npm start" or worker?). ` +
      `Stop that process first, or point DATA_DIR elsewhere. If no such process runs, delete ${path.join(dataDir, LOCK_FILE)}.`);
  }
}

export const LOCK_FILE = 'launchdeck.lock';
// This process may open one directory several times (tests, a command next to its own server).
const held = new Map<string, number>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock of dataDir for this process; returns the function that gives it back. */
export function lockDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, LOCK_FILE);
  const count = held.get(dir) ?? 0;
  if (count === 0) {
    for (let attempt = 0; ; attempt++) {
      try {
        fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err;
        const owner = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
        if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) throw new DataDirInUseError(dir, owner);
        fs.rmSync(file, { force: true }); // left by a process that died
      }
    }
  }
  held.set(dir, count + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (held.get(dir) ?? 1) - 1;
    if (left > 0) { held.set(dir, left); return; }
    held.delete(dir);
    fs.rmSync(file, { force: true });
  };
}
