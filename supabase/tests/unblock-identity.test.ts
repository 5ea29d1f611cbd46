/**
 * The owner always knows who wrote an answer in their notebook (spec §1; QA J4), also after the
 * writer's access ended — removed by the owner, or by a block that was later undone. A block
 * deletes the blocked person's share and unblocking gives no access back, so the profiles pull
 * (S5: it names only people a device may know) sent the writer's profile as a deletion and the
 * owner's app showed "Participante" and "Anônimo", for good, on every device. Now the owner's
 * device (a fresh one, and one that synced all along) keeps the writer's profile; S5 still holds
 * (no other sharee receives it; an editor only for a signed answer), and a writer who blocked the
 * owner is not named to them until they unblock. On PGlite and, with TEST_DATABASE_URL, Postgres.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_DATABASE_URL, openTestDatabase, type TestDatabase } from './harness.ts';
import { Device } from './replication-client.ts';

const BACKENDS = [{ backend: 'pglite' as const }, ...(TEST_DATABASE_URL ? [{ backend: 'postgres' as const }] : [])];

describe.each(BACKENDS)('the writer of an answer stays known to the owner ($backend)', ({ backend }) => {
  let t: TestDatabase;
  let ana: string, bruno: string, colega: string, dora: string, eva: string, fabi: string;
  let notebookId: string;
  let signedQuestion: string, anonymousQuestion: string;
  /** Ana's phone, synced before anything happened and after every step. */
  let anasPhone: Device;

  async function answer(person: string, questionId: string, text: string, anonymous: boolean) {
    await t.as(person, `insert into answers (question_id, text, is_anonymous) values ($1, $2, $3)`, [questionId, text, anonymous]);
  }
  async function share(person: string) {
    await t.as(ana, `insert into notebook_shares (notebook_id, shared_with) values ($1, $2)`, [notebookId, person]);
  }
  /** A device that signs in now and syncs from scratch. */
  async function freshDevice(person: string) {
    const device = new Device(t, person);
    await device.syncAll();
    return device;
  }
  /** What the app needs to name an answer's writer: the answer's user id and that person's profile. */
  function namesOf(device: Device) {
    const profiles = new Map(device.docs('profiles').map((p) => [p.id, p]));
    return device
      .docs('answers')
      .map((a) => `${String(a.text)} — ${a.user_id ? ((profiles.get(String(a.user_id))?.username as string | undefined) ?? 'Participante') : 'Anônimo'}`)
      .sort();
  }

  beforeAll(async () => {
    t = await openTestDatabase({ backend });
    ana = await t.createUser('ana_dona', { displayName: 'Ana' });
    bruno = await t.createUser('bruno_qa', { displayName: 'Bruno Souza' });
    colega = await t.createUser('turma_01', { displayName: 'Colega' });
    dora = await t.createUser('dora_leitora');
    eva = await t.createUser('eva_editora');
    fabi = await t.createUser('fabi_anonima');
    [{ id: notebookId }] = await t.as<{ id: string }>(ana, `insert into notebooks (title, user_id, is_shared) values ('Caderno da Ana', $1, true) returning id`, [ana]);
    [{ id: signedQuestion }] = await t.as<{ id: string }>(ana, `insert into questions (notebook_id, text) values ($1, 'Qual sua cor?') returning id`, [notebookId]);
    [{ id: anonymousQuestion }] = await t.as<{ id: string }>(ana, `insert into questions (notebook_id, text) values ($1, 'Um segredo?') returning id`, [notebookId]);
    await t.as(ana, `insert into notebook_collaborators (notebook_id, user_id, role) values ($1, $2, 'editor')`, [notebookId, eva]);
    await t.as(eva, `update notebook_collaborators set status = 'accepted' where user_id = $1`, [eva]);
    for (const person of [bruno, colega, dora, fabi]) await share(person);
    for (const [person, name] of [[bruno, 'bruno'], [colega, 'colega']]) {
      await answer(person, signedQuestion, `assinada por ${name}`, false);
      await answer(person, anonymousQuestion, `anônima de ${name}`, true);
    }
    await answer(fabi, anonymousQuestion, 'anônima de fabi', true);
    anasPhone = await freshDevice(ana);
  });
  afterAll(async () => t?.close());

  test('block → unblock: the owner names both answers of the writer, on a fresh device and on the one that synced along', async () => {
    await t.as(ana, `insert into blocks (blocked_id) values ($1)`, [bruno]);
    await anasPhone.syncAll();
    // while blocked, he cannot answer (the hide list of Ana's device hides what he wrote)
    await expect(answer(bruno, signedQuestion, 'outra', false)).rejects.toMatchObject({ hint: 'not_allowed' });
    await t.as(ana, `delete from blocks where blocked_id = $1`, [bruno]);
    await anasPhone.syncAll();

    const expected = ['anônima de bruno — bruno_qa', 'assinada por bruno — bruno_qa'];
    expect(namesOf(await freshDevice(ana)).filter((n) => n.includes('bruno'))).toEqual(expected);
    expect(namesOf(anasPhone).filter((n) => n.includes('bruno'))).toEqual(expected);
    expect((await freshDevice(ana)).docs('profiles').find((p) => p.id === bruno)).toMatchObject({ display_name: 'Bruno Souza' });
  });

  test('removed (never blocked): the owner names both answers too', async () => {
    await t.as(ana, `delete from notebook_shares where notebook_id = $1 and shared_with = $2`, [notebookId, colega]);
    await anasPhone.syncAll();
    const expected = ['anônima de colega — turma_01', 'assinada por colega — turma_01'];
    expect(namesOf(await freshDevice(ana)).filter((n) => n.includes('colega'))).toEqual(expected);
    expect(namesOf(anasPhone).filter((n) => n.includes('colega'))).toEqual(expected);
  });

  test('S5 holds: another sharee gets no writer, an editor only the writer of a signed answer', async () => {
    await t.as(ana, `delete from notebook_shares where notebook_id = $1 and shared_with = $2`, [notebookId, fabi]);
    const doras = await freshDevice(dora);
    expect(doras.ids('profiles')).not.toContain(bruno);
    expect(doras.ids('profiles')).not.toContain(colega);
    expect(doras.ids('profiles')).not.toContain(fabi);
    expect(doras.dump()).not.toContain(fabi);
    expect(namesOf(doras).filter((n) => n.startsWith('anônima'))).toEqual(['anônima de bruno — Anônimo', 'anônima de colega — Anônimo', 'anônima de fabi — Anônimo']);

    const evas = await freshDevice(eva);
    expect(evas.ids('profiles')).toEqual(expect.arrayContaining([bruno, colega]));
    expect(evas.ids('profiles')).not.toContain(fabi); // her one answer is anonymous, her access ended
    expect(namesOf(evas).filter((n) => n.startsWith('anônima'))).toEqual(['anônima de bruno — Anônimo', 'anônima de colega — Anônimo', 'anônima de fabi — Anônimo']);

    expect(namesOf(await freshDevice(ana))).toContain('anônima de fabi — fabi_anonima');
  });

  test('a writer who blocks the owner is not named to them; after the unblock, the device that synced along names them again', async () => {
    await t.as(bruno, `insert into blocks (blocked_id) values ($1)`, [ana]);
    await anasPhone.syncAll();
    expect(anasPhone.ids('profiles')).not.toContain(bruno);
    expect((await freshDevice(ana)).ids('profiles')).not.toContain(bruno);

    await t.as(bruno, `delete from blocks where blocked_id = $1`, [ana]);
    await anasPhone.syncAll();
    expect(namesOf(anasPhone).filter((n) => n.includes('bruno'))).toEqual(['anônima de bruno — bruno_qa', 'assinada por bruno — bruno_qa']);
  });
});
