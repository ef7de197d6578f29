/**
 * Starting the API (or any HTTP script) as a child process and waiting until it answers: shared
 * by the API benches (bench/api-kit.ts) and the multi-process test (tests/api/multi-process-harness.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  url: string;
  /** What it printed, the last 8,000 characters (empty when its output goes to ours). */
  output(): string;
};

export type SpawnOptions = {
  port: number;
  /** Added to this process's environment after PORT and HOST; an empty value unsets the key. */
  env: Record<string, string>;
  /** Path asked until `ready` accepts its status. */
  probe: string;
  ready: (status: number) => boolean;
  timeoutMs: number;
  cwd?: string;
  /** 'keep': captured for output() (shown when a test fails); 'inherit': printed with ours. */
  stdio: 'keep' | 'inherit';
  /** Its own process group, so a stop can reach what it starts (npx → node). */
  detached?: boolean;
};

/** Spawns `command args` on `port` and resolves once the probe is accepted; throws if it exits first. */
export async function spawnServer(
  command: string,
  args: string[],
  options: SpawnOptions,
): Promise<ServerProcess> {
  const { port, probe, ready, timeoutMs } = options;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    ...options.env,
  };
  // An empty value means "unset" (e.g. DATABASE_URL for the embedded database).
  for (const [key, value] of Object.entries(env)) if (value === '') delete env[key];
  const child = spawn(command, args, {
    cwd: options.cwd,
    env,
    stdio: options.stdio === 'keep' ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    detached: options.detached ?? false,
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const server = { child, port, url, output: () => output };
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`server on ${port} exited with ${child.exitCode}: ${output}`);
    }
    const accepted = await fetch(`${url}${probe}`).then(
      (res) => ready(res.status),
      // Not listening yet: keep asking until the deadline.
      () => false,
    );
    if (accepted) return server;
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`server on ${port} not ready within ${timeoutMs / 1000} s: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
