/**
 * Spec §5 rules the database owns, with the messages a client shows (spec §8): title and question
 * length, username rule and availability, forbidden words in every text field ('palavras
 * proibidas' + the words), the no-op notebook update, order_index of a new question, defaults.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { failure, openTestDatabase, type TestDatabase } from './harness.ts';

let t: TestDatabase;
let ana: string;
let notebookId: string;

beforeAll(async () => {
  t = await openTestDatabase();
  ana = await t.createUser('ana');
  await t.sql(`insert into forbidden_words (word, language) values ('palavrão', 'pt-BR'), ('badword', 'en-US'), ('cara de pau', 'pt-BR')`);
  [{ id: notebookId }] = await t.as<{ id: string }>(ana, `insert into notebooks (title, user_id) values ('Caderno válido', $1) returning id`, [ana]);
});
afterAll(async () => t?.close());

describe('notebooks', () => {
  test('a new notebook gets the spec defaults: theme purple, author Usuário, no pre-moderation, paper lined-blue', async () => {
    const [n] = await t.as(ana, `insert into notebooks (title, user_id) values ('Padrões', $1) returning *`, [ana]);
    expect(n).toMatchObject({ theme: 'purple', author: 'Usuário', pre_moderation_enabled: false, paper_style: 'lined-blue', is_shared: false });
  });

  test('a title of fewer than 3 characters is refused; 3 is accepted', async () => {
    const e = await failure(t.as(ana, `insert into notebooks (title, user_id) values ('ab', $1)`, [ana]));
    expect(e.message).toBe('O título deve ter pelo menos 3 caracteres.');
    expect(e.code).toBe('23514');
    expect(e.hint).toBe('title_too_short');
    const blank = await failure(t.as(ana, `update notebooks set title = '     ' where id = $1`, [notebookId]));
    expect(blank.message).toBe('O título deve ter pelo menos 3 caracteres.');
    const [ok] = await t.as(ana, `insert into notebooks (title, user_id) values ('abc', $1) returning title`, [ana]);
    expect(ok.title).toBe('abc');
  });

  test('forbidden words in title, description, author or cover are refused with "palavras proibidas" and the words', async () => {
    for (const [column, value] of [
      ['title', `'Meu PALAVRÃO favorito'`],
      ['description', `'tem palavrao aqui'`],
      ['author', `'Sr. Palavrão'`],
      ['cover', `'{"title":"capa palavrão"}'::jsonb`],
    ]) {
      const e = await failure(t.as(ana, `update notebooks set ${column} = ${value} where id = $1`, [notebookId]));
      expect(e.message).toContain('palavras proibidas');
      expect(e.message).toContain('palavrão');
      expect(e.hint).toBe('forbidden_words');
    }
    const two = await failure(t.as(ana, `update notebooks set title = 'badword e cara de pau' where id = $1`, [notebookId]));
    expect(two.message).toBe('O texto contém palavras proibidas: badword, cara de pau');
    expect(JSON.parse(two.detail!)).toEqual(['badword', 'cara de pau']);
  });

  test('a word inside a longer word is not forbidden (whole words only)', async () => {
    const [n] = await t.as(ana, `update notebooks set description = 'badwordsmith e caradepau' where id = $1 returning description`, [notebookId]);
    expect(n.description).toBe('badwordsmith e caradepau');
  });

  test('an update that changes nothing does nothing: updated_at and the history stay as they were', async () => {
    const [before] = await t.sql<{ updated_at: string }>(`select updated_at from notebooks where id = $1`, [notebookId]);
    const historyBefore = await t.sql(`select id from notebook_changes where notebook_id = $1`, [notebookId]);
    const rows = await t.tx(ana, async (q) => {
      const n = (await q.query(`select title, description, theme, pre_moderation_enabled from notebooks where id = $1`, [notebookId])).rows[0];
      return q.query(
        `update notebooks set title = $2, description = $3, theme = $4, pre_moderation_enabled = $5 where id = $1`,
        [notebookId, n.title, n.description, n.theme, n.pre_moderation_enabled],
      );
    });
    expect(rows.affectedRows).toBe(0);
    const [after] = await t.sql<{ updated_at: string }>(`select updated_at from notebooks where id = $1`, [notebookId]);
    expect(after.updated_at).toBe(before.updated_at);
    expect(await t.sql(`select id from notebook_changes where notebook_id = $1`, [notebookId])).toHaveLength(historyBefore.length);
  });

  test('a real update stamps updated_at and is recorded in the history with the changed fields', async () => {
    await t.as(ana, `update notebooks set theme = 'teal' where id = $1`, [notebookId]);
    const [last] = await t.sql<{ action: string; changed_fields: string; actor_id: string }>(
      `select action, changed_fields::text, actor_id from notebook_changes where notebook_id = $1 order by id desc limit 1`,
      [notebookId],
    );
    expect(last).toEqual({ action: 'updated', changed_fields: '{theme}', actor_id: ana });
  });

  test('an unknown theme or paper style is refused', async () => {
    const e = await failure(t.as(ana, `update notebooks set theme = 'neon' where id = $1`, [notebookId]));
    expect(e.code).toBe('23503');
  });
});

describe('questions', () => {
  test('a question of fewer than 3 characters is refused', async () => {
    const e = await failure(t.as(ana, `insert into questions (notebook_id, text) values ($1, 'Oi')`, [notebookId]));
    expect(e.message).toBe('A pergunta deve ter pelo menos 3 caracteres.');
    expect(e.code).toBe('23514');
    expect(e.hint).toBe('question_too_short');
  });

  test('forbidden words in a question are refused, on insert and on edit', async () => {
    const e = await failure(t.as(ana, `insert into questions (notebook_id, text) values ($1, 'Qual o seu palavrão?')`, [notebookId]));
    expect(e.message).toContain('palavras proibidas');
    expect(e.message).toContain('palavrão');
    const [q] = await t.as<{ id: string }>(ana, `insert into questions (notebook_id, text) values ($1, 'Pergunta limpa') returning id`, [notebookId]);
    const edit = await failure(t.as(ana, `update questions set text = 'BADWORD?' where id = $1`, [q.id]));
    expect(edit.message).toContain('palavras proibidas: badword');
  });

  test("a new question's order_index is the highest plus one, 0 for the first, whatever the client sent", async () => {
    const [{ id: nb }] = await t.as<{ id: string }>(ana, `insert into notebooks (title, user_id) values ('Ordem', $1) returning id`, [ana]);
    const indexes: number[] = [];
    for (const [text, sent] of [['Primeira', 7], ['Segunda', 0], ['Terceira', null]] as const) {
      const [q] = await t.as<{ order_index: number }>(
        ana,
        `insert into questions (notebook_id, text, order_index) values ($1, $2, coalesce($3::int, 0)) returning order_index`,
        [nb, text, sent],
      );
      indexes.push(q.order_index);
    }
    expect(indexes).toEqual([0, 1, 2]);
    await t.as(ana, `update questions set order_index = 10 where notebook_id = $1 and text = 'Primeira'`, [nb]);
    const [q] = await t.as<{ order_index: number }>(ana, `insert into questions (notebook_id, text) values ($1, 'Quarta') returning order_index`, [nb]);
    expect(q.order_index).toBe(11);
  });
});

describe('answers', () => {
  test('forbidden words in an answer or its responder name are refused with "palavras proibidas"', async () => {
    const [q] = await t.as<{ id: string }>(ana, `insert into questions (notebook_id, text) values ($1, 'Responda aqui') returning id`, [notebookId]);
    const e = await failure(t.as(ana, `insert into answers (question_id, text) values ($1, 'Um palavrão!')`, [q.id]));
    expect(e.message).toContain('palavras proibidas');
    expect(e.message).toContain('palavrão');
    const name = await failure(t.as(ana, `insert into answers (question_id, text, responder_name) values ($1, 'Ok', 'Badword')`, [q.id]));
    expect(name.message).toContain('palavras proibidas: badword');
    const empty = await failure(t.as(ana, `insert into answers (question_id, text) values ($1, '   ')`, [q.id]));
    expect(empty.message).toBe('A resposta não pode ficar vazia.');
    expect(empty.hint).toBe('answer_empty');
  });
});

describe('usernames and profiles', () => {
  test('sign-up creates the profile from the username in the metadata, and the private settings', async () => {
    const id = await t.createUser('Maria_01', { email: 'maria@example.test' });
    const [p] = await t.sql(`select username, display_name, account_status, visibility from profiles where id = $1`, [id]);
    expect(p).toEqual({ username: 'Maria_01', display_name: 'Maria_01', account_status: 'active', visibility: 'public' });
    const [s] = await t.as<{ email: string; answer_secret: string }>(id, `select email, answer_secret from user_settings`);
    expect(s.email).toBe('maria@example.test');
    expect(s.answer_secret).toMatch(/^[0-9a-f]{64}$/);
  });

  test('usernames of 3–20 letters, digits, _ or - are accepted; others refuse the sign-up', async () => {
    for (const good of ['abc', 'a_b-c', 'x'.repeat(20), 'Z9_']) {
      await expect(t.createUser(good)).resolves.toMatch(/-/);
    }
    for (const bad of ['ab', 'x'.repeat(21), 'com espaço', 'acentuação', 'dot.name']) {
      const e = await failure(t.createUser(bad));
      expect(e.message).toBe('Username must be 3 to 20 characters: letters, numbers, underscore or hyphen.');
    }
  });

  test("a taken username (any case) refuses with 'Username is already taken'", async () => {
    await t.createUser('Taken');
    const e = await failure(t.createUser('taken'));
    expect(e.message).toBe('Username is already taken');
    expect(e.code).toBe('23505');
  });

  test('a forbidden word in a username or profile field is refused', async () => {
    const e = await failure(t.createUser('badword'));
    expect(e.message).toContain('palavras proibidas: badword');
    const bio = await failure(t.as(ana, `update profiles set bio = 'sou um palavrão' where id = $1`, [ana]));
    expect(bio.message).toContain('palavras proibidas: palavrão');
  });

  test('username_available says whether a name is free, valid and clean', async () => {
    const check = async (name: string) =>
      (await t.as<{ ok: boolean }>('anon', `select username_available($1) as ok`, [name]))[0].ok;
    expect(await check('livre_123')).toBe(true);
    expect(await check('ANA')).toBe(false);
    expect(await check('ab')).toBe(false);
    expect(await check('badword')).toBe(false);
  });

  test('a person cannot change their own account status, except to delete their account', async () => {
    const bia = await t.createUser('bia');
    const e = await failure(t.as(bia, `update profiles set account_status = 'banned' where id = $1`, [bia]));
    expect(e.message).toBe('Only admins change an account\'s status.');
    await t.as(bia, `update profiles set account_status = 'deleted' where id = $1`, [bia]);
    const [p] = await t.sql(`select account_status from profiles where id = $1`, [bia]);
    expect(p.account_status).toBe('deleted');
  });

  test('the answer secret of a person never changes', async () => {
    const e = await failure(t.as(ana, `update user_settings set answer_secret = 'x' where user_id = $1`, [ana]));
    expect(e.code).toBe('42501');
  });
});

describe('forbidden-word matching', () => {
  test('is case- and accent-insensitive and reports the words as listed', async () => {
    const [r] = await t.as<{ words: string }>('anon', `select find_forbidden_words('PALAVRAO, Cara-de-Pau e BadWord!')::text as words`);
    expect(r.words).toBe('{badword,"cara de pau",palavrão}');
    const [clean] = await t.as<{ words: string }>('anon', `select find_forbidden_words('tudo limpo')::text as words`);
    expect(clean.words).toBe('{}');
  });
});
