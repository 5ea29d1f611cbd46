/**
 * The seasonal store (issue 35): online-only calls, answered in codes. The rules live in the
 * database (supabase/schemas/store.sql: who sees which items, the beta, free claims, the total
 * fixed at checkout, a minor's purchase waiting for the guardian) and in the sync-server's payments
 * (sync-server/payments/: the checkout and its signed callback); these functions only ask.
 */
import { getSupabase, supabaseAnonKey, supabaseUrl } from '../supabase.ts';

export const STORE_CATEGORIES = ['theme', 'paper_style', 'sticker_pack', 'cover_style'] as const;
export type StoreCategory = (typeof STORE_CATEGORIES)[number];
export const ITEM_TYPES = ['free', 'ad', 'promo', 'exclusive'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];
export const CURRENCIES = ['BRL', 'USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export interface SeasonalItem {
  id: string;
  name: string;
  category: StoreCategory;
  grants_ref: string | null;
  season_id: string;
  season_name: string;
  item_type: ItemType;
  price_cents: number | null;
  currency: Currency;
  valid_from: string | null;
  valid_until: string | null;
  is_active: boolean;
  is_featured: boolean;
  image_url: string | null;
  preview_url: string | null;
}

export interface Purchase {
  id: string;
  item_id: string;
  item_name: string;
  amount_cents: number;
  currency: Currency;
  /** awaiting_guardian → pending (the guardian confirmed) or refused / expired: a minor's (issue 35) */
  status: 'pending' | 'paid' | 'failed' | 'cancelled' | 'awaiting_guardian' | 'refused' | 'expired';
  created_at: string;
  settled_at: string | null;
  /** a minor's purchase: until when the guardian may answer (null: an adult's) */
  guardian_expires_at: string | null;
}

export type StoreProblem =
  | 'offline'
  | 'not_authenticated'
  | 'store_beta_only'
  | 'item_unavailable'
  | 'item_not_free'
  | 'item_free'
  | 'already_owned'
  | 'guardian_required'
  | 'guardian_mail_rate_limited'
  | 'guardian_address_rate_limited'
  | 'account_banned'
  | 'not_allowed'
  | 'validation'
  | 'server';

const NAMED: ReadonlySet<string> = new Set<StoreProblem>([
  'not_authenticated', 'store_beta_only', 'item_unavailable', 'item_not_free', 'item_free', 'already_owned', 'guardian_required', 'guardian_mail_rate_limited', 'guardian_address_rate_limited', 'account_banned', 'not_allowed', 'validation',
]);

export class StoreError extends Error {
  constructor(readonly problem: StoreProblem) {
    super(problem);
    this.name = 'StoreError';
  }
}

interface ServerError {
  code?: string;
  hint?: string | null;
}

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** The code of a refused or failed call. */
export function storeProblem(error: ServerError): StoreProblem {
  if (!error.code) return offline() ? 'offline' : 'server';
  const hint = error.hint ?? error.code;
  if (NAMED.has(hint)) return hint as StoreProblem;
  if (error.code === '42501') return 'not_allowed';
  if (error.code === '23514' || error.code === '22023' || error.code === '22P02') return 'validation';
  return 'server';
}

async function run<T>(call: () => PromiseLike<{ data: unknown; error: ServerError | null }>): Promise<T> {
  if (offline()) throw new StoreError('offline');
  let answer: { data: unknown; error: ServerError | null };
  try {
    answer = await call();
  } catch {
    throw new StoreError(offline() ? 'offline' : 'server');
  }
  if (answer.error) throw new StoreError(storeProblem(answer.error));
  return answer.data as T;
}

const ITEM_COLUMNS =
  'id, name, category, grants_ref, season_id, season_name, item_type, price_cents, currency, valid_from, valid_until, is_active, is_featured, image_url, preview_url';

/** A paid item (a total to pay) or a free one (claimed with one tap). */
export function isPaid(item: Pick<SeasonalItem, 'price_cents'>): boolean {
  return (item.price_cents ?? 0) > 0;
}

/** The price in the person's language, in the item's own currency (Intl.NumberFormat). */
export function formatPrice(cents: number, currency: Currency, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}

