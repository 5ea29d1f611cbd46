import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from './app.ts';
import { DATA_FORMAT, LOCK_FILE, MARKER_FILE, PGLITE_POSTGRES_MAJOR } from './data-folder.ts';
import { StartupError } from './startup-checks.ts';

/**
 * The data folder as a person meets it: a clone that never ran, a second start on the same folder,
 * and the folders the server must refuse with one sentence (issue 16; the lock is issue 17's).
 */

const folders: string[] = [];
function newFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadernos-data-folder-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function start(dataDir: string, extra: Record<string, unknown> = {}) {
  return startServer({ port: 0, dataDir, storageDir: path.join(path.dirname(dataDir), 'storage'), purgeIntervalMs: 0, ...extra });
}

async function refusal(promise: Promise<unknown>): Promise<StartupError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StartupError);
  return error as StartupError;
}

// Each test opens a new data folder, so every migration runs on a fresh PGlite (twice where the
// server is reopened): 20–30 s on a loaded 2-core machine, over the 30 s default (CI run at 470f6fd).
describe('data folder', { timeout: 120_000 }, () => {
  it('is made with its parents on a first start, reopened with its data on the next, and locked meanwhile', async () => {
    const dataDir = path.join(newFolder(), 'nested', 'deeper', 'db');
    const first = await start(dataDir);
    try {
      expect(fs.readFileSync(path.join(dataDir, 'PG_VERSION'), 'utf8').trim()).toBe(PGLITE_POSTGRES_MAJOR);
      expect(JSON.parse(fs.readFileSync(path.join(dataDir, MARKER_FILE), 'utf8'))).toEqual({ format: DATA_FORMAT });
      expect(fs.statSync(path.join(path.dirname(dataDir), 'storage')).isDirectory()).toBe(true);
      await first.ctx.db.query(`insert into public.forbidden_words (word, language) values ('palavrateste', 'pt-BR')`);

      // Two servers on one folder both acknowledged writes and one's were lost (issue 17): refused.
      const second = await refusal(start(dataDir));
      expect(second.message).toContain(`Another Cadernos server (process ${process.pid}) is using the data folder ${dataDir}`);
    } finally {
      await first.close();
    }
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

    const reopened = await start(dataDir);
    try {
      const { rows } = await reopened.ctx.db.query(`select 1 from public.forbidden_words where word = 'palavrateste'`);
      expect(rows).toHaveLength(1);
    } finally {
      await reopened.close();
    }
  });

  it('takes over the lock of a server that died without closing', async () => {
    const dataDir = path.join(newFolder(), 'db');
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.once('exit', resolve));
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify({ pid: dead.pid, hostname: os.hostname(), startedAt: '' }));
    const server = await start(dataDir);
    await server.close();
  });

  it('refuses a folder it cannot use, in one sentence that says what to do', async () => {
    const root = newFolder();
    const aFile = path.join(root, 'a-file');
    fs.writeFileSync(aFile, 'not a folder');
    expect((await refusal(start(aFile))).message).toBe(
      `Cannot use the data folder ${aFile} (a file is in the way): fix it, or choose another folder with SYNC_DATA_DIR=<folder>`,
    );
    expect((await refusal(start(path.join(aFile, 'db')))).message).toMatch(/^Cannot use the data folder .* \(a file is in the way\)/);

    const newer = path.join(root, 'newer');
    fs.mkdirSync(newer);
    fs.writeFileSync(path.join(newer, MARKER_FILE), JSON.stringify({ format: DATA_FORMAT + 1 }));
    expect((await refusal(start(newer))).message).toBe(
      `The data folder ${newer} was made by a newer version of Cadernos (data format ${DATA_FORMAT + 1}, this one reads ${DATA_FORMAT}): move it away (or delete it to start over) and start again`,
    );

    const otherPostgres = path.join(root, 'pg15');
    fs.mkdirSync(otherPostgres);
    fs.writeFileSync(path.join(otherPostgres, 'PG_VERSION'), '15\n');
    expect((await refusal(start(otherPostgres))).message).toContain(`holds a Postgres 15 database; this server's embedded Postgres is version ${PGLITE_POSTGRES_MAJOR}`);

    const someoneElses = path.join(root, 'photos');
    fs.mkdirSync(someoneElses);
    fs.writeFileSync(path.join(someoneElses, 'beach.jpg'), '');
    expect((await refusal(start(someoneElses))).message).toContain('is not empty and is not a Cadernos data folder');
    expect(fs.readdirSync(someoneElses)).toEqual(['beach.jpg']);

    // A refused folder is left as it was: no lock, no marker.
    expect(fs.readdirSync(newer)).toEqual([MARKER_FILE]);
  });

  it('refuses a folder made before the migrations were folded (data format 1), saying how to start over — npm start in one line', async () => {
    const old = path.join(newFolder(), 'db');
    fs.mkdirSync(old);
    fs.writeFileSync(path.join(old, MARKER_FILE), JSON.stringify({ format: 1 }));
    fs.writeFileSync(path.join(old, 'PG_VERSION'), `${PGLITE_POSTGRES_MAJOR}\n`);
    const expected =
      `The data folder ${old} was made by an older version of Cadernos (data format 1, this one reads ${DATA_FORMAT}; ` +
      `since then the database migrations were rewritten): move it away (or delete it to start over) and start again`;
    expect((await refusal(start(old))).message).toBe(expected);

    const npmStart = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--no-build', '--port', '0'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, SYNC_DATA_DIR: old, DATABASE_URL: '' },
    });
    let output = '';
    npmStart.stdout.on('data', (chunk) => (output += chunk));
    npmStart.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise((resolve) => npmStart.once('exit', resolve));
    expect({ code, output }).toEqual({ code: 1, output: `${expected}\n` });
    expect(fs.readdirSync(old).sort()).toEqual([MARKER_FILE, 'PG_VERSION'].sort());
  });

  it('says a port is taken before opening anything', async () => {
    const holder = await startServer({ port: 0, dataDir: 'memory://', purgeIntervalMs: 0 });
    const dataDir = path.join(newFolder(), 'db');
    try {
      expect((await refusal(start(dataDir, { port: holder.port }))).message).toMatch(
        new RegExp(`^Port ${holder.port} is already in use .*: stop it, or choose another port, e\\.g\\. PORT=8080 npm start$`),
      );
      expect(fs.existsSync(dataDir)).toBe(false);
    } finally {
      await holder.close();
    }
  });
});
