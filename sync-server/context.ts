import type { ServerConfig } from './config.ts';
import type { Database } from './db/types.ts';
import type { JwtService } from './jwt.ts';

/** What every protocol module is given. Modules never import one another; they share only this. */
export interface ServerContext {
  config: ServerConfig;
  db: Database;
  jwt: JwtService;
  /** Runs when the server stops (close timers, sockets, listeners). */
  onClose(fn: () => Promise<void> | void): void;
}
