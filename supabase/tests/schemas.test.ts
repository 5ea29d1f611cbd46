/**
 * The current schema, readable in one place (issue 30): supabase/schemas/<area>.sql holds every
 * table, function, view, policy, trigger and grant once, in its current form; migrations/ stay
 * append-only and are what `supabase db push` deploys. A change is made in the schema file first,
 * and its forward migration carries exactly that change. This file proves the two agree:
 *
 *   - the schema files are the ones config.toml's `[db.migrations] schema_paths` lists, in order;
 *   - no function, view, policy or trigger is defined twice (in two files, or twice in one);
 *   - every UPDATE and DELETE inside a function has a WHERE (hosted Supabase loads pg-safeupdate,
 *     which refuses one without, also inside functions called through the API);
 *   - applied to an empty database (after the sync-server's bootstrap, what a Supabase project has
 *     before migrations), the schema files and the migrations make the same database:
 *     `pg_dump --schema-only` plus the rows they write, compared object by object (real
 *     PostgreSQL: CI, or TEST_DATABASE_URL locally).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { dumpSchema, referenceRows } from '../../scripts/schema-dump.ts';
import { bootstrapSupabase } from '../../sync-server/db/bootstrap.ts';
import { openDatabase } from '../../sync-server/db/index.ts';
import { applyMigrations } from '../../sync-server/db/migrations.ts';
import { createScratchDatabase } from '../../sync-server/db/scratch.ts';
import { MIGRATIONS_DIR, TEST_DATABASE_URL } from './harness.ts';

const SUPABASE_DIR = fileURLToPath(new URL('..', import.meta.url));
const SCHEMAS_DIR = path.join(SUPABASE_DIR, 'schemas');

/** The schema files in the order config.toml's `[db.migrations] schema_paths` gives them (paths relative to supabase/). */
export function schemaFiles(): string[] {
  const config = fs.readFileSync(path.join(SUPABASE_DIR, 'config.toml'), 'utf8');
  const section = config.split(/^\[db\.migrations\]\s*$/m)[1]?.split(/^\[/m)[0] ?? '';
  const list = /^schema_paths\s*=\s*\[([\s\S]*?)\]/m.exec(section)?.[1] ?? '';
  return [...list.replace(/#[^\n]*/g, '').matchAll(/"([^"]+)"/g)].map((m) => path.join(SUPABASE_DIR, m[1]));
}

test('config.toml lists every schema file once, and only files that exist', () => {
  const listed = schemaFiles().map((file) => path.relative(SCHEMAS_DIR, file));
  const present = fs.readdirSync(SCHEMAS_DIR).filter((file) => file.endsWith('.sql'));
  expect(listed.length).toBeGreaterThan(5);
  expect([...listed].sort()).toEqual([...new Set(present)].sort());
  expect(new Set(listed).size).toBe(listed.length);
});

test('no function, view, policy or trigger is defined twice in the schema files', () => {
  const definitions = schemaFiles().flatMap((file) =>
    definitionsOf(withoutComments(fs.readFileSync(file, 'utf8'))).map((object) => ({ object, file: path.basename(file) })),
  );
  expect(definitions.map((d) => d.object)).toEqual(
    expect.arrayContaining([
      'function public.replication_push(text, jsonb)',
      'function private.replication_pull_sql(private.replication_collections)',
      'view public.visible_answers',
      'policy "owners can share their notebooks" on public.notebook_shares',
      'trigger "05 a new answer is placed by the server" on public.answers',
    ]),
  );
  expect(definedTwice(definitions)).toEqual([]);
});

test('the schema files state objects, not steps: no drop, no altered policy or column, no data fixes', () => {
  const steps = schemaFiles().flatMap((file) => stepsIn(fs.readFileSync(file, 'utf8')).map((step) => `${path.basename(file)}: ${step}`));
  expect(steps).toEqual([]);
  expect(
    stepsIn(`create table t (a int); alter table t enable row level security;
      alter table public.t add column b int; drop function if exists f(int);
      alter policy "p" on t using (true); update t set a = 1 where a = 0;
      create function f() returns void language sql as $$ delete from t where a = 1 $$;`),
  ).toEqual(['alter table public.t add column', 'drop function', 'alter policy', 'update t']);
});

/** What a file does that only a migration should: drops, alterations of columns and policies, updates and deletes of rows. */
function stepsIn(sql: string): string[] {
  const code = withoutComments(sql).replace(/\$(\w*)\$[\s\S]*?\$\1\$/g, '$$');
  return [
    ...code.matchAll(
      /\bdrop\s+(?:function|procedure|view|policy|trigger|table|index|type|column|constraint)\b|\balter\s+policy\b|\balter\s+table\s+[\w."]+\s+(?:add|drop|alter|rename)\s+(?:column|constraint)\b|(?:^|;)\s*(?:update|delete\s+from)\s+[\w."]+/gim,
    ),
  ].map((m) => m[0].replace(/^;/, '').trim().replace(/\s+/g, ' '));
}

test('the check finds a function defined again (also with other parameter names) and a policy altered elsewhere', () => {
  const definitions = [
    ...definitionsOf(`create or replace function private.f(p_a uuid, p_b text default 'x') returns int language sql as $$ select 1 $$;
       create function private.f(p_a uuid) returns int language sql as $$ select 2 $$; -- an overload: another function
       create policy "people read" on public.t for select using (true);`).map((object) => ({ object, file: 'a.sql' })),
    ...definitionsOf(`create or replace function private.f(x uuid, y text) returns int language sql as $$ select 3 $$;
       alter policy "people read" on public.t using (false);`).map((object) => ({ object, file: 'b.sql' })),
  ];
  expect(definedTwice(definitions)).toEqual([
    'function private.f(uuid, text): a.sql, b.sql',
    'policy "people read" on public.t: a.sql, b.sql',
  ]);
});

test('every UPDATE and DELETE inside a function has a WHERE (pg-safeupdate on hosted Supabase)', () => {
  const found = schemaFiles().flatMap((file) =>
    functionBodies(withoutComments(fs.readFileSync(file, 'utf8'))).flatMap(({ name, body }) =>
      withoutWhere(body).map((statement) => `${path.basename(file)}: ${name}: ${statement}`),
    ),
  );
  expect(found).toEqual([]);
});

test('the WHERE check finds an UPDATE or DELETE without one, also in a CTE or in dynamic SQL, and nothing else', () => {
  const body = `
    begin
      update private.horizon set last_run_at = now();
      update private.horizon h set a = (select max(x) from t where t.y = h.y);
      with gone as (delete from private.tombs returning xid) select count(*) from gone;
      execute format('delete from %I', p_table);
      -- fine:
      update private.horizon set last_run_at = now() where singleton;
      with gone as (delete from private.tombs where deleted_at < now() returning xid) select 1;
      insert into t (a) values (1) on conflict (a) do update set a = excluded.a;
      select 1 from t for update;
      perform 1 from t for no key update;
      update t set a = 1 where true;
      if tg_op = 'UPDATE' then return new; end if;
    end`;
  expect(withoutWhere(body)).toEqual([
    'update private.horizon set last_run_at = now()',
    'update private.horizon h set a = (select max(x) from t where t.y = h.y)',
    'delete from private.tombs returning xid',
    'delete from %I',
  ]);
  expect(
    functionBodies(`create or replace function private.f() returns void language plpgsql as $$ begin delete from t; end $$;
      create function private.g(a int) returns int language sql as $body$ select 1 $body$;`),
  ).toEqual([
    { name: 'private.f', body: ' begin delete from t; end ' },
    { name: 'private.g', body: ' select 1 ' },
  ]);
});

describe.runIf(Boolean(TEST_DATABASE_URL))('the schema files and the migrations make the same database (PostgreSQL, pg_dump)', () => {
  test('pg_dump --schema-only and the rows written are the same, object by object', { timeout: 120_000 }, async () => {
    const [fromSchemas, fromMigrations] = await Promise.all([
      dumped(async (db) => {
        for (const file of schemaFiles()) {
          const sql = fs.readFileSync(file, 'utf8');
          await db.transaction(async (tx) => {
            try {
              await tx.exec(sql);
            } catch (error) {
              throw new Error(`schema file ${path.basename(file)} failed: ${(error as Error).message}`, { cause: error });
            }
          });
        }
      }),
      dumped((db) => applyMigrations(db, MIGRATIONS_DIR)),
    ]);
    expect(differences(fromMigrations, fromSchemas)).toEqual([]);
  });
});

type Db = Awaited<ReturnType<typeof openDatabase>>;

/** A scratch database: bootstrap, then `apply`; its dump cut into objects, and its rows. */
async function dumped(apply: (db: Db) => Promise<unknown>): Promise<{ objects: Map<string, string>; rows: string[] }> {
  const scratch = await createScratchDatabase(TEST_DATABASE_URL!, 'cadernos_schemas');
  try {
    const db = await openDatabase({ dataDir: 'memory://', databaseUrl: scratch.url });
    let rows: string;
    try {
      await bootstrapSupabase(db);
      await apply(db);
      rows = await referenceRows(db);
    } finally {
      await db.close();
    }
    return { objects: dumpObjects(dumpSchema(scratch.url)), rows: rows.split('\n').filter(Boolean) };
  } finally {
    await scratch.drop();
  }
}

/** pg_dump's output keyed by each entry's `-- Name: …; Type: …; Schema: …` header. */
export function dumpObjects(dump: string): Map<string, string> {
  const objects = new Map<string, string>();
  const parts = dump.split(/^-- Name: /m).slice(1);
  for (const part of parts) {
    const header = part.slice(0, part.indexOf('\n'));
    const [name, type, schema] = header.split('; ').map((field) => field.replace(/^\w+: /, ''));
    const body = part
      .slice(part.indexOf('\n') + 1)
      .replace(/^--.*$/gm, '')
      .replace(/\n{2,}/g, '\n')
      .trim();
    let key = `${type.toLowerCase()} ${schema === '-' ? '' : `${schema}.`}${name}`;
    for (let n = 2; objects.has(key); n++) key = `${key.replace(/ #\d+$/, '')} #${n}`;
    objects.set(key, body);
  }
  return objects;
}

/** What the schema files make differently from the migrations, one line per object or row. */
function differences(
  migrations: { objects: Map<string, string>; rows: string[] },
  schemas: { objects: Map<string, string>; rows: string[] },
): string[] {
  const lines: string[] = [];
  for (const [key, body] of migrations.objects) {
    const other = schemas.objects.get(key);
    if (other === undefined) lines.push(`${key}: only in migrations`);
    else if (other !== body) lines.push(`${key}: differs — ${firstDifference(body, other)}`);
  }
  for (const key of schemas.objects.keys()) if (!migrations.objects.has(key)) lines.push(`${key}: only in schemas`);
  const schemaRows = new Set(schemas.rows);
  const migrationRows = new Set(migrations.rows);
  for (const row of migrations.rows) if (!schemaRows.has(row)) lines.push(`row only in migrations: ${row}`);
  for (const row of schemas.rows) if (!migrationRows.has(row)) lines.push(`row only in schemas: ${row}`);
  return lines.sort();
}

function firstDifference(migrations: string, schemas: string): string {
  const a = migrations.split('\n');
  const b = schemas.split('\n');
  const i = a.findIndex((line, n) => line !== b[n]);
  const at = i === -1 ? a.length : i;
  return `migrations: ${JSON.stringify(a[at] ?? '(end)')}, schemas: ${JSON.stringify(b[at] ?? '(end)')}`;
}

function definedTwice(definitions: { object: string; file: string }[]): string[] {
  const files = new Map<string, string[]>();
  for (const { object, file } of definitions) files.set(object, [...(files.get(object) ?? []), file]);
  return [...files]
    .filter(([, where]) => where.length > 1)
    .map(([object, where]) => `${object}: ${where.sort().join(', ')}`)
    .sort();
}

/** The objects a file defines: functions (by argument types), views, policies (create or alter), triggers. */
function definitionsOf(sql: string): string[] {
  const objects: string[] = [];
  for (const m of sql.matchAll(/\bcreate\s+(?:or\s+replace\s+)?function\s+([\w."]+)\s*\(/gi)) {
    objects.push(`function ${qualified(m[1])}(${argumentTypes(sql, m.index + m[0].length).join(', ')})`);
  }
  for (const m of sql.matchAll(/\bcreate\s+(?:or\s+replace\s+)?(?:materialized\s+)?view\s+([\w."]+)/gi)) {
    objects.push(`view ${qualified(m[1])}`);
  }
  for (const m of sql.matchAll(/\b(?:create|alter)\s+policy\s+("(?:[^"]|"")+"|\w+)\s+on\s+([\w."]+)/gi)) {
    objects.push(`policy ${m[1]} on ${qualified(m[2])}`);
  }
  for (const m of sql.matchAll(/\bcreate\s+(?:or\s+replace\s+)?(?:constraint\s+)?trigger\s+("(?:[^"]|"")+"|\w+)[\s\S]*?\bon\s+([\w."%]+)/gi)) {
    objects.push(`trigger ${m[1]} on ${qualified(m[2])}`);
  }
  return objects;
}

function qualified(name: string): string {
  const plain = name.replaceAll('"', '').toLowerCase();
  return plain.includes('.') ? plain : `public.${plain}`;
}

/** The types of a parameter list starting at `start` (just after its opening parenthesis). */
function argumentTypes(sql: string, start: number): string[] {
  let depth = 1;
  let end = start;
  while (depth > 0 && end < sql.length) {
    if (sql[end] === '(') depth++;
    if (sql[end] === ')') depth--;
    end++;
  }
  const list = sql.slice(start, end - 1);
  const parameters: string[] = [];
  let current = '';
  depth = 0;
  for (const ch of list) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parameters.push(current);
      current = '';
    } else current += ch;
  }
  if (current.trim()) parameters.push(current);
  return parameters.map((parameter) => {
    const words = parameter
      .replace(/\s+(default\b|=)[\s\S]*$/i, '')
      .trim()
      .split(/\s+/)
      .filter((word, i) => i > 0 || !/^(in|out|inout|variadic)$/i.test(word));
    // `name type` or a bare type; a type of several words (`double precision`) only without a name
    const typeWords = words.length > 1 && !/^(double|character|time|timestamp|bit)$/i.test(words[0]) ? words.slice(1) : words;
    return typeWords.join(' ').toLowerCase();
  });
}

/** SQL without its `--` comments (outside quotes: enough for these files). */
function withoutComments(sql: string): string {
  return sql.replace(/('(?:[^']|'')*')|--[^\n]*/g, (_match, quoted: string | undefined) => quoted ?? '');
}

/** Each function's name and dollar-quoted body. */
function functionBodies(sql: string): { name: string; body: string }[] {
  const bodies: { name: string; body: string }[] = [];
  for (const m of sql.matchAll(/\bcreate\s+(?:or\s+replace\s+)?function\s+([\w."]+)\s*\(/gi)) {
    const open = /\bas\s+(\$\w*\$)/i.exec(sql.slice(m.index));
    if (!open) continue;
    const start = m.index + open.index + open[0].length;
    const end = sql.indexOf(open[1], start);
    bodies.push({ name: qualified(m[1]), body: sql.slice(start, end) });
  }
  return bodies;
}

/**
 * The UPDATE and DELETE statements of a function body that have no WHERE of their own (at their
 * own parenthesis depth: a WHERE inside a subquery does not count), in the code and in the
 * string literals that are SQL (dynamic statements). `on conflict … do update` and `for update`
 * are no UPDATE statement.
 */
export function withoutWhere(body: string): string[] {
  const code = body.replace(/--[^\n]*/g, '');
  const pieces = [code.replace(/'(?:[^']|'')*'|\$(\w*)\$[\s\S]*?\$\1\$/g, ' ')];
  for (const m of code.matchAll(/'((?:[^']|'')*)'|\$(\w*)\$([\s\S]*?)\$\2\$/g)) pieces.push((m[1] ?? m[3]).replaceAll("''", "'"));
  const found: string[] = [];
  for (const piece of pieces) {
    for (const m of piece.matchAll(/\b(?:(do|for|key)\s+)?(update\s+(?:only\s+)?[\w."%]+(?:\s+(?:as\s+)?\w+)?\s+set\b|delete\s+from\b)/gi)) {
      if (m[1]) continue;
      const start = m.index + m[0].length - m[2].length;
      let depth = 0;
      let end = start;
      let where = false;
      for (; end < piece.length; end++) {
        const ch = piece[end];
        if (ch === '(') depth++;
        else if (ch === ')') {
          if (depth === 0) break;
          depth--;
        } else if (ch === ';' && depth === 0) break;
        else if (depth === 0 && /\bwhere\b/iy.test(piece.slice(end, end + 6)) && /\W/.test(piece[end - 1] ?? ' ')) where = true;
      }
      if (!where) found.push(piece.slice(start, end).trim().replace(/\s+/g, ' '));
    }
  }
  return found;
}
