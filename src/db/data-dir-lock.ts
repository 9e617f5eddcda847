import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite happily opens a data directory another process has open, and two copies of PostgreSQL
 * writing the same files corrupt them. So the embedded database takes this lock: a file holding
 * the owner's process id, created atomically; a lock whose process is gone is taken over.
 */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `the embedded database in ${dataDir} is open in process ${pid} (a running "npm start" or worker?). ` +
        `Stop that process first, or point DATA_DIR elsewhere. If no such process runs, delete ` +
        `${path.join(dataDir, LOCK_FILE)}.`,
    );
  }
}

export const LOCK_FILE = 'launchdeck.lock';
// This process may open one directory several times (tests, a command next to its own server).
const held = new Map<string, number>();

/** When the process started (Linux: clock ticks after boot, from /proc), or null where that cannot be read. */
function startTime(pid: number): string | null {
  try {
    // Field 22 of /proc/PID/stat; the command name (field 2) may hold spaces, so count after its ")".
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/**
 * Whether the process that wrote a lock still runs: its pid is alive and, where the start time can
 * be read, it started when the lock says (after a container restart another process may have the pid).
 */
function isHolderAlive(pid: number, started: string | undefined): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = started ? startTime(pid) : null;
  return !started || now === null || now === started;
}

/** What a lock file holds: this process's id and, where known, its start time. */
export const lockText = () => `${`${process.pid} ${startTime(process.pid) ?? ''}`.trim()}\n`;

/** Takes the lock of dataDir for this process; returns the function that gives it back. */
export function lockDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, LOCK_FILE);
  const count = held.get(dir) ?? 0;
  if (count === 0) {
    for (let attempt = 0; ; attempt++) {
      try {
        fs.writeFileSync(file, lockText(), { flag: 'wx' });
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err;
        const [pidText, started] = fs.readFileSync(file, 'utf8').trim().split(/\s+/);
        const owner = Number.parseInt(pidText, 10);
        if (Number.isInteger(owner) && owner !== process.pid && isHolderAlive(owner, started))
          throw new DataDirInUseError(dir, owner);
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
    if (left > 0) {
      held.set(dir, left);
      return;
    }
    held.delete(dir);
    fs.rmSync(file, { force: true });
  };
}
