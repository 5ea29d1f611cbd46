/**
 * The migrations read as the current schema (issue 19): every function, view, policy and trigger
 * is defined in ONE migration file, in its latest form. Before the fold, later files re-declared
 * earlier functions (replication_pull_sql three times, replication_push three times, every
 * replication_doc_* twice …) and altered earlier policies, so no file said what the database runs.
 *
 * From the fold on, migrations only move forward: a folded file never changes (a database that
 * applied it would never see the change), so its digest is pinned below. A later change to an
 * object is a new migration that replaces it, and is named in REPLACED_LATER with its file: a
 * second definition is always a decision someone wrote down, never an accident.
 *
 * Read from the SQL text (comments stripped), so it needs no database.
 */
import { createHash } from 'node:crypto';
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

/** The folded migrations (issue 19) and their SHA-256: applied databases hold them as they are. */
const FOLDED: Record<string, string> = {
  '20261124100000_accounts.sql': '1745baf3261fe01e8a4968c313fbcabd7da354ecb1578eb1fef127d294e21e72',
  '20261124100100_notebooks.sql': '7145840beea6bc413efb2b0a2f616e4f041f7afc9afe2d0d6a80fbeabb0c0c16',
  '20261124100200_sharing.sql': '08312c0ee1b2d2159b7c9b4c489192c360d34f85d404dac846a120a60f4e3e83',
  '20261124100300_replication.sql': 'b9e47920531a1a2dc0721c7e3931fa6bb8b0669f2d76023c2b41dcfdec8e0a03',
  '20261124100400_achievements_translations.sql': 'b94c1534086f9113891de61832a16713df0a8e820285817ed227900f3dd2cef7',
  '20261124100500_purge_schedule.sql': '998588af246c5cefc7959e1b61e2d3389c020231bb2017390d0425c2038bc3f7',
  '20261124100600_reference_data.sql': 'c8766a3ebe113acdbc9a125124f37fcf7ccd91dca87c0efd1c295822f6fbf90e',
};

/**
 * Forward migrations that have landed on main after the fold (issues 21 and 22, two stops): databases have
 * applied them too, so they are pinned like the folded files. They are not "folded": the objects
 * they replace are listed in REPLACED_LATER.
 */
const LANDED: Record<string, string> = {
  '20261124110000_guests.sql': '38f8999c582f58e9922cb8ba7d944c6f4bd6ce5e0b03f9837b4c4c978d9f6b6e',
  '20261124110100_offline_invites.sql': 'cc061f73873e68476bcc65ac75e7f5f31fe2721f71c8af1d91a83ce7da09f74e',
  '20261124110200_profiles.sql': 'b2ac8d972ebb3838869539906be790e6485a81377698f0eecd0853c521a59f39',
  '20261124110300_safety.sql': '79b9899cc8ae1c052913e4a28218ca597c3899b0b211121061a49efd4503b15e',
  '20261124120000_birth_date_required.sql': '7b6180f55660aaa2c6caaaf0fdf8e314c44c209893666f41f2635c168d45c3eb',
  '20261124120100_guardian_mail.sql': '85413cdace0e14e6e71d52be26f34d5642e8de40dde995e7d2bf91a036b6bed0',
  '20261124120200_list_paging.sql': 'f0a61502c9412d340eed0bfff3a2f96c597d11a903e5d1b0212afb126a0843dc',
  '20261124120300_live_updates.sql': '224e461737b7f5f13ea1f7fffb879f62da945bf15358e9b9d228d2842db33bf1',
  '20261124120500_identity_data.sql': '21c324c6ad4261d1e4c4c0ad254ef6146b26bdf50fa3a27675c843fc2948e5bf',
  '20261124120600_unblock_identity.sql': '7026f3d0bde0017591811f95ff2fe3b53085f17de020d7919bad55d9ed5701ac',
};

/**
 * Objects a forward migration replaces on purpose, as `object: file` (the format the check
 * prints). Empty until the first change after the fold.
 */
