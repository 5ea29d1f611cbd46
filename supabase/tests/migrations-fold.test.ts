/**
 * The migrations read as the current schema (issue 19): every function, view, policy and trigger
 * is defined in ONE migration file, in its latest form. Before the fold, later files re-declared
 * earlier functions (replication_pull_sql three times, replication_push three times, every
 * replication_doc_* twice …) and altered earlier policies, so no file said what the database runs.
 * A change to an object goes to the file that defines it, never into a second definition.
 *
 * Read from the SQL text (comments stripped), so it needs no database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { MIGRATIONS_DIR } from './harness.ts';

interface Definition {
  /** e.g. `function private.replication_doc_answers(public.answers, uuid, text)` */
  object: string;
  file: string;
}

test('no function, view, policy or trigger is defined in two migration files', () => {
  const definitions = definitionsIn(MIGRATIONS_DIR);
  expect(definitions.map((d) => d.object)).toEqual(
    expect.arrayContaining([
      'function public.replication_push(text, jsonb)',
      'function private.assert_no_forbidden_words(text[])',
      'view public.visible_answers',
      'policy "owners can share their notebooks" on public.notebook_shares',
      'trigger "05 a new answer is placed by the server" on public.answers',
    ]),
  );
  expect(definedMoreThanOnce(definitions)).toEqual([]);
});

test('the check finds a function defined again, even with other parameter names, and a policy altered in another file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadernos-fold-test-'));
  try {
    fs.writeFileSync(
      path.join(dir, '1_first.sql'),
      `create or replace function private.f(p_a uuid, p_b text default 'x') returns int language sql as $$ select 1 $$;
       create function private.f(p_a uuid) returns int language sql as $$ select 2 $$; -- an overload: another function
       create policy "people read" on public.t for select using (true);`,
    );
    fs.writeFileSync(
      path.join(dir, '2_second.sql'),
      `-- create function private.f(x uuid, y text) in a comment is no definition
       create or replace function private.f(x uuid, y text) returns int language sql as $$ select 3 $$;
       alter policy "people read" on public.t using (false);`,
    );
    expect(definedMoreThanOnce(definitionsIn(dir))).toEqual([
      'function private.f(uuid, text): 1_first.sql, 2_second.sql',
      'policy "people read" on public.t: 1_first.sql, 2_second.sql',
    ]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

function definedMoreThanOnce(definitions: Definition[]): string[] {
  const files = new Map<string, Set<string>>();
  for (const { object, file } of definitions) files.set(object, (files.get(object) ?? new Set()).add(file));
  return [...files]
    .filter(([, where]) => where.size > 1)
    .map(([object, where]) => `${object}: ${[...where].sort().join(', ')}`)
    .sort();
}

function definitionsIn(dir: string): Definition[] {
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .flatMap((file) => definitionsOf(withoutComments(fs.readFileSync(path.join(dir, file), 'utf8'))).map((object) => ({ object, file })));
}

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

/** SQL without its `--` comments (outside quotes and dollar quotes: enough for this folder). */
function withoutComments(sql: string): string {
  return sql.replace(/('(?:[^']|'')*')|--[^\n]*/g, (_match, quoted: string | undefined) => quoted ?? '');
}
