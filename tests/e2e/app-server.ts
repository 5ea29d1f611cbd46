import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A server of its own for a test that needs other settings or another build than the shared one:
 * `npm start` on `port` with an in-memory database, as one node process (not npx → tsx → node),
 * so stopping it stops the server.
 */
export async function startAppServer(port: number, options: { dist?: string; env?: NodeJS.ProcessEnv } = {}): Promise<ChildProcess> {
  const dist = options.dist ? ['--dist', options.dist] : [];
  const args = ['--import', 'tsx', 'scripts/start.ts', '--no-build', '--memory', '--port', String(port), ...dist];
  const server = spawn(process.execPath, args, { cwd: root, stdio: 'pipe', env: { ...process.env, ...options.env } });
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('running at') && resolve());
    server.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  return server;
}

export async function stopAppServer(server: ChildProcess | undefined): Promise<void> {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}