const REPLACED_LATER: string[] = [
  // issue 21: the unique-code rule moved to a trigger (offline-made invite codes)
  'function public.create_invite_link(uuid, timestamptz): 20261124110100_offline_invites.sql',
  // issue 21: guests (the party) — guest answers keyed by the guest's secret, S5 for anonymous guests
  'function private.notify_about_answer(): 20261124110000_guests.sql',
  'function private.place_new_answer(): 20261124110000_guests.sql',
  'function private.replication_doc_answers(public.answers, uuid, text): 20261124110000_guests.sql',
  'function private.replication_pull_sql(private.replication_collections): 20261124110000_guests.sql',
  'function public.replication_push(text, jsonb): 20261124110000_guests.sql',
  'policy "answerers edit their answers and owners, editors and collaborators moderate" on public.answers: 20261124110000_guests.sql',
  'policy "answerers, owners, and members allowed to see a signed answer can read it" on public.answers: 20261124110000_guests.sql',
  'policy "members can answer as themselves" on public.answers: 20261124110000_guests.sql',
  'view public.visible_answers: 20261124110000_guests.sql',
  // issue 22 (safety): a blocked person sees nothing of the blocker's profile; search skips blocks and hides minors from strangers
  'function private.profile_reach(uuid): 20261124110200_profiles.sql',
  'function private.profile_reach(uuid): 20261124110300_safety.sql',
  "policy \"anyone can read active public profiles; people read their own and their companions'\" on public.profiles: 20261124110300_safety.sql",
  'function public.search_users(text, integer): 20261124110300_safety.sql',
  // issue 22 (guardian mail): one mail a minute, five a day; a new link makes the older ones stop confirming
  'function public.issue_guardian_link(uuid): 20261124110300_safety.sql',
  'function public.issue_guardian_link(uuid): 20261124120100_guardian_mail.sql',
  // QA J4: the owner keeps the profile of an answer's writer whose access ended (removed, or blocked and unblocked)
  'function private.replication_pull_sql(private.replication_collections): 20261124120600_unblock_identity.sql',
  // issue 28 (item 4): a claim grants a viewer share only when the round's host may share the notebook
  'function private.may_share(uuid): 20261128120000_claim_access.sql',
  'function public.claim_guest(text): 20261124110000_guests.sql',
  'function public.claim_guest(text): 20261128120000_claim_access.sql',
];

test('the folded and landed migrations are as they were applied (a change is a new migration)', () => {
  const pinned = { ...FOLDED, ...LANDED };
  const digests = Object.fromEntries(
    Object.keys(pinned).map((file) => {
      const full = path.join(MIGRATIONS_DIR, file);
      return [file, fs.existsSync(full) ? createHash('sha256').update(fs.readFileSync(full)).digest('hex') : 'missing'];
    }),
  );
  expect(digests).toEqual(pinned);
  const later = fs.readdirSync(MIGRATIONS_DIR).filter((file) => file.endsWith('.sql') && !(file in pinned));
  const lastPinned = Object.keys(pinned).sort().at(-1)!;
  expect(later.filter((file) => file < lastPinned), 'a new migration must sort after the applied ones').toEqual([]);
});

test('no function, view, policy or trigger is defined in two migration files, unless a forward migration says it replaces it', () => {
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
  expect(unexplainedDefinitions(definitions, REPLACED_LATER)).toEqual([]);
});

test('the check finds a function defined again (and lets a named forward replacement through), even with other parameter names, and a policy altered in another file', () => {
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
    // A forward migration after the fold: a replacement counts only when REPLACED_LATER names it.
    const forward = definitionsIn(dir).map((d) => (d.file === '1_first.sql' ? { ...d, file: '20261124100000_accounts.sql' } : d));
    expect(unexplainedDefinitions(forward, [])).toEqual([
      'function private.f(uuid, text): 20261124100000_accounts.sql, 2_second.sql',
      'policy "people read" on public.t: 20261124100000_accounts.sql, 2_second.sql',
    ]);
    expect(
      unexplainedDefinitions(forward, ['function private.f(uuid, text): 2_second.sql', 'policy "people read" on public.t: 2_second.sql']),
    ).toEqual([]);
    // Two folded files defining one object are never explained by the list.
    const twiceFolded = forward.map((d) => (d.file === '2_second.sql' ? { ...d, file: '20261124100100_notebooks.sql' } : d));
    expect(unexplainedDefinitions(twiceFolded, ['function private.f(uuid, text): 20261124100100_notebooks.sql'])).toHaveLength(2);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** Objects defined twice in the folded files, or replaced by a later file that REPLACED_LATER does not name. */
function unexplainedDefinitions(definitions: Definition[], replacedLater: string[]): string[] {
  const named = new Set(replacedLater);
  return definedMoreThanOnce(definitions).filter((row) => {
    const object = row.slice(0, row.lastIndexOf(': '));
    const places = definitions.filter((d) => d.object === object);
    const inFolded = new Set(places.filter((d) => d.file in FOLDED).map((d) => d.file));
    const later = places.filter((d) => !(d.file in FOLDED)).map((d) => `${object}: ${d.file}`);
    return inFolded.size > 1 || !later.every((replacement) => named.has(replacement));
  });
}

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
