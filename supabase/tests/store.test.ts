/**
 * The seasonal store (issue 35), in SQL on PGlite and Postgres: only admins write the catalogue;
 * admins and the people an admin let into the beta read the active items valid now (nobody else);
 * a person reads only their own purchases and entitlements and writes none of them; spec §5's
 * rules (price required for exclusive items; lined-blue stays enabled); free items claimed once;
 * a purchase settled once by private.settle_purchase (a second or concurrent settle grants
 * nothing more); a minor's purchase waits for the guardian's confirmation (through the safe
 * sign-up's guardian) before it can be paid; a refused, expired, replaced or forged answer grants nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { failure, openTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './harness.ts';

const BACKENDS = ['pglite', ...(TEST_DATABASE_URL ? ['postgres' as const] : [])] as const;

interface Item {
  id: string;
  name: string;
}

describe.each(BACKENDS)('the seasonal store on %s', (backend) => {
  let t: TestDatabase;
  let admin: string;
  let beta: string;
  let outsider: string;
  let minor: string;
  let free: Item;
  let paid: Item;
  let hidden: Item;
  let expired: Item;

  const insertItem = (caller: string, fields: Record<string, unknown>) => {
    const keys = Object.keys(fields);
    return t.as<Item>(
      caller,
      `insert into seasonal_items (${keys.join(', ')}) values (${keys.map((_, i) => `$${i + 1}`).join(', ')}) returning id, name`,
      Object.values(fields),
    );
  };
  const base = { season_id: 'verao-2026', season_name: 'Verão 2026', category: 'theme' };

  beforeAll(async () => {
    t = await openTestDatabase({ backend });
    admin = await t.createUser('store_admin', { admin: true });
    beta = await t.createUser('store_beta');
    outsider = await t.createUser('store_outsider');
    minor = await t.createUser('store_minor');
    await t.sql(`update account_safety set birth_date = (now() - interval '15 years')::date, guardian_email = 'mae@example.test', guardian_confirmed_at = now() where user_id = $1`, [minor]);
    await t.as(admin, `insert into store_beta_access (user_id, granted_by) values ($1, $3), ($2, $3)`, [beta, minor, admin]);
    [free] = await insertItem(admin, { ...base, name: 'Tema Galáxia', grants_ref: 'galaxy', item_type: 'free' });
    [paid] = await insertItem(admin, { ...base, name: 'Papel Kraft', category: 'paper_style', grants_ref: 'kraft', item_type: 'exclusive', price_cents: 990, currency: 'BRL' });
    [hidden] = await insertItem(admin, { ...base, name: 'Rascunho', item_type: 'promo', price_cents: 500, is_active: false });
    [expired] = await insertItem(admin, { ...base, name: 'Inverno passado', item_type: 'free', valid_until: '2020-01-01T00:00:00Z', valid_from: '2019-06-01T00:00:00Z' });
  });
  afterAll(async () => {
    await t?.close();
  });

  test('only admins write the catalogue; admins read it all, beta people the items on sale, others nothing', async () => {
    for (const caller of [beta, outsider]) {
      expect((await failure(insertItem(caller, { ...base, name: 'Meu tema' }))).code).toBe('42501');
      expect(await t.as(caller, `update seasonal_items set name = 'x' where id = $1 returning id`, [paid.id])).toEqual([]);
      expect(await t.as(caller, `delete from seasonal_items where id = $1 returning id`, [paid.id])).toEqual([]);
    }
    expect((await failure(t.as('anon', `select 1 from seasonal_items`))).code).toBe('42501');
    const names = async (caller: string) => (await t.as<Item>(caller, `select name from seasonal_items order by name`)).map((i) => i.name);
    expect(await names(admin)).toEqual(['Inverno passado', 'Papel Kraft', 'Rascunho', 'Tema Galáxia']);
    expect(await names(beta)).toEqual(['Papel Kraft', 'Tema Galáxia']);
    expect(await names(outsider)).toEqual([]);
    // an admin edits and disables
    expect(await t.as(admin, `update seasonal_items set is_featured = true where id = $1 returning id`, [free.id])).toHaveLength(1);
    // only admins grant beta access
    expect((await failure(t.as(beta, `insert into store_beta_access (user_id, granted_by) values ($1, $1)`, [outsider]))).code).toBe('42501');
    expect(await t.as(outsider, `select * from store_beta_access`)).toEqual([]);
    expect(await t.as<{ user_id: string }>(beta, `select user_id from store_beta_access`)).toEqual([{ user_id: beta }]);
  });

  test('spec §5: a name, a price for exclusive items, nothing to pay for a free one; lined-blue stays enabled', async () => {
    expect((await failure(insertItem(admin, { ...base, name: '   ' }))).code).toBe('23514');
    expect((await failure(insertItem(admin, { ...base, name: 'Sem preço', item_type: 'exclusive' }))).code).toBe('23514');
    expect((await failure(insertItem(admin, { ...base, name: 'Zero', item_type: 'exclusive', price_cents: 0 }))).code).toBe('23514');
    expect((await failure(insertItem(admin, { ...base, name: 'Grátis caro', item_type: 'free', price_cents: 100 }))).code).toBe('23514');
    expect((await failure(insertItem(admin, { ...base, name: 'Iene', item_type: 'promo', price_cents: 100, currency: 'JPY' }))).code).toBe('23514');
    expect((await failure(t.as(admin, `update paper_styles set is_active = false where id = 'lined-blue'`))).code).toBe('23514');
    expect(await t.as(admin, `update paper_styles set is_active = false where id = 'kraft' returning id`)).toHaveLength(1);
    await t.as(admin, `update paper_styles set is_active = true where id = 'kraft'`);
  });

  test('a free item is claimed once, by a beta person, while it is on sale; a paid one is not claimed', async () => {
    expect(await t.as(beta, `select store_claim_free($1) as r`, [free.id])).toEqual([{ r: { item_id: free.id, granted: true } }]);
    expect(await t.as(beta, `select store_claim_free($1) as r`, [free.id])).toEqual([{ r: { item_id: free.id, granted: false } }]);
    expect((await failure(t.as(outsider, `select store_claim_free($1)`, [free.id]))).hint).toBe('store_beta_only');
    expect((await failure(t.as(beta, `select store_claim_free($1)`, [expired.id]))).hint).toBe('item_unavailable');
    expect((await failure(t.as(beta, `select store_claim_free($1)`, [hidden.id]))).hint).toBe('item_unavailable');
    expect((await failure(t.as(beta, `select store_claim_free($1)`, [paid.id]))).hint).toBe('item_not_free');
    expect((await failure(t.as('anon', `select store_claim_free($1)`, [free.id]))).code).toBe('42501');
    // a minor may take free items
    expect(await t.as(minor, `select store_claim_free($1) as r`, [free.id])).toEqual([{ r: { item_id: free.id, granted: true } }]);
  });

  test('a purchase: the real total fixed at checkout, settled once, granted once; nobody writes purchases or entitlements', async () => {
    const [{ r: begun }] = await t.as<{ r: { purchase_id: string; amount_cents: number; currency: string } }>(beta, `select store_begin_purchase($1) as r`, [paid.id]);
    expect(begun).toMatchObject({ amount_cents: 990, currency: 'BRL', item_name: 'Papel Kraft' });
    // a second "buy" is the same checkout
    const [{ r: again }] = await t.as<{ r: { purchase_id: string } }>(beta, `select store_begin_purchase($1) as r`, [paid.id]);
    expect(again.purchase_id).toBe(begun.purchase_id);
    expect((await failure(t.as(beta, `select store_begin_purchase($1)`, [free.id]))).hint).toBe('item_free');
    expect((await failure(t.as(outsider, `select store_begin_purchase($1)`, [paid.id]))).hint).toBe('store_beta_only');

    // the person cannot settle, grant or rewrite anything
    expect((await failure(t.as(beta, `select private.settle_purchase($1, 'paid', 'x')`, [begun.purchase_id]))).code).toBe('42501');
    expect((await failure(t.as(beta, `update store_purchases set status = 'paid' where id = $1`, [begun.purchase_id]))).code).toBe('42501');
    expect((await failure(t.as(beta, `insert into store_entitlements (user_id, item_id, source) values ($1, $2, 'free')`, [beta, paid.id]))).code).toBe('42501');

    // settled: once. Two concurrent settles and a replay grant one entitlement
    const settles = await Promise.all([
      t.sql<{ r: { granted: boolean; settled_now: boolean } }>(`select private.settle_purchase($1, 'paid', 'ref-1') as r`, [begun.purchase_id]),
      t.sql<{ r: { granted: boolean; settled_now: boolean } }>(`select private.settle_purchase($1, 'paid', 'ref-2') as r`, [begun.purchase_id]),
    ]);
    expect(settles.map(([{ r }]) => r.granted).sort()).toEqual([false, true]);
    const [{ r: replay }] = await t.sql<{ r: { granted: boolean; status: string } }>(`select private.settle_purchase($1, 'cancelled', null) as r`, [begun.purchase_id]);
    expect(replay).toMatchObject({ granted: false, status: 'paid', settled_now: false });
    expect((await failure(t.sql(`update store_purchases set amount_cents = 1 where id = $1`, [begun.purchase_id]))).hint).toBe('not_allowed');
    expect(await t.sql(`select private.settle_purchase('00000000-0000-0000-0000-000000000000', 'paid', null) as r`)).toEqual([{ r: null }]);

    const owned = await t.as<{ item_id: string; source: string }>(beta, `select item_id, source from store_entitlements order by source`);
    expect(owned).toEqual([{ item_id: free.id, source: 'free' }, { item_id: paid.id, source: 'purchase' }]);
    expect((await failure(t.as(beta, `select store_begin_purchase($1)`, [paid.id]))).hint).toBe('already_owned');
    // a person reads only their own
    expect(await t.as(outsider, `select * from store_purchases`)).toEqual([]);
    expect(await t.as(admin, `select * from store_purchases`)).toEqual([]);
    expect(await t.as(admin, `select * from store_entitlements`)).toEqual([]);
    expect((await t.as<{ item_id: string }>(minor, `select item_id from store_entitlements`)).map((e) => e.item_id)).toEqual([free.id]);
    expect((await t.as<{ status: string }>(beta, `select status from store_purchases`)).map((p) => p.status)).toEqual(['paid']);
  });

  test('a failed or cancelled purchase grants nothing', async () => {
    const [other] = await insertItem(admin, { ...base, name: 'Adesivos', category: 'sticker_pack', item_type: 'promo', price_cents: 250, currency: 'USD' });
    const [{ r: first }] = await t.as<{ r: { purchase_id: string } }>(beta, `select store_begin_purchase($1) as r`, [other.id]);
    expect(await t.sql(`select private.settle_purchase($1, 'failed', null) as r`, [first.purchase_id])).toEqual([
      { r: { purchase_id: first.purchase_id, status: 'failed', granted: false, settled_now: true } },
    ]);
    const [{ r: second }] = await t.as<{ r: { purchase_id: string } }>(beta, `select store_begin_purchase($1) as r`, [other.id]);
    expect(second.purchase_id).not.toBe(first.purchase_id);
    await t.sql(`select private.settle_purchase($1, 'cancelled', null)`, [second.purchase_id]);
    // a paid callback after the cancel changes nothing
    expect(await t.sql(`select (private.settle_purchase($1, 'paid', null))->>'granted' as g`, [second.purchase_id])).toEqual([{ g: 'false' }]);
    expect(await t.as(beta, `select 1 from store_entitlements where item_id = $1`, [other.id])).toEqual([]);
  });

  test('my_store_looks: the looks the caller owns, also after the season ended; nobody else\'s', async () => {
    expect(await t.as(beta, `select * from my_store_looks()`)).toEqual([
      { category: 'paper_style', grants_ref: 'kraft' },
      { category: 'theme', grants_ref: 'galaxy' },
    ]);
    await t.as(admin, `update seasonal_items set is_active = false where id = $1`, [paid.id]);
    expect(await t.as(beta, `select * from my_store_looks()`)).toHaveLength(2);
    await t.as(admin, `update seasonal_items set is_active = true where id = $1`, [paid.id]);
    expect(await t.as(outsider, `select * from my_store_looks()`)).toEqual([]);
    expect(await t.as(admin, `select * from my_store_looks()`)).toEqual([]);
    expect((await failure(t.as('anon', `select * from my_store_looks()`))).code).toBe('42501');
  });

  test('a store theme on a notebook is owned by its owner or the writer (look_not_owned otherwise); free themes and reading need nothing', async () => {
    const notebook = async (owner: string) =>
      (await t.as<{ id: string }>(owner, `insert into notebooks (id, user_id, title) values (gen_random_uuid(), $1, 'Caderno de teste') returning id`, [owner]))[0].id;
    const outsiders = await notebook(outsider);
    expect((await failure(t.as(outsider, `update notebooks set theme = 'galaxy' where id = $1`, [outsiders]))).hint).toBe('look_not_owned');
    expect((await failure(t.as(outsider, `update notebooks set cover = '{"theme":"galaxy"}' where id = $1`, [outsiders]))).hint).toBe('look_not_owned');
    expect((await failure(t.as(outsider, `insert into notebooks (id, user_id, title, theme) values (gen_random_uuid(), $1, 'Outro caderno', 'retro')`, [outsider]))).hint).toBe('look_not_owned');
    expect(await t.as(outsider, `update notebooks set theme = 'blue' where id = $1 returning theme`, [outsiders])).toEqual([{ theme: 'blue' }]);
    // the beta person owns galaxy (claimed free above)
    const betas = await notebook(beta);
    expect(await t.as(beta, `update notebooks set theme = 'galaxy', cover = '{"theme":"galaxy"}' where id = $1 returning theme`, [betas])).toEqual([{ theme: 'galaxy' }]);
    expect((await failure(t.as(beta, `update notebooks set theme = 'pastel' where id = $1`, [betas]))).hint).toBe('look_not_owned');
    // the service role sets anything; a theme already there stays through other changes
    await t.as('service', `update notebooks set theme = 'retro' where id = $1`, [outsiders]);
    expect(await t.as(outsider, `update notebooks set title = 'Renomeado' where id = $1 returning theme`, [outsiders])).toEqual([{ theme: 'retro' }]);
  });

  test("export_my_data: the person's purchases (receipts) and what they own, nobody else's", async () => {
    const [{ data }] = await t.as<{ data: { store_purchases: Record<string, unknown>[]; store_entitlements: Record<string, unknown>[] } }>(
      beta,
      `select export_my_data() as data`,
    );
    const paidOnes = data.store_purchases.filter((p) => p.status === 'paid');
    expect(paidOnes).toEqual([
      expect.objectContaining({ item_id: paid.id, item_name: 'Papel Kraft', amount_cents: 990, currency: 'BRL', provider: 'local', provider_ref: expect.any(String) }),
    ]);
    expect(paidOnes[0].settled_at).toBeTruthy();
    // the failed and the cancelled checkouts are receipts too
    expect(data.store_purchases.map((p) => p.status).sort()).toEqual(['cancelled', 'failed', 'paid']);
    expect(data.store_entitlements.map((e) => [e.item_name, e.source]).sort()).toEqual([
      ['Papel Kraft', 'purchase'],
      ['Tema Galáxia', 'free'],
    ]);
    expect(data.store_entitlements.find((e) => e.source === 'purchase')).toMatchObject({ purchase_id: paidOnes[0].id, category: 'paper_style', grants_ref: 'kraft' });
    const [{ data: others }] = await t.as<{ data: { store_purchases: unknown[]; store_entitlements: unknown[] } }>(outsider, `select export_my_data() as data`);
    expect(others).toMatchObject({ store_purchases: [], store_entitlements: [] });
  });

  describe("a minor's purchase waits for the guardian", () => {
    type Begun = { purchase_id: string; status: string; guardian_asked_now: boolean; amount_cents: number };
    const begin = async (who: string, itemId: string) => (await t.as<{ r: Begun }>(who, `select store_begin_purchase($1) as r`, [itemId]))[0].r;
    const issue = async (purchaseId: string) =>
      (await t.sql<{ guardian_email: string; username: string; item_name: string; amount_cents: number; currency: string; token: string }>(
        `select * from private.issue_purchase_guardian_link($1)`,
        [purchaseId],
      ))[0];
    const answer = async (token: string, confirm: boolean) =>
      (await t.sql<{ r: { status: string; answered_now: boolean } | null }>(`select private.answer_guardian_purchase($1, $2) as r`, [token, confirm]))[0].r;
    const settle = async (purchaseId: string) =>
      (await t.sql<{ r: { granted: boolean; status: string } }>(`select private.settle_purchase($1, 'paid', 'ref') as r`, [purchaseId]))[0].r;
    const statusOf = async (purchaseId: string) => (await t.sql<{ status: string }>(`select status from store_purchases where id = $1`, [purchaseId]))[0].status;

    test('it waits, cannot be paid before the guardian confirms, then is paid and granted once; RLS keeps it the minor\'s', async () => {
      const begun = await begin(minor, paid.id);
      expect(begun).toMatchObject({ status: 'awaiting_guardian', guardian_asked_now: true, amount_cents: 990 });
      // asking again is the same question (no second mail)
      expect(await begin(minor, paid.id)).toMatchObject({ purchase_id: begun.purchase_id, status: 'awaiting_guardian', guardian_asked_now: false });
      // the provider's callback before the guardian's answer settles nothing
      expect(await settle(begun.purchase_id)).toMatchObject({ granted: false, status: 'awaiting_guardian' });
      // the minor cannot confirm by writing the row, nor call the server's functions
      expect((await failure(t.as(minor, `update store_purchases set status = 'pending' where id = $1`, [begun.purchase_id]))).code).toBe('42501');
      for (const call of [`select private.answer_guardian_purchase('x', true)`, `select private.issue_purchase_guardian_link('${begun.purchase_id}')`, `select * from private.store_guardian_requests`]) {
        expect((await failure(t.as(minor, call))).code).toBe('42501');
      }
      // the guardian of the safe sign-up is asked, with the item and its real total
      const link = await issue(begun.purchase_id);
      expect(link).toMatchObject({ guardian_email: 'mae@example.test', username: 'store_minor', item_name: 'Papel Kraft', amount_cents: 990, currency: 'BRL' });
      expect(link.token).toMatch(/^[0-9a-f]{64}$/);
      expect(await t.sql<{ r: unknown }>(`select private.guardian_purchase_request($1) as r`, [link.token])).toEqual([
        { r: { purchase_id: begun.purchase_id, username: 'store_minor', item_name: 'Papel Kraft', category: 'paper_style', amount_cents: 990, currency: 'BRL', status: 'awaiting_guardian' } },
      ]);
      // only the token is in the mail: the table keeps its hash
      expect(await t.sql(`select 1 from private.store_guardian_requests where token_hash = $1`, [link.token])).toEqual([]);
      // a forged link answers nothing
      expect(await answer('f'.repeat(64), true)).toBeNull();
      expect(await statusOf(begun.purchase_id)).toBe('awaiting_guardian');
      // others read nothing of it
      for (const other of [beta, outsider, admin]) {
        expect(await t.as(other, `select 1 from store_purchases where id = $1`, [begun.purchase_id])).toEqual([]);
      }
      expect(await t.as<{ status: string }>(minor, `select status from store_purchases where id = $1`, [begun.purchase_id])).toEqual([{ status: 'awaiting_guardian' }]);

      // the guardian confirms; a replayed confirmation (or a later refusal) changes nothing
      expect(await answer(link.token, true)).toEqual({ status: 'pending', answered_now: true });
      expect(await answer(link.token, true)).toEqual({ status: 'pending', answered_now: false });
      expect(await answer(link.token, false)).toEqual({ status: 'pending', answered_now: false });
      // now the minor's checkout is that purchase, and it is paid and granted once
      expect(await begin(minor, paid.id)).toMatchObject({ purchase_id: begun.purchase_id, status: 'pending', guardian_asked_now: false });
      expect(await settle(begun.purchase_id)).toMatchObject({ granted: true, status: 'paid' });
      expect(await settle(begun.purchase_id)).toMatchObject({ granted: false, status: 'paid' });
      expect(await answer(link.token, true)).toEqual({ status: 'paid', answered_now: false });
      expect(await t.as<{ item_id: string; source: string }>(minor, `select item_id, source from store_entitlements where item_id = $1`, [paid.id])).toEqual([
        { item_id: paid.id, source: 'purchase' },
      ]);
    });

    test('a refused, an expired or a replaced request grants nothing; a minor without a guardian\'s address is refused', async () => {
      const [stickers] = await insertItem(admin, { ...base, name: 'Adesivos de verão', category: 'sticker_pack', item_type: 'promo', price_cents: 450 });
      const first = await begin(minor, stickers.id);
      const oldLink = await issue(first.purchase_id);
      const newLink = await issue(first.purchase_id);
      // the first mail's link was replaced: it answers nothing
      expect(await answer(oldLink.token, true)).toEqual({ status: 'expired', answered_now: false });
      expect(await statusOf(first.purchase_id)).toBe('awaiting_guardian');
      expect(await answer(newLink.token, false)).toEqual({ status: 'refused', answered_now: true });
      expect(await answer(newLink.token, true)).toEqual({ status: 'refused', answered_now: false });
      expect(await settle(first.purchase_id)).toMatchObject({ granted: false, status: 'refused' });
      expect(await t.as(minor, `select 1 from store_entitlements where item_id = $1`, [stickers.id])).toEqual([]);

      // asked again: a new question; left unanswered for 7 days it expires and grants nothing
      const second = await begin(minor, stickers.id);
      expect(second).toMatchObject({ status: 'awaiting_guardian', guardian_asked_now: true });
      expect(second.purchase_id).not.toBe(first.purchase_id);
      const link = await issue(second.purchase_id);
      await t.sql(`update store_purchases set guardian_expires_at = now() - interval '1 minute' where id = $1`, [second.purchase_id]);
      expect(await t.sql<{ r: { status: string } }>(`select private.guardian_purchase_request($1) as r`, [link.token])).toMatchObject([{ r: { status: 'expired' } }]);
      expect(await answer(link.token, true)).toEqual({ status: 'expired', answered_now: false });
      expect(await settle(second.purchase_id)).toMatchObject({ granted: false, status: 'expired' });
      expect(await issue(second.purchase_id)).toBeUndefined();
      expect(await t.as(minor, `select 1 from store_entitlements where item_id = $1`, [stickers.id])).toEqual([]);
      expect(
        (await t.as<{ status: string }>(minor, `select status from store_purchases where item_id = $1 order by created_at`, [stickers.id])).map((p) => p.status),
      ).toEqual(['refused', 'expired']);

      // five questions a day at most
      await begin(minor, stickers.id);
      const more = await Promise.all([1, 2].map((n) => insertItem(admin, { ...base, name: `Mais ${n}`, item_type: 'promo', price_cents: 100 })));
      await begin(minor, more[0][0].id);
      expect((await failure(t.as(minor, `select store_begin_purchase($1)`, [more[1][0].id]))).hint).toBe('guardian_mail_rate_limited');

      // a minor whose guardian's address is unknown cannot be confirmed by anyone
      const alone = await t.createUser('store_minor_alone');
      await t.sql(`update account_safety set birth_date = (now() - interval '16 years')::date, guardian_email = null where user_id = $1`, [alone]);
      await t.as(admin, `insert into store_beta_access (user_id, granted_by) values ($1, $2)`, [alone, admin]);
      expect(await failure(t.as(alone, `select store_begin_purchase($1)`, [paid.id]))).toMatchObject({ code: '42501', hint: 'guardian_required' });
      // free items still work for minors with one tap
      expect(await t.as(alone, `select store_claim_free($1) as r`, [free.id])).toEqual([{ r: { item_id: free.id, granted: true } }]);
    });
  });
});