/** What the store shows this person now: RLS gives admins and beta people the items on sale. */
export function listStoreItems(): Promise<SeasonalItem[]> {
  return run(() =>
    getSupabase().from('seasonal_items').select(ITEM_COLUMNS).order('is_featured', { ascending: false }).order('season_id').order('name'),
  );
}

/** The person's own items (ids). */
export async function listOwnedItemIds(): Promise<string[]> {
  const rows = await run<{ item_id: string }[]>(() => getSupabase().from('store_entitlements').select('item_id'));
  return rows.map((r) => r.item_id);
}

/** Whether the person may use the store (an admin, or let into the beta). */
export async function readStoreAccess(userId: string): Promise<boolean> {
  const [beta, admin] = await Promise.all([
    run<{ user_id: string }[]>(() => getSupabase().from('store_beta_access').select('user_id').eq('user_id', userId)),
    run<boolean>(() => getSupabase().rpc('is_admin')),
  ]);
  return beta.length > 0 || admin === true;
}

export function claimFreeItem(itemId: string): Promise<{ item_id: string; granted: boolean }> {
  return run(() => getSupabase().rpc('store_claim_free', { p_item: itemId }));
}

export interface CheckoutStarted {
  purchase_id: string;
  item_name: string;
  amount_cents: number;
  currency: Currency;
  /** pending: pay at checkout_url; awaiting_guardian: a minor's, the guardian was asked by e-mail */
  status: 'pending' | 'awaiting_guardian';
  /** absent while the guardian has not confirmed */
  checkout_url?: string;
}

/**
 * Begins a purchase on the sync-server's payments (the total fixed there) and answers the
 * provider's checkout page to open — or, for a minor (202), that the guardian was asked first. `returnTo`: this app's store address in the person's language.
 */
export async function startCheckout(itemId: string, returnTo: string, language: string): Promise<CheckoutStarted> {
  if (offline()) throw new StoreError('offline');
  const { data } = await getSupabase().auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new StoreError('not_authenticated');
  let response: Response;
  try {
    response = await fetch(`${supabaseUrl}/payments/v1/checkout`, {
      method: 'POST',
      headers: { apikey: supabaseAnonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ item_id: itemId, return_to: returnTo, language }),
    });
  } catch {
    throw new StoreError(offline() ? 'offline' : 'server');
  }
  const body = (await response.json().catch(() => null)) as (Partial<CheckoutStarted> & { code?: string }) | null;
  if (response.status === 202 && body?.status === 'awaiting_guardian') return body as CheckoutStarted;
  if (!response.ok || !body?.checkout_url) {
    const code = body?.code ?? '';
    throw new StoreError(NAMED.has(code) ? (code as StoreProblem) : 'server');
  }
  return body as CheckoutStarted;
}

const PURCHASE_COLUMNS = 'id, item_id, item_name, amount_cents, currency, status, created_at, settled_at, guardian_expires_at';

/** Finished purchases (the receipts): paid, failed, cancelled, refused by the guardian, expired. */
export const SETTLED_STATUSES = ['paid', 'failed', 'cancelled', 'refused', 'expired'] as const;

/** One of the person's purchases (the success page's "what was granted"). */
export async function readPurchase(purchaseId: string): Promise<Purchase | null> {
  if (!/^[0-9a-f-]{36}$/i.test(purchaseId)) return null;
  const rows = await run<Purchase[]>(() => getSupabase().from('store_purchases').select(PURCHASE_COLUMNS).eq('id', purchaseId));
  return rows[0] ?? null;
}

/** The person's receipts: every settled purchase, newest first. */
export function listReceipts(): Promise<Purchase[]> {
  return run(() =>
    getSupabase().from('store_purchases').select(PURCHASE_COLUMNS).in('status', [...SETTLED_STATUSES]).order('created_at', { ascending: false }).limit(50),
  );
}

/** A minor's purchases that asked the guardian, newest first: what the store says of each item. */
export function listGuardianPurchases(): Promise<Purchase[]> {
  return run(() =>
    getSupabase().from('store_purchases').select(PURCHASE_COLUMNS).not('guardian_expires_at', 'is', null).order('created_at', { ascending: false }).limit(50),
  );
}

export type GuardianState = 'asked' | 'confirmed' | 'refused' | 'expired';

