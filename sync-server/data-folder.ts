import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerConfig } from './config.ts';
import { StartupError } from './startup-checks.ts';

/**
 * The server's data folder (`.data/db` by default): PGlite's files, and beside them three of ours —
 * the format marker, the lock of the server using it, and (issue 17) the install's keys. Opening it
 * makes what is missing (recursively, so a fresh clone starts), refuses a folder it cannot use with
 * one sentence saying what to do, and makes sure only one server uses it at a time: two PGlite
 * instances on one folder both acknowledge writes, and the later close overwrites the other's.
 */

/** Bumped when a data folder of this version can no longer be opened by the next one. */
export const DATA_FORMAT = 2;
/**
 * Why each format could not open the folders of the one before, said to whoever starts on such a
 * folder. 2: the migrations were folded into one file per area (issue 19); a database migrated by
 * the old files would be migrated again from scratch on top of itself.
 */
const FORMAT_CHANGES: Record<number, string> = {
  2: 'the database migrations were rewritten',
};
/** The Postgres major version this PGlite writes (PG_VERSION); a test checks it against a new folder. */
export const PGLITE_POSTGRES_MAJOR = '18';

export const MARKER_FILE = 'cadernos-data.json';
export const LOCK_FILE = 'cadernos-server.lock';
/** Our own files in the folder (anything else that is not Postgres' belongs to someone else). */
const OWN_FILE_PREFIX = 'cadernos-';

export interface DataFolder {
  /** Lets the next server use the folder. Safe to call twice. */
  release(): void;
}

interface LockHolder {
  pid: number;
  hostname: string;
  startedAt: string;
}

export function openDataFolder(config: Pick<ServerConfig, 'dataDir' | 'databaseUrl' | 'storageDir'>): DataFolder {
  // With an in-memory database, uploads go to a throwaway folder (storage/index.ts).
  if (config.dataDir === 'memory://') return { release: () => {} };
  if (config.databaseUrl) {
    makeFolder(config.storageDir, 'storage folder');
    return { release: () => {} };
  }
  const dir = path.resolve(config.dataDir);
  makeFolder(dir, 'data folder');
  assertWritable(dir);
  const release = lockFolder(dir);
  try {
    checkFormat(dir);
    makeFolder(config.storageDir, 'storage folder');
  } catch (error) {
    release();
    throw error;
  }
  return { release };
}

function makeFolder(dir: string, what: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    if (!fs.statSync(dir).isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
  } catch (error) {
    throw cannotUse(dir, what, error);
  }
}

function assertWritable(dir: string): void {
  const probe = path.join(dir, `${OWN_FILE_PREFIX}write-test-${process.pid}`);
  try {
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (error) {
    throw cannotUse(dir, 'data folder', error);
  }
}

function cannotUse(dir: string, what: string, error: unknown): StartupError {
  const code = (error as NodeJS.ErrnoException).code;
  const reason =
    code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
      ? 'not allowed to write there'
      : code === 'ENOTDIR' || code === 'EEXIST'
        ? 'a file is in the way'
        : code === 'ENOSPC'
          ? 'the disk is full'
          : (error as Error).message;
  const flag = what === 'storage folder' ? 'SYNC_STORAGE_DIR' : 'SYNC_DATA_DIR';
  return new StartupError(`Cannot use the ${what} ${dir} (${reason}): fix it, or choose another folder with ${flag}=<folder>`);
}

/** One server per folder: a lock file naming the process; a lock of a process that is gone is taken over. */
function lockFolder(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE);
  const mine: LockHolder = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(mine), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw cannotUse(dir, 'data folder', error);
      const holder = readLock(file);
      if (holder && isRunning(holder)) {
        const where = holder.hostname === mine.hostname ? `process ${holder.pid}` : `process ${holder.pid} on ${holder.hostname}`;
        throw new StartupError(
          `Another Cadernos server (${where}) is using the data folder ${dir}: stop it first, or give this one its own folder with SYNC_DATA_DIR=<folder>`,
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    if (readLock(file)?.pid === mine.pid) fs.rmSync(file, { force: true });
  };
  // A process that exits without closing the server (an uncaught error) still frees the folder.
  process.on('exit', release);
  return release;
}

function readLock(file: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockHolder>;
    return typeof holder.pid === 'number' ? (holder as LockHolder) : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(holder: LockHolder): boolean {
  // On another machine (a shared folder) we cannot tell: assume it runs.
  if (holder.hostname !== os.hostname()) return true;
  if (holder.pid === process.pid) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface Marker {
  format: number;
}

/**
 * A new folder gets the marker; a folder of another format, of another Postgres version, or that
 * holds someone else's files is refused (opening it would fail deep inside PGlite, or worse,
 * initialise a database among a person's files).
 */
function checkFormat(dir: string): void {
  const markerFile = path.join(dir, MARKER_FILE);
  const marker = readMarker(markerFile);
  const pgVersion = readText(path.join(dir, 'PG_VERSION'));
  const startOver = `move it away (or delete it to start over) and start again`;
  if (marker && Number.isNaN(marker.format)) {
    throw new StartupError(`The data folder ${dir} has a damaged ${MARKER_FILE}: ${startOver}`);
  }
  if (marker && marker.format !== DATA_FORMAT) {
    const newer = marker.format > DATA_FORMAT;
    const why = newer ? '' : formatChangesSince(marker.format);
    throw new StartupError(
      `The data folder ${dir} was made by ${newer ? 'a newer' : 'an older'} version of Cadernos (data format ${marker.format}, this one reads ${DATA_FORMAT}${why}): ${startOver}`,
    );
  }
  if (pgVersion !== undefined && pgVersion !== PGLITE_POSTGRES_MAJOR) {
    throw new StartupError(
      `The data folder ${dir} holds a Postgres ${pgVersion} database; this server's embedded Postgres is version ${PGLITE_POSTGRES_MAJOR}: ${startOver}`,
    );
  }
  if (!marker && pgVersion === undefined) {
    const others = fs.readdirSync(dir).filter((name) => !name.startsWith(OWN_FILE_PREFIX));
    if (others.length > 0) {
      throw new StartupError(`The folder ${dir} is not empty and is not a Cadernos data folder: choose an empty or new folder with SYNC_DATA_DIR=<folder>`);
    }
  }
  if (!marker) fs.writeFileSync(markerFile, `${JSON.stringify({ format: DATA_FORMAT } satisfies Marker)}\n`);
}

/** `; since then …` for a folder of an older format, when the reason is known. */
function formatChangesSince(format: number): string {
  const changes = Object.entries(FORMAT_CHANGES)
    .filter(([version]) => Number(version) > format)
    .map(([, change]) => change);
  return changes.length > 0 ? `; since then ${changes.join(', ')}` : '';
}

function readMarker(file: string): Marker | undefined {
  const text = readText(file);
  if (text === undefined) return undefined;
  try {
    const marker = JSON.parse(text) as Partial<Marker>;
    if (typeof marker.format === 'number') return marker as Marker;
  } catch {
    // A damaged marker reads as an unknown format below.
  }
  return { format: Number.NaN };
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}
