import { spawn, type ChildProcess } from 'node:child_process';

/**
 * One `src/main.ts` command (start, worker…) run as a real child process the way production runs
 * it (`npm start` / `npm run worker` are `tsx src/main.ts …`), with its output kept for failures.
 */
export interface ServiceProcess {
  name: string;
  pid: number;
  /** The last 20 kB of its standard output and error. */
  output(): string;
  hasExited(): boolean;
  /** Resolves once its output shows `text`; rejects if it exits first or after timeoutMs. */
  waitForOutput(text: string, timeoutMs: number): Promise<void>;
  /** SIGTERM (a clean shutdown), then SIGKILL after graceMs. */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL at once (`kill -9`: no cleanup of any kind); resolves once it has exited. */
  kill(): Promise<void>;
}

const running = new Set<ChildProcess>();
// Whatever happens to the test process, no service outlives it.
process.once('exit', () => {
  for (const p of running) p.kill('SIGKILL');
});

export function startService(name: string, args: string[], env: Record<string, string>): ServiceProcess {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(proc);
  let out = '';
  const listeners = new Set<() => void>();
  const keep = (d: Buffer) => {
    out += d.toString();
    if (out.length > 40_000) out = out.slice(-20_000);
    for (const l of listeners) l();
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) =>
    proc.once('exit', () => {
      running.delete(proc);
      for (const l of listeners) l();
      resolve();
    }),
  );
  return {
    name,
    pid: proc.pid!,
    output: () => out,
    hasExited: () => proc.exitCode !== null || proc.signalCode !== null,
    waitForOutput(text, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (out.includes(text)) {
            done();
            resolve();
          } else if (proc.exitCode !== null || proc.signalCode !== null) {
            done();
            reject(
              new Error(`${name} exited (${proc.exitCode ?? proc.signalCode}) before printing "${text}":\n${out}`),
            );
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`${name} did not print "${text}" within ${timeoutMs} ms:\n${out}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    async stop(graceMs = 5_000) {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
    async kill() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      await exited;
    },
  };
}

/** Resolves once GET url answers 200; rejects after timeoutMs (or when the process has exited). */
export async function waitForHttp(url: string, service: ServiceProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    if (service.hasExited()) throw new Error(`${service.name} exited before ${url} answered:\n${service.output()}`);
    if (Date.now() > deadline)
      throw new Error(`${url} did not answer 200 within ${timeoutMs} ms:\n${service.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