/**
 * What the guardian said of an item the minor asked for, from the latest question (none when
 * nothing is under way: a paid, failed or cancelled purchase is the store's usual state).
 */
export function guardianStateOf(purchases: readonly Purchase[], itemId: string, now = Date.now()): GuardianState | null {
  const latest = purchases.filter((p) => p.item_id === itemId).sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
  if (!latest) return null;
  switch (latest.status) {
    case 'awaiting_guardian':
      return latest.guardian_expires_at && Date.parse(latest.guardian_expires_at) <= now ? 'expired' : 'asked';
    case 'pending':
      return 'confirmed';
    case 'refused':
      return 'refused';
    case 'expired':
      return 'expired';
    default:
      return null;
  }
}

// ----- the admin catalogue --------------------------------------------------------------------

export type ItemDraft = Omit<SeasonalItem, 'id'>;

export function emptyDraft(): ItemDraft {
  return {
    name: '',
    category: 'theme',
    grants_ref: null,
    season_id: '',
    season_name: '',
    item_type: 'free',
    price_cents: null,
    currency: 'BRL',
    valid_from: null,
    valid_until: null,
    is_active: true,
    is_featured: false,
    image_url: null,
    preview_url: null,
  };
}

export type DraftField = 'name' | 'season_id' | 'season_name' | 'price_cents' | 'grants_ref' | 'valid_until';

/** The device's check of spec §5 (the database checks the same): each field's problem. */
export function validateDraft(draft: ItemDraft): Partial<Record<DraftField, 'required' | 'invalid'>> {
  const problems: Partial<Record<DraftField, 'required' | 'invalid'>> = {};
  if (!draft.name.trim()) problems.name = 'required';
  else if ([...draft.name.trim()].length > 80) problems.name = 'invalid';
  if (!draft.season_id) problems.season_id = 'required';
  else if (!/^[a-z0-9-]{2,40}$/.test(draft.season_id)) problems.season_id = 'invalid';
  if (!draft.season_name.trim()) problems.season_name = 'required';
  if (draft.grants_ref && !/^[a-z0-9-]{2,40}$/.test(draft.grants_ref)) problems.grants_ref = 'invalid';
  const price = draft.price_cents ?? 0;
  if (draft.price_cents !== null && (!Number.isInteger(price) || price < 0 || price > 10_000_000)) problems.price_cents = 'invalid';
  else if (draft.item_type === 'exclusive' && price <= 0) problems.price_cents = 'required';
  else if (draft.item_type === 'free' && price > 0) problems.price_cents = 'invalid';
  if (draft.valid_from && draft.valid_until && draft.valid_until <= draft.valid_from) problems.valid_until = 'invalid';
  return problems;
}

/** Every item, for admins (RLS: admins read all). */
export function adminListItems(): Promise<SeasonalItem[]> {
  return run(() => getSupabase().from('seasonal_items').select(ITEM_COLUMNS).order('season_id', { ascending: false }).order('name'));
}

export function saveItem(id: string | null, draft: ItemDraft): Promise<SeasonalItem> {
  const row = { ...draft, name: draft.name.trim(), season_name: draft.season_name.trim(), grants_ref: draft.grants_ref || null };
  return run(() =>
    id
      ? getSupabase().from('seasonal_items').update(row).eq('id', id).select(ITEM_COLUMNS).single()
      : getSupabase().from('seasonal_items').insert(row).select(ITEM_COLUMNS).single(),
  );
}

export function setItemActive(id: string, active: boolean): Promise<SeasonalItem> {
  return run(() => getSupabase().from('seasonal_items').update({ is_active: active }).eq('id', id).select(ITEM_COLUMNS).single());
}

/** Lets a person (found by exact username) into the store's beta. */
export async function grantBetaAccess(username: string, adminId: string): Promise<void> {
  const people = await run<{ id: string }[]>(() => getSupabase().from('profiles').select('id').eq('username', username.trim().toLowerCase()));
  if (!people[0]) throw new StoreError('validation');
  await run(() => getSupabase().from('store_beta_access').upsert({ user_id: people[0].id, granted_by: adminId }, { onConflict: 'user_id', ignoreDuplicates: true }));
}
