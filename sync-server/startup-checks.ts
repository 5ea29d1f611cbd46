import net from 'node:net';

/**
 * A reason the server cannot start that the person running it can fix: a port in use, a data
 * folder it cannot use, another server on the same folder. The command line prints its message
 * as one line — no stack trace — and exits with status 1.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}

/** The listen error of a port, said as what to do about it. */
export function portProblem(error: NodeJS.ErrnoException, host: string, port: number): Error {
  if (error.code === 'EADDRINUSE') {
    return new StartupError(
      `Port ${port} is already in use (another Cadernos server or another program): stop it, or choose another port, e.g. PORT=${port === 8080 ? 8081 : 8080} npm start`,
    );
  }
  if (error.code === 'EACCES') {
    return new StartupError(`Not allowed to listen on port ${port}: choose a port above 1023, e.g. PORT=8080 npm start`);
  }
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') {
    return new StartupError(`This machine has no address ${host}: use HOST=127.0.0.1 (this machine only) or HOST=0.0.0.0 (the local network)`);
  }
  return error;
}

/** What the command line prints for an error at start-up: the message alone for a StartupError. */
export function describeStartupFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (error instanceof StartupError || code?.startsWith('ERR_PARSE_ARGS')) return (error as Error).message;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/**
 * Fails at once when the port is taken, before the database is opened and migrated (seconds on a
 * new folder) — and before `npm start` spends its build. Port 0 (any free port) always passes.
 */
export async function assertPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error) => reject(portProblem(error, host, port)));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
