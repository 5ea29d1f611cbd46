/**
 * Achievements awarded by the database (issue 31; migration 20261128153000_achievement_awards.sql,
 * schemas/achievements_translations.sql): each threshold of the catalogue (spec §3, §9), awarded
 * once — also when the qualifying writes come late through replication_push and when a push is
 * replayed — each award notified to its person alone ('achievement_earned', subject = the award);
 * anonymous and guests' answers count for nothing; the app's visit awards first visit and veteran;
 * who sees an award (the person at once; others from the next day, as far as they see the
 * profile). PGlite always, PostgreSQL with TEST_DATABASE_URL.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_DATABASE_URL, failure, openTestDatabase, type Caller, type TestDatabase } from './harness.ts';
import { Device, push, type PushRow } from './replication-client.ts';

const BACKENDS = ['pglite', ...(TEST_DATABASE_URL ? ['postgres' as const] : [])] as const;

describe.each(BACKENDS)('achievements on %s', (backend) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await openTestDatabase({ backend });
  });
  afterAll(async () => t?.close());

  /** The person's achievements, as the database owner reads them. */
  const earned = async (person: string) =>
    (await t.sql<{ achievement_id: string }>(`select achievement_id from user_achievements where user_id = $1 order by achievement_id`, [person])).map(
      (r) => r.achievement_id,
    );

  /** The 'achievement_earned' notifications of anyone, with what they name. */
  const awardNotices = async () =>
    t.sql<{ recipient_id: string; achievement_id: string; actor_id: string | null; notebook_id: string | null }>(
      `select n.recipient_id, ua.achievement_id, n.actor_id, n.notebook_id
         from notifications n left join user_achievements ua on ua.id = n.subject_id
        where n.type = 'achievement_earned' order by ua.achievement_id`,
    );
  /** Runs statements as the database owner with triggers off (what no API caller can do). */
  const withoutTriggers = (fn: (q: { query: (sql: string, params?: unknown[]) => Promise<unknown> }) => Promise<void>) =>
    t.db.transaction(async (q) => {
      await q.query(`set local session_replication_role = replica`);
      await fn(q);
    });
  const signedUpDaysAgo = (person: string, days: number) =>
    withoutTriggers(async (q) => {
      await q.query(`update profiles set created_at = now() - make_interval(days => $2) where id = $1`, [person, days]);
    });
  const noticesOf = async (person: string) => (await awardNotices()).filter((n) => n.recipient_id === person);

  const notebook = async (owner: string, title = 'Caderno', extra = '') =>
    (await t.as<{ id: string }>(owner, `insert into notebooks (title, user_id${extra ? ', pre_moderation_enabled' : ''}) values ($1, $2${extra ? ', true' : ''}) returning id`, [title, owner]))[0].id;
  const question = async (owner: string, notebookId: string, text = 'Qual sua cor favorita?') =>
    (await t.as<{ id: string }>(owner, `insert into questions (notebook_id, text) values ($1, $2) returning id`, [notebookId, text]))[0].id;
  const share = async (owner: string, notebookId: string, person: string) =>
    t.as(owner, `insert into notebook_shares (notebook_id, shared_with) values ($1, $2)`, [notebookId, person]);
  const answer = async (person: string, notebookId: string, questionId: string, anonymous = false) =>
    (await t.as<{ id: string; moderation_status: string }>(
      person,
      `insert into answers (question_id, notebook_id, text, is_anonymous, responder_name) values ($1, $2, 'Azul', $3, 'Eu') returning id, moderation_status`,
      [questionId, notebookId, anonymous],
    ))[0];

  /** A notebook of `owner` with n questions, shared with the given people. */
  async function notebookWithQuestions(owner: string, n: number, people: string[], preModeration = false) {
    const id = await notebook(owner, 'Perguntas', preModeration ? 'pre' : '');
    const questions: string[] = [];
    for (let i = 0; i < n; i++) questions.push(await question(owner, id, `Pergunta número ${i + 1}?`));
    for (const p of people) await share(owner, id, p);
    return { id, questions };
  }

  describe('each threshold, once, notified to the person alone', () => {
    test('first notebook at the first, prolific creator at the fifth (not the fourth)', async () => {
      const ana = await t.createUser('ana_criadora');
      expect(await earned(ana)).toEqual([]);
      await notebook(ana, 'Primeiro');
      expect(await earned(ana)).toEqual(['first_notebook']);
      for (let i = 2; i <= 4; i++) await notebook(ana, `Caderno ${i}`);
      expect(await earned(ana)).toEqual(['first_notebook']);
      await notebook(ana, 'Quinto');
      expect(await earned(ana)).toEqual(['first_notebook', 'prolific_creator']);
      await notebook(ana, 'Sexto');
      expect(await earned(ana)).toEqual(['first_notebook', 'prolific_creator']);
      expect(await noticesOf(ana)).toEqual([
        { recipient_id: ana, achievement_id: 'first_notebook', actor_id: null, notebook_id: null },
        { recipient_id: ana, achievement_id: 'prolific_creator', actor_id: null, notebook_id: null },
      ]);
      // the person reads the notification and, through it, the award (their own, at once)
      const mine = await t.as<{ type: string; achievement_id: string }>(
        ana,
        `select n.type, ua.achievement_id from notifications n join user_achievements ua on ua.id = n.subject_id order by 2`,
      );
      expect(mine).toEqual([
        { type: 'achievement_earned', achievement_id: 'first_notebook' },
        { type: 'achievement_earned', achievement_id: 'prolific_creator' },
      ]);
    });

    test('participative at the tenth approved signed answer; an answer waiting for moderation counts when approved', async () => {
      const owner = await t.createUser('dona_participa');
      const bia = await t.createUser('bia_participa');
      const open = await notebookWithQuestions(owner, 9, [bia]);
      for (const q of open.questions) await answer(bia, open.id, q);
      expect(await earned(bia)).toEqual([]);
      const moderated = await notebookWithQuestions(owner, 1, [bia], true);
      const tenth = await answer(bia, moderated.id, moderated.questions[0]);
      expect(tenth.moderation_status).toBe('pending');
      expect(await earned(bia)).toEqual([]);
      await t.as(owner, `select moderate_answer($1, 'approved', null)`, [tenth.id]);
      expect(await earned(bia)).toEqual(['participative']);
      expect((await noticesOf(bia)).map((n) => n.achievement_id)).toEqual(['participative']);
      // the owner, whose notebooks were answered, got nothing for it (first notebook is theirs)
      expect(await earned(owner)).toEqual(['first_notebook']);
    });

    test('explorer at approved signed answers in notebooks of 3 different other people (their own do not count)', async () => {
      const caio = await t.createUser('caio_explora');
      const owners = [await t.createUser('dona_um'), await t.createUser('dona_dois'), await t.createUser('dona_tres')];
      const own = await notebookWithQuestions(caio, 1, []);
      await answer(caio, own.id, own.questions[0]);
      for (const [i, o] of owners.entries()) {
        const nb = await notebookWithQuestions(o, 2, [caio]);
        for (const q of nb.questions) await answer(caio, nb.id, q);
        expect(await earned(caio), `after the notebook of owner ${i + 1}`).toEqual(i < 2 ? ['first_notebook'] : ['explorer', 'first_notebook']);
      }
    });

    test("explorer is asked with a person's first counted answer in a notebook: an anonymous first answer there does not hide the owner", async () => {
      const vera = await t.createUser('vera_explora');
      const owners = [await t.createUser('dono_x'), await t.createUser('dono_y'), await t.createUser('dono_z')];
      const notebooks = [];
      for (const o of owners) notebooks.push(await notebookWithQuestions(o, 3, [vera]));
      await answer(vera, notebooks[0].id, notebooks[0].questions[0]);
      await answer(vera, notebooks[1].id, notebooks[1].questions[0]);
      // the third owner's notebook: anonymous first, then two signed ones
      await answer(vera, notebooks[2].id, notebooks[2].questions[0], true);
      expect(await earned(vera)).toEqual([]);
      await answer(vera, notebooks[2].id, notebooks[2].questions[1]);
      expect(await earned(vera)).toEqual(['explorer']);
      await answer(vera, notebooks[2].id, notebooks[2].questions[2]);
      expect(await earned(vera)).toEqual(['explorer']);
    });

    test('collaborative: an accepted collaboration awards the collaborator and the owner; a pending one nothing', async () => {
      const owner = await t.createUser('dona_colab');
      const colab = await t.createUser('colab_colab');
      const nb = await notebook(owner);
      await t.as(owner, `insert into notebook_collaborators (notebook_id, user_id, role) values ($1, $2, 'editor')`, [nb, colab]);
      expect(await earned(colab)).toEqual([]);
      expect(await earned(owner)).toEqual(['first_notebook']);
      await t.as(colab, `update notebook_collaborators set status = 'accepted' where user_id = $1`, [colab]);
      expect(await earned(colab)).toEqual(['collaborative']);
      expect(await earned(owner)).toEqual(['collaborative', 'first_notebook']);
    });

    test('influencer at the tenth different person their notebooks are shared with', async () => {
      const owner = await t.createUser('dona_influencia');
      const people: string[] = [];
      for (let i = 0; i < 10; i++) people.push(await t.createUser(`amiga_${i}`));
      const [nb1, nb2] = [await notebook(owner, 'Caderno um'), await notebook(owner, 'Caderno dois')];
      for (const p of people.slice(0, 9)) await share(owner, nb1, p);
      // the same people again on another notebook: still nine people
      for (const p of people.slice(0, 3)) await share(owner, nb2, p);
      expect(await earned(owner)).toEqual(['first_notebook']);
      await share(owner, nb2, people[9]);
      expect(await earned(owner)).toEqual(['first_notebook', 'influencer']);
      // a sharee earns nothing by being shared with
      expect(await earned(people[9])).toEqual([]);
    });

    test("the app's visit: first visit once; veteran after 365 days since sign-up; a visitor is refused", async () => {
      const dani = await t.createUser('dani_visita');
      const visit = async (caller: Caller) => (await t.as<{ r: { awarded: string[] } }>(caller, `select record_visit() as r`))[0].r;
      expect(await visit(dani)).toEqual({ awarded: ['first_visit'] });
      expect(await visit(dani)).toEqual({ awarded: [] });
      await signedUpDaysAgo(dani, 364);
      expect(await visit(dani)).toEqual({ awarded: [] });
      await signedUpDaysAgo(dani, 366);
      expect(await visit(dani)).toEqual({ awarded: ['veteran'] });
      expect(await earned(dani)).toEqual(['first_visit', 'veteran']);
      expect((await noticesOf(dani)).map((n) => n.achievement_id)).toEqual(['first_visit', 'veteran']);
      const refused = await failure(t.as('anon', `select record_visit()`));
      expect(refused.code).toBe('42501');
    });

    test('the visit also awards what two simultaneous writes each counted one short', async () => {
      const eva = await t.createUser('eva_corrida');
      // five notebooks whose award check did not run (as when two commits each saw one fewer)
      await withoutTriggers(async (q) => {
        for (let i = 1; i <= 5; i++) await q.query(`insert into notebooks (title, user_id) values ($1, $2)`, [`Corrida ${i}`, eva]);
      });
      expect(await earned(eva)).toEqual([]);
      const [{ r }] = await t.as<{ r: { awarded: string[] } }>(eva, `select record_visit() as r`);
      expect(r.awarded.sort()).toEqual(['first_notebook', 'first_visit', 'prolific_creator']);
    });

    test('a banned account earns nothing; nobody awards themselves or runs the award functions', async () => {
      const fred = await t.createUser('fred_banido');
      await t.sql(`update profiles set account_status = 'banned' where id = $1`, [fred]);
      const [{ r }] = await t.as<{ r: { awarded: string[] } }>(fred, `select record_visit() as r`);
      expect(r).toEqual({ awarded: [] });
      expect(await earned(fred)).toEqual([]);
      const gil = await t.createUser('gil_sem_atalho');
      expect((await failure(t.as(gil, `insert into user_achievements (user_id, achievement_id) values ($1, 'veteran')`, [gil]))).code).toBe('42501');
      expect((await failure(t.as(gil, `select * from check_achievements($1, 'all')`, [gil]))).code).toBe('42501');
      expect((await failure(t.as(gil, `select private.award_reached_achievements($1, array['veteran'])`, [gil]))).code).toBe('42501');
    });
  });

  describe('an award never reveals an anonymous answer', () => {
    test('anonymous answers count for nothing: nine signed and an anonymous tenth award nothing; a signed tenth does', async () => {
      const owner = await t.createUser('dona_segredo');
      const hugo = await t.createUser('hugo_segredo');
      const nb = await notebookWithQuestions(owner, 11, [hugo]);
      for (const q of nb.questions.slice(0, 9)) await answer(hugo, nb.id, q);
      await answer(hugo, nb.id, nb.questions[9], true);
      expect(await earned(hugo)).toEqual([]);
      expect(await noticesOf(hugo)).toEqual([]);
      await answer(hugo, nb.id, nb.questions[10]);
      expect(await earned(hugo)).toEqual(['participative']);
    });

    test('explorer is not reached through anonymous answers either; one made signed counts from then on', async () => {
      const iris = await t.createUser('iris_anonima');
      const owners = [await t.createUser('dono_a'), await t.createUser('dono_b'), await t.createUser('dono_c')];
      const answers: string[] = [];
      for (const o of owners) {
        const nb = await notebookWithQuestions(o, 1, [iris]);
        answers.push((await answer(iris, nb.id, nb.questions[0], true)).id);
      }
      expect(await earned(iris)).toEqual([]);
      await t.as(iris, `update answers set is_anonymous = false where id = $1`, [answers[0]]);
      await t.as(iris, `update answers set is_anonymous = false where id = $1`, [answers[1]]);
      expect(await earned(iris)).toEqual([]);
      await t.as(iris, `update answers set is_anonymous = false where id = $1`, [answers[2]]);
      expect(await earned(iris)).toEqual(['explorer']);
    });
  });

  describe('writes that arrive late, and replayed pushes', () => {
    const nbDoc = (owner: string, title: string, writtenAt: string) => ({
      id: randomUUID(),
      user_id: owner,
      title,
      theme: 'purple',
      created_at: writtenAt,
      updated_at: writtenAt,
      _deleted: false,
    });

    test('five notebooks made offline arrive in one push hours later: first notebook and prolific creator, once; the replayed push awards nothing more', async () => {
      const joao = await t.createUser('joao_offline');
      // made during the account's first minutes, pushed now (the time written is kept, S7)
      const [{ since }] = await t.sql<{ since: string }>(`select created_at as since from profiles where id = $1`, [joao]);
      const writtenAt = new Date(new Date(since).getTime() + 1000).toISOString();
      const rows: PushRow[] = [1, 2, 3, 4, 5].map((i) => ({ newDocumentState: nbDoc(joao, `Viagem ${i}`, writtenAt), assumedMasterState: null }));
      expect(await push(t, joao, 'notebooks', rows)).toEqual({ conflicts: [], rejected: [] });
      expect(await earned(joao)).toEqual(['first_notebook', 'prolific_creator']);
      // the answer was lost: the phone sends the same push again, twice
      for (let replay = 0; replay < 2; replay++) {
        const again = await push(t, joao, 'notebooks', rows);
        expect(again.rejected).toEqual([]);
        expect(again.conflicts).toHaveLength(5);
      }
      expect(await earned(joao)).toEqual(['first_notebook', 'prolific_creator']);
      expect((await noticesOf(joao)).map((n) => n.achievement_id)).toEqual(['first_notebook', 'prolific_creator']);
      // the phone pulls its notifications: one per award
      const phone = new Device(t, joao);
      await phone.sync('notifications');
      expect(phone.docs('notifications').filter((d) => d.type === 'achievement_earned')).toHaveLength(2);
    });

    test('notebooks pushed in two sessions (three, then two a day later) reach prolific creator at the fifth', async () => {
      const lia = await t.createUser('lia_duas_vezes');
      const first = [1, 2, 3].map((i) => ({ newDocumentState: nbDoc(lia, `Lia ${i}`, new Date().toISOString()), assumedMasterState: null }));
      expect(await push(t, lia, 'notebooks', first)).toEqual({ conflicts: [], rejected: [] });
      expect(await earned(lia)).toEqual(['first_notebook']);
      const second = [4, 5].map((i) => ({ newDocumentState: nbDoc(lia, `Lia ${i}`, new Date().toISOString()), assumedMasterState: null }));
      expect(await push(t, lia, 'notebooks', [...first, ...second].slice(3))).toEqual({ conflicts: [], rejected: [] });
      expect(await earned(lia)).toEqual(['first_notebook', 'prolific_creator']);
    });

    test('ten answers written offline arrive in one push: participative once, also when the push is replayed', async () => {
      const owner = await t.createUser('dona_festa_offline');
      const mari = await t.createUser('mari_offline');
      const nb = await notebookWithQuestions(owner, 10, [mari]);
      const rows: PushRow[] = [];
      for (const q of nb.questions) {
        const [{ id }] = await t.as<{ id: string }>(mari, `select my_answer_id($1) as id`, [q]);
        rows.push({
          newDocumentState: { id, question_id: q, notebook_id: nb.id, text: 'Resposta da festa', is_anonymous: false, responder_name: 'Mari', client_clock: 1000, _deleted: false },
          assumedMasterState: null,
        });
      }
      expect(await push(t, mari, 'answers', rows)).toEqual({ conflicts: [], rejected: [] });
      expect(await earned(mari)).toEqual(['participative']);
      const replay = await push(t, mari, 'answers', rows);
      expect(replay.rejected).toEqual([]);
      expect(await earned(mari)).toEqual(['participative']);
      expect((await noticesOf(mari)).map((n) => n.achievement_id)).toEqual(['participative']);
    });

    test("a round's answers on the host's phone are the guest's (nobody's achievement); claimed later by the friend, the signed ones count for the friend", async () => {
      const owner = await t.createUser('dona_da_roda');
      const host = await t.createUser('anfitria_roda');
      const friend = await t.createUser('amiga_da_roda');
      const shy = await t.createUser('timida_da_roda');
      const nb = await notebookWithQuestions(owner, 10, [host]);
      /** The S6 derivation (src/data/derived-ids.ts). */
      const answerIdFor = (secret: string, questionId: string) => {
        const h = createHash('sha256').update(`${secret}:${questionId}`, 'utf8').digest().subarray(0, 16);
        h[6] = (h[6] & 0x0f) | 0x80;
        h[8] = (h[8] & 0x3f) | 0x80;
        const hex = h.toString('hex');
        return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
      };
      const guest = (name: string, anonymous: boolean) => {
        const code = [...randomBytes(12)].map((b) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[b % 32]).join('');
        const doc = {
          id: randomUUID(), notebook_id: nb.id, host_id: host, name, is_anonymous: anonymous,
          answer_secret: randomBytes(32).toString('base64url'), claim_hash: createHash('sha256').update(code).digest('hex'),
          created_at: new Date().toISOString(), claimed_by: null, claimed_at: null, _deleted: false,
        };
        return { doc, code };
      };
      const bia = guest('Bia', false);
      const anon = guest('Alguém', true);
      expect(await push(t, host, 'guests', [bia, anon].map((g) => ({ newDocumentState: g.doc, assumedMasterState: null })))).toEqual({ conflicts: [], rejected: [] });
      const rows: PushRow[] = [];
      for (const g of [bia, anon]) {
        for (const q of nb.questions) {
          rows.push({
            newDocumentState: {
              id: answerIdFor(g.doc.answer_secret, q), question_id: q, notebook_id: nb.id, user_id: null, guest_id: g.doc.id,
              text: 'Na festa', is_anonymous: g.doc.is_anonymous, responder_name: g.doc.name, client_clock: 1, created_at: new Date().toISOString(), _deleted: false,
            },
            assumedMasterState: null,
          });
        }
      }
      // the phone comes back online with the round: twenty answers of two guests, pushed twice
      expect(await push(t, host, 'answers', rows)).toEqual({ conflicts: [], rejected: [] });
      await push(t, host, 'answers', rows);
      expect(await earned(host)).toEqual([]);
      // the friends claim their answers at home
      const [{ r: claimed }] = await t.as<{ r: { moved: number } }>(friend, `select claim_guest($1) as r`, [bia.code]);
      expect(claimed.moved).toBe(10);
      expect(await earned(friend)).toEqual(['participative']);
      const [{ r: claimedAnonymously }] = await t.as<{ r: { moved: number } }>(shy, `select claim_guest($1) as r`, [anon.code]);
      expect(claimedAnonymously.moved).toBe(10);
      expect(await earned(shy)).toEqual([]);
      expect(await earned(host)).toEqual([]);
    });

    test('the same ten answers pushed anonymously award nothing, replayed or not', async () => {
      const owner = await t.createUser('dona_festa_anonima');
      const nina = await t.createUser('nina_anonima');
      const nb = await notebookWithQuestions(owner, 10, [nina]);
      const rows: PushRow[] = [];
      for (const q of nb.questions) {
        const [{ id }] = await t.as<{ id: string }>(nina, `select my_answer_id($1) as id`, [q]);
        rows.push({
          newDocumentState: { id, question_id: q, notebook_id: nb.id, text: 'Segredo', is_anonymous: true, responder_name: null, client_clock: 1000, _deleted: false },
          assumedMasterState: null,
        });
      }
      expect(await push(t, nina, 'answers', rows)).toEqual({ conflicts: [], rejected: [] });
      await push(t, nina, 'answers', rows);
      expect(await earned(nina)).toEqual([]);
      expect(await noticesOf(nina)).toEqual([]);
    });
  });

  describe('who sees an award', () => {
    let owner: string, companion: string, stranger: string, admin: string, blocked: string;

    const seenBy = async (caller: Caller) =>
      (await t.as<{ achievement_id: string }>(caller, `select achievement_id from user_achievements where user_id = $1 order by 1`, [owner])).map(
        (r) => r.achievement_id,
      );
    const setVisibility = (visibility: 'public' | 'private') => t.sql(`update profiles set visibility = $2 where id = $1`, [owner, visibility]);

    beforeAll(async () => {
      owner = await t.createUser('olga_visivel');
      companion = await t.createUser('paulo_companheiro');
      stranger = await t.createUser('quim_estranho');
      admin = await t.createUser('rita_admin', { admin: true });
      blocked = await t.createUser('saulo_bloqueado');
      const nb = await notebook(owner, 'Da Olga');
      await share(owner, nb, companion);
      await t.as(owner, `insert into blocks (blocked_id) values ($1)`, [blocked]);
    });

    test('the person sees an award at once; nobody else on the day it was earned', async () => {
      await setVisibility('public');
      expect(await seenBy(owner)).toEqual(['first_notebook']);
      for (const caller of ['anon', stranger, companion, admin, blocked] as Caller[]) expect(await seenBy(caller), caller).toEqual([]);
    });

    test('from the next day: a public profile to everyone but the person it blocked; a private one to its notebook companions and admins', async () => {
      await t.sql(`update user_achievements set earned_at = earned_at - interval '1 day' where user_id = $1`, [owner]);
      await setVisibility('public');
      for (const caller of ['anon', stranger, companion, admin] as Caller[]) expect(await seenBy(caller), `public, ${caller}`).toEqual(['first_notebook']);
      expect(await seenBy(blocked)).toEqual([]);
      await setVisibility('private');
      for (const caller of [companion, admin, owner] as Caller[]) expect(await seenBy(caller), `private, ${caller}`).toEqual(['first_notebook']);
      for (const caller of ['anon', stranger, blocked] as Caller[]) expect(await seenBy(caller), `private, ${caller}`).toEqual([]);
      // the profile screen's read says the same
      const view = async (caller: Caller) =>
        (await t.as<{ v: { achievements?: { id: string }[] } | null }>(caller, `select profile_view('olga_visivel') as v`))[0].v?.achievements?.map((a) => a.id);
      expect(await view(companion)).toEqual(['first_notebook']);
      expect(await view(stranger)).toBeUndefined();
      expect(await view('anon')).toBeUndefined();
      await setVisibility('public');
    });

    test('a notification about an award reaches its person alone', async () => {
      const [{ id: award }] = await t.sql<{ id: string }>(`select id from user_achievements where user_id = $1`, [owner]);
      expect((await awardNotices()).filter((n) => n.achievement_id === 'first_notebook' && n.recipient_id === owner)).toHaveLength(1);
      expect(await t.sql(`select recipient_id from notifications where subject_id = $1`, [award])).toEqual([{ recipient_id: owner }]);
      for (const caller of [companion, stranger, admin] as Caller[]) {
        const seen = await t.as<{ n: number }>(
          caller,
          `select count(*)::int as n from notifications n join user_achievements ua on ua.id = n.subject_id where ua.user_id = $1`,
          [owner],
        );
        expect(seen, caller).toEqual([{ n: 0 }]);
      }
    });
  });
});
