set check_function_bodies = off;

-- The seasonal store (issue 35; spec §1, §3, §5, §6): a catalogue of seasonal items admins edit,
-- a beta the admins open to people one by one, free items claimed with one tap, paid items bought
-- through one payments interface (sync-server/payments/: the local provider here, a hosted one
-- behind the same interface) whose signed callback grants the item exactly once.
--
--   seasonal_items        spec §3's fields: name, category (sticker_pack, theme, paper_style,
--                         cover_style), grants_ref (the theme / paper style / … id it unlocks),
--                         season id and display name, type (free, ad, promo, exclusive), price in
--                         cents, currency (BRL, USD, EUR), valid from / until, active, featured, main
--                         and preview image. Admins write (policies); admins and people with beta
--                         access read the active items valid now (admins read them all). Spec §5:
--                         name required, price required for exclusive items (a check).
--   store_beta_access     who may use the store in the beta besides the admins: admins grant and
--                         withdraw; a person reads their own row.
--   store_purchases       one row per checkout: the real total (amount, currency) fixed when it
--                         starts, state pending → paid / failed / cancelled (once: a settled
--                         purchase never changes), the provider and its reference. Also the
--                         person's receipts. A person reads their own; no API role writes it.
--   store_entitlements    what a person owns (one row per person and item): from a free claim or a
--                         paid purchase. A person reads their own; no API role writes it.
--   store_claim_free      authenticated: a free item the caller may see, owned from now on
--                         (claiming it again is no error and adds nothing)
--   store_begin_purchase  authenticated: a pending purchase of a paid item, its total fixed; the
--                         sync-server's checkout route calls it as the person. A minor's purchase
--                         starts awaiting_guardian instead: it cannot be paid (settle_purchase
--                         settles pending ones only) until the guardian confirms it.
--   private.store_guardian_requests   a minor's purchase asked of the guardian (hashes of the
--                         links mailed, like private.guardian_links): issued by
--                         private.issue_purchase_guardian_link for the sync-server's mail, read by
--                         private.guardian_purchase_request and answered once by
--                         private.answer_guardian_purchase (confirm → pending, refuse → refused;
--                         after 7 days → expired). Server only: the guardian's page is the
--                         sync-server's (sync-server/payments/guardian.ts), no account needed.
--   my_store_looks        authenticated: the (category, id) of the looks the caller owns, for the
--                         notebook editor (on sale or not any more)
--   private.settle_purchase   the provider's verified callback (service role / owner only): the
--                         one place a purchase is settled and a paid item granted, exactly once.
--
-- Hints (the app's words for each code): store_beta_only, item_unavailable, item_not_free,
-- item_free, already_owned, guardian_required, guardian_mail_rate_limited,
-- guardian_address_rate_limited, not_authenticated.
-- The default paper style (lined-blue) cannot be disabled: notebooks.sql's check
-- paper_styles_default_stays_active (tests/store.test.ts tries it as an admin).

create table public.seasonal_items (
  id uuid primary key default gen_random_uuid(),
  name text not null
    constraint seasonal_items_name check (length(btrim(name)) between 1 and 80),
  category text not null
    constraint seasonal_items_category check (category in ('sticker_pack', 'theme', 'paper_style', 'cover_style')),
  grants_ref text
    constraint seasonal_items_grants_ref check (grants_ref is null or grants_ref ~ '^[a-z0-9-]{2,40}$'),
  season_id text not null
    constraint seasonal_items_season_id check (season_id ~ '^[a-z0-9-]{2,40}$'),
  season_name text not null
    constraint seasonal_items_season_name check (length(btrim(season_name)) between 1 and 80),
  item_type text not null default 'free'
    constraint seasonal_items_item_type check (item_type in ('free', 'ad', 'promo', 'exclusive')),
  price_cents integer
    constraint seasonal_items_price check (price_cents is null or price_cents between 0 and 10000000),
  currency text not null default 'BRL'
    constraint seasonal_items_currency check (currency in ('BRL', 'USD', 'EUR')),
  valid_from timestamptz,
  valid_until timestamptz,
  is_active boolean not null default true,
  is_featured boolean not null default false,
  -- main and preview images: files uploaded to the bucket store-images (below) — their public
  -- address on the backend (absolute, or the path when the app and the backend share an origin)
  image_url text
    constraint seasonal_items_image_url check (image_url ~ '^(https://[^/[:space:]]{1,200})?/storage/v1/object/public/store-images/[A-Za-z0-9_-]{1,80}\.(png|jpg|webp)$'),
  preview_url text
    constraint seasonal_items_preview_url check (preview_url ~ '^(https://[^/[:space:]]{1,200})?/storage/v1/object/public/store-images/[A-Za-z0-9_-]{1,80}\.(png|jpg|webp)$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- spec §5: price required for exclusive items
  constraint seasonal_items_exclusive_price check (item_type <> 'exclusive' or coalesce(price_cents, 0) > 0),
  -- a free item costs nothing
  constraint seasonal_items_free_costs_nothing check (item_type <> 'free' or coalesce(price_cents, 0) = 0),
  constraint seasonal_items_valid_period check (valid_until is null or valid_from is null or valid_until > valid_from)
);
comment on table public.seasonal_items is
  'The seasonal store''s catalogue (spec §3): admins write; admins and beta people read the active, valid items.';
revoke all on public.seasonal_items from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.seasonal_items to authenticated, service_role;
alter table public.seasonal_items enable row level security;
create index seasonal_items_season on public.seasonal_items (season_id, is_active);

create table public.store_beta_access (
  user_id uuid primary key references auth.users (id) on delete cascade,
  granted_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
comment on table public.store_beta_access is
  'People an admin let into the seasonal store''s beta (admins are in without a row).';
revoke all on public.store_beta_access from public, anon, authenticated, service_role;
grant select, insert, delete on public.store_beta_access to authenticated;
grant select, insert, update, delete on public.store_beta_access to service_role;
alter table public.store_beta_access enable row level security;

create table public.store_purchases (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  item_id uuid not null references public.seasonal_items (id) on delete restrict,
  item_name text not null,
  amount_cents integer not null constraint store_purchases_amount check (amount_cents > 0),
  currency text not null constraint store_purchases_currency check (currency in ('BRL', 'USD', 'EUR')),
  status text not null default 'pending'
    constraint store_purchases_status check (status in ('pending', 'paid', 'failed', 'cancelled', 'awaiting_guardian', 'refused', 'expired')),
  provider text not null constraint store_purchases_provider check (provider ~ '^[a-z][a-z0-9_]{1,30}$'),
  provider_ref text constraint store_purchases_provider_ref check (provider_ref is null or length(provider_ref) <= 200),
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  -- a minor's purchase (issue 35): until when the guardian may answer (null: an adult's)
  guardian_expires_at timestamptz
);
comment on table public.store_purchases is
  'Checkouts of the seasonal store and the person''s receipts: read by the person alone; written by store_begin_purchase and private.settle_purchase.';
revoke all on public.store_purchases from public, anon, authenticated, service_role;
grant select on public.store_purchases to authenticated;
grant select, insert, update, delete on public.store_purchases to service_role;
alter table public.store_purchases enable row level security;
create index store_purchases_user on public.store_purchases (user_id, created_at desc);
-- one checkout under way per person and item: a second "buy" reuses it
create unique index store_purchases_one_pending on public.store_purchases (user_id, item_id) where status = 'pending';
-- and one question to the guardian under way per minor and item
create unique index store_purchases_one_awaiting on public.store_purchases (user_id, item_id) where status = 'awaiting_guardian';

create table public.store_entitlements (
  user_id uuid not null references auth.users (id) on delete cascade,
  item_id uuid not null references public.seasonal_items (id) on delete cascade,
  source text not null constraint store_entitlements_source check (source in ('free', 'purchase')),
  purchase_id uuid references public.store_purchases (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (user_id, item_id)
);
comment on table public.store_entitlements is
  'What a person owns from the store: read by the person alone; written by store_claim_free and private.settle_purchase.';
revoke all on public.store_entitlements from public, anon, authenticated, service_role;
grant select on public.store_entitlements to authenticated;
grant select, insert, update, delete on public.store_entitlements to service_role;
alter table public.store_entitlements enable row level security;

-- ---------------------------------------------------------------------------------------------
-- Who may use the store, what is on sale now
-- ---------------------------------------------------------------------------------------------

create or replace function private.has_store_access(p_user uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_user is not null
     and private.account_status(p_user) = 'active'
     and (exists (select 1 from public.user_roles r where r.user_id = p_user and r.role = 'admin')
          or exists (select 1 from public.store_beta_access b where b.user_id = p_user))
$$;
revoke all on function private.has_store_access(uuid) from public, anon, authenticated, service_role;
grant execute on function private.has_store_access(uuid) to authenticated, service_role;

create or replace function private.item_on_sale(p_item public.seasonal_items)
returns boolean
language sql
stable
set search_path = ''
as $$
  select p_item.is_active
     and (p_item.valid_from is null or p_item.valid_from <= now())
     and (p_item.valid_until is null or p_item.valid_until > now())
$$;
revoke all on function private.item_on_sale(public.seasonal_items) from public, anon, authenticated, service_role;
grant execute on function private.item_on_sale(public.seasonal_items) to authenticated, service_role;

create policy "admins and beta people read the items on sale" on public.seasonal_items
  for select to authenticated
  using (public.is_admin() or (private.has_store_access(auth.uid()) and private.item_on_sale(seasonal_items)));
create policy "admins add seasonal items" on public.seasonal_items
  for insert to authenticated with check (public.is_admin());
create policy "admins edit seasonal items" on public.seasonal_items
  for update to authenticated using (public.is_admin()) with check (public.is_admin());
create policy "admins remove seasonal items" on public.seasonal_items
  for delete to authenticated using (public.is_admin());

create policy "people read their own beta access, admins all" on public.store_beta_access
  for select to authenticated using (user_id = auth.uid() or public.is_admin());
create policy "admins grant beta access" on public.store_beta_access
  for insert to authenticated with check (public.is_admin() and granted_by = auth.uid());
create policy "admins withdraw beta access" on public.store_beta_access
  for delete to authenticated using (public.is_admin());

create policy "people read their own purchases" on public.store_purchases
  for select to authenticated using (user_id = auth.uid());
create policy "people read what they own" on public.store_entitlements
  for select to authenticated using (user_id = auth.uid());

create trigger "00 banned or deleted accounts cannot write" before insert or update or delete on public.seasonal_items
  for each row execute function private.refuse_inactive_writer();
create trigger "90 updated_at is stamped" before update on public.seasonal_items
  for each row execute function private.stamp_updated_at();
create trigger "00 banned or deleted accounts cannot write" before insert or update or delete on public.store_beta_access
  for each row execute function private.refuse_inactive_writer();

-- A settled purchase never changes again (the row is the person's receipt), whoever writes.
create or replace function private.settled_purchase_stays()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.status not in ('pending', 'awaiting_guardian') then
    raise exception 'a settled purchase does not change' using errcode = '42501', hint = 'not_allowed';
  end if;
  -- a minor's purchase waits for the guardian's answer before it can be paid: awaiting_guardian →
  -- pending (confirmed), refused, expired or cancelled; nothing comes back to awaiting_guardian
  if (old.status = 'awaiting_guardian' and new.status not in ('awaiting_guardian', 'pending', 'refused', 'expired', 'cancelled'))
     or (old.status = 'pending' and new.status in ('awaiting_guardian', 'refused', 'expired')) then
    raise exception 'a purchase awaiting the guardian is paid only after the guardian confirms' using errcode = '42501', hint = 'not_allowed';
  end if;
  if (new.id, new.user_id, new.item_id, new.amount_cents, new.currency, new.provider, new.created_at)
     is distinct from (old.id, old.user_id, old.item_id, old.amount_cents, old.currency, old.provider, old.created_at) then
    raise exception 'only the state of a purchase changes' using errcode = '42501', hint = 'not_allowed';
  end if;
  return new;
end;
$$;
revoke all on function private.settled_purchase_stays() from public, anon, authenticated, service_role;
create trigger "10 a settled purchase stays" before update on public.store_purchases
  for each row execute function private.settled_purchase_stays();

-- ---------------------------------------------------------------------------------------------
-- Claiming, buying, settling
-- ---------------------------------------------------------------------------------------------

-- The item the caller may act on now, or the reason why not.
create or replace function private.store_item_for(p_item uuid)
returns public.seasonal_items
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  item public.seasonal_items;
begin
  if me is null then
    raise exception 'not signed in' using errcode = '42501', hint = 'not_authenticated';
  end if;
  if private.account_status(me) <> 'active' then
    raise exception 'account not active' using errcode = '42501',
      hint = case private.account_status(me) when 'banned' then 'account_banned' else 'account_deleted' end;
  end if;
  if not private.has_store_access(me) then
    raise exception 'the store is in beta' using errcode = '42501', hint = 'store_beta_only';
  end if;
  select * into item from public.seasonal_items i where i.id = p_item;
  if not found or not private.item_on_sale(item) then
    raise exception 'item not on sale' using errcode = '22023', hint = 'item_unavailable';
  end if;
  return item;
end;
$$;
revoke all on function private.store_item_for(uuid) from public, anon, authenticated, service_role;

create or replace function public.store_claim_free(p_item uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  item public.seasonal_items := private.store_item_for(p_item);
  added int;
begin
  if coalesce(item.price_cents, 0) > 0 then
    raise exception 'this item is sold' using errcode = '22023', hint = 'item_not_free';
  end if;
  insert into public.store_entitlements (user_id, item_id, source)
  values (auth.uid(), item.id, 'free')
  on conflict (user_id, item_id) do nothing;
  get diagnostics added = row_count;
  return jsonb_build_object('item_id', item.id, 'granted', added = 1);
end;
$$;
revoke all on function public.store_claim_free(uuid) from public, anon, authenticated, service_role;
grant execute on function public.store_claim_free(uuid) to authenticated;

create or replace function public.store_begin_purchase(p_item uuid, p_provider text default 'local')
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  item public.seasonal_items := private.store_item_for(p_item);
  me uuid := auth.uid();
  minor boolean := private.is_minor(me);
  purchase public.store_purchases;
  asked int;
  guardian text;
begin
  if coalesce(item.price_cents, 0) = 0 then
    raise exception 'this item is free: claim it' using errcode = '22023', hint = 'item_free';
  end if;
  if p_provider is null or p_provider !~ '^[a-z][a-z0-9_]{1,30}$' then
    raise exception 'unknown provider' using errcode = '22023', hint = 'validation';
  end if;
  if exists (select 1 from public.store_entitlements e where e.user_id = me and e.item_id = item.id) then
    raise exception 'already owned' using errcode = '23505', hint = 'already_owned';
  end if;
  -- A minor pays only with the guardian's confirmation of that purchase: without a guardian's
  -- address nobody can confirm it.
  if minor and not exists (select 1 from public.account_safety s where s.user_id = me and s.guardian_email is not null) then
    raise exception 'a minor''s purchase needs the guardian' using errcode = '42501', hint = 'guardian_required';
  end if;
  -- a question to the guardian past its time is over (nothing was charged)
  update public.store_purchases set status = 'expired', settled_at = now()
   where user_id = me and item_id = item.id and status = 'awaiting_guardian' and guardian_expires_at <= now();
  select * into purchase from public.store_purchases p
   where p.user_id = me and p.item_id = item.id and p.status in ('pending', 'awaiting_guardian')
   order by p.status = 'pending' desc
   limit 1;
  if found and (purchase.amount_cents, purchase.currency, purchase.provider) = (item.price_cents, item.currency, p_provider) then
    return jsonb_build_object('purchase_id', purchase.id, 'item_id', item.id, 'item_name', purchase.item_name,
                              'amount_cents', purchase.amount_cents, 'currency', purchase.currency,
                              'status', purchase.status, 'guardian_asked_now', false);
  end if;
  if found then
    -- the price changed since: that checkout (or question to the guardian) ends, a new one shows the real total
    update public.store_purchases set status = 'cancelled', settled_at = now() where id = purchase.id;
  end if;
  if minor then
    -- at most five questions a day to the guardian (the sign-up's mail has the same limit)
    select count(*) into asked from public.store_purchases p
     where p.user_id = me and p.guardian_expires_at is not null and p.created_at > now() - interval '1 day';
    if asked >= 5 then
      raise exception 'the guardian was asked enough today' using errcode = 'P0001', hint = 'guardian_mail_rate_limited';
    end if;
    -- and at most ten a day to one guardian's address, whichever minors' accounts ask: making
    -- accounts does not flood an adult's inbox (siblings share a guardian: two of them a full day).
    -- One address's questions are counted and made one after the other (the lock).
    select lower(s.guardian_email) into guardian from public.account_safety s where s.user_id = me;
    perform pg_advisory_xact_lock(hashtextextended('store guardian ' || guardian, 0));
    select count(*) into asked from public.store_purchases p
      join public.account_safety s on s.user_id = p.user_id
     where lower(s.guardian_email) = guardian and p.guardian_expires_at is not null and p.created_at > now() - interval '1 day';
    if asked >= 10 then
      raise exception 'this guardian''s address was asked enough today' using errcode = 'P0001', hint = 'guardian_address_rate_limited';
    end if;
  end if;
  insert into public.store_purchases (user_id, item_id, item_name, amount_cents, currency, provider, status, guardian_expires_at)
  values (me, item.id, item.name, item.price_cents, item.currency, p_provider,
          case when minor then 'awaiting_guardian' else 'pending' end,
          case when minor then now() + interval '7 days' end)
  returning * into purchase;
  return jsonb_build_object('purchase_id', purchase.id, 'item_id', item.id, 'item_name', purchase.item_name,
                            'amount_cents', purchase.amount_cents, 'currency', purchase.currency,
                            'status', purchase.status, 'guardian_asked_now', minor);
end;
$$;
revoke all on function public.store_begin_purchase(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.store_begin_purchase(uuid, text) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- A minor's purchase and the guardian (issue 35; the safe sign-up's guardian, schemas/safety.sql)
-- ---------------------------------------------------------------------------------------------

-- One link per mail sent about a purchase; the token itself is only in the mail.
create table private.store_guardian_requests (
  token_hash text primary key,
  purchase_id uuid not null references public.store_purchases (id) on delete cascade,
  sent_to text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
alter table private.store_guardian_requests enable row level security;
revoke all on private.store_guardian_requests from public, anon, authenticated, service_role;
create index store_guardian_requests_purchase on private.store_guardian_requests (purchase_id);

-- The guardian's link for a minor's purchase awaiting them: the token (for the mail), the
-- guardian's address, the minor's username, the item and its real total; no row when the
-- purchase awaits nobody. Earlier links of that purchase stop working. Called by the sync-server
-- right after store_begin_purchase answered guardian_asked_now.
create or replace function private.issue_purchase_guardian_link(p_purchase uuid)
returns table (guardian_email text, username text, item_name text, amount_cents integer, currency text, token text, expires_at timestamptz)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  fresh text := replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
  purchase public.store_purchases;
  guardian text;
begin
  select * into purchase from public.store_purchases p
   where p.id = p_purchase and p.status = 'awaiting_guardian' and p.guardian_expires_at > now();
  if not found then
    return;
  end if;
  select s.guardian_email into guardian from public.account_safety s where s.user_id = purchase.user_id;
  if guardian is null then
    return;
  end if;
  update private.store_guardian_requests r set expires_at = now() where r.purchase_id = purchase.id and r.expires_at > now();
  insert into private.store_guardian_requests (token_hash, purchase_id, sent_to, expires_at)
  values (encode(sha256(convert_to(fresh, 'UTF8')), 'hex'), purchase.id, guardian, purchase.guardian_expires_at);
  return query
    select guardian, p.username, purchase.item_name, purchase.amount_cents, purchase.currency, fresh, purchase.guardian_expires_at
      from public.profiles p where p.id = purchase.user_id;
end;
$$;
revoke all on function private.issue_purchase_guardian_link(uuid) from public, anon, authenticated, service_role;

-- What the guardian's page shows for a link: the minor, the item, its category, the real total and
-- the purchase's state (expired once its time passed); null for an unknown or replaced link.
create or replace function private.guardian_purchase_request(p_token text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
           'purchase_id', p.id, 'username', pr.username, 'item_name', p.item_name, 'category', i.category,
           'amount_cents', p.amount_cents, 'currency', p.currency,
           'status', case when p.status = 'awaiting_guardian' and (p.guardian_expires_at <= now() or r.expires_at <= now())
                          then 'expired' else p.status end)
    from private.store_guardian_requests r
    join public.store_purchases p on p.id = r.purchase_id
    join public.seasonal_items i on i.id = p.item_id
    join public.profiles pr on pr.id = p.user_id
   where r.token_hash = encode(sha256(convert_to(btrim(coalesce(p_token, '')), 'UTF8')), 'hex')
$$;
revoke all on function private.guardian_purchase_request(text) from public, anon, authenticated, service_role;

-- The guardian's answer through the link: confirm (the purchase may now be paid, once) or refuse
-- (nothing is ever charged for it). Only a purchase still awaiting its guardian and a link still
-- valid change anything: a second answer, a replayed or an old link leave it as it is
-- ({status, answered_now}). Null for an unknown link.
create or replace function private.answer_guardian_purchase(p_token text, p_confirm boolean)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  request private.store_guardian_requests;
  purchase public.store_purchases;
begin
  select * into request from private.store_guardian_requests r
   where r.token_hash = encode(sha256(convert_to(btrim(coalesce(p_token, '')), 'UTF8')), 'hex');
  if not found or p_confirm is null then
    return null;
  end if;
  select * into purchase from public.store_purchases p where p.id = request.purchase_id for update;
  if purchase.status = 'awaiting_guardian' and (purchase.guardian_expires_at <= now() or request.expires_at <= now()) then
    if purchase.guardian_expires_at <= now() then
      update public.store_purchases set status = 'expired', settled_at = now() where id = purchase.id;
      return jsonb_build_object('status', 'expired', 'answered_now', false);
    end if;
    -- a link replaced by a newer mail answers nothing
    return jsonb_build_object('status', 'expired', 'answered_now', false);
  end if;
  if purchase.status <> 'awaiting_guardian' then
    return jsonb_build_object('status', purchase.status, 'answered_now', false);
  end if;
  update public.store_purchases
     set status = case when p_confirm then 'pending' else 'refused' end,
         settled_at = case when p_confirm then null else now() end
   where id = purchase.id
  returning * into purchase;
  update private.store_guardian_requests r set expires_at = now() where r.purchase_id = purchase.id and r.expires_at > now();
  return jsonb_build_object('status', purchase.status, 'answered_now', true);
end;
$$;
revoke all on function private.answer_guardian_purchase(text, boolean) from public, anon, authenticated, service_role;

-- The provider's verified callback settles a purchase: only a pending one, once (the row lock and
-- the "still pending" condition make a replayed or raced callback change nothing); a paid purchase
-- grants its item. Answers {purchase_id, status, granted, settled_now}, or null for an unknown id.
-- Called by the sync-server after checking the callback's signature; no API role may call it.
create or replace function private.settle_purchase(p_purchase uuid, p_status text, p_provider_ref text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  purchase public.store_purchases;
  added int := 0;
begin
  if p_status not in ('paid', 'failed', 'cancelled') then
    raise exception 'unknown outcome' using errcode = '22023', hint = 'validation';
  end if;
  update public.store_purchases
     set status = p_status, settled_at = now(), provider_ref = left(p_provider_ref, 200)
   where id = p_purchase and status = 'pending'
  returning * into purchase;
  if not found then
    select * into purchase from public.store_purchases where id = p_purchase;
    if not found then
      return null;
    end if;
    return jsonb_build_object('purchase_id', purchase.id, 'status', purchase.status, 'granted', false, 'settled_now', false);
  end if;
  if p_status = 'paid' then
    insert into public.store_entitlements (user_id, item_id, source, purchase_id)
    values (purchase.user_id, purchase.item_id, 'purchase', purchase.id)
    on conflict (user_id, item_id) do nothing;
    get diagnostics added = row_count;
  end if;
  return jsonb_build_object('purchase_id', purchase.id, 'status', purchase.status, 'granted', added = 1, 'settled_now', true);
end;
$$;
revoke all on function private.settle_purchase(uuid, text, text) from public, anon, authenticated, service_role;

-- The looks the person owns (issue 35), for the notebook editor's pickers: the category and the id
-- each owned item unlocks — also after its season ended (the items table shows only what is on
-- sale). About the caller alone; the device keeps a copy for offline editing.
create or replace function public.my_store_looks()
returns table (category text, grants_ref text)
language sql
stable
security definer
set search_path = ''
as $$
  select distinct i.category, i.grants_ref
    from public.store_entitlements e
    join public.seasonal_items i on i.id = e.item_id
   where e.user_id = auth.uid() and i.grants_ref is not null
   order by 1, 2
$$;
revoke all on function public.my_store_looks() from public, anon, authenticated, service_role;
grant execute on function public.my_store_looks() to authenticated;

-- Whether one of these people owns a look from the store (issue 35): an entitlement to a seasonal
-- item of that category whose grants_ref is the look's id — also after its season ended. The one
-- home of the rule the "… is owned" triggers below ask (themes, the default theme, papers,
-- stickers, cover styles); definer code only.
create or replace function private.owns_look(p_people uuid[], p_category text, p_ref text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.store_entitlements e join public.seasonal_items i on i.id = e.item_id
     where e.user_id = any (p_people) and i.category = p_category and i.grants_ref = p_ref)
$$;
revoke all on function private.owns_look(uuid[], text, text) from public, anon, authenticated, service_role;

-- A store theme on a notebook is owned (issue 35; spec §6: premium themes must be bought): when a
-- signed-in person sets a premium theme (notebook_themes.is_premium) — the notebook's theme or its
-- cover's — the notebook's owner or the writer owns it from the store. Guests and collaborators see
-- the owner's choice without owning it (nothing is checked on reading); the service role and
-- migrations pass; a theme set before stays. Refused: 42501, hint look_not_owned.
create or replace function private.store_theme_is_owned()
returns trigger
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  theme text;
begin
  if auth.uid() is null then
    return new;
  end if;
  foreach theme in array array[new.theme, new.cover ->> 'theme'] loop
    continue when theme is null;
    continue when tg_op = 'UPDATE' and theme in (old.theme, coalesce(old.cover ->> 'theme', ''));
    continue when not exists (select 1 from public.notebook_themes t where t.id = theme and t.is_premium);
    continue when private.owns_look(array[new.user_id, auth.uid()], 'theme', theme);
    raise exception 'a store theme nobody here owns' using errcode = '42501', hint = 'look_not_owned';
  end loop;
  return new;
end;
$$;
revoke all on function private.store_theme_is_owned() from public, anon, authenticated, service_role;
create trigger "30 a store theme is owned" before insert or update of theme, cover on public.notebooks
  for each row execute function private.store_theme_is_owned();

-- The default theme of a person's new notebooks (Settings › Cadernos; issue 35): any theme of the
-- catalogue — the ones admins added too —, a premium one only when the person owns it from the
-- store, so that the create screen's notebook passes "30 a store theme is owned" above (a trigger,
-- not a foreign key: notebook_themes comes after accounts.sql). A default set before stays; the
-- service role sets any theme of the catalogue. Refused: an unknown theme 23503, hint theme_unknown;
-- a store theme not owned 42501, hint look_not_owned.
create or replace function private.default_theme_is_owned()
returns trigger
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.notebook_theme = old.notebook_theme then
    return new;
  end if;
  if not exists (select 1 from public.notebook_themes t where t.id = new.notebook_theme) then
    raise exception 'no such notebook theme' using errcode = '23503', hint = 'theme_unknown';
  end if;
  if auth.uid() is null then
    return new;
  end if;
  if not exists (select 1 from public.notebook_themes t where t.id = new.notebook_theme and t.is_premium) then
    return new;
  end if;
  if private.owns_look(array[new.user_id], 'theme', new.notebook_theme) then
    return new;
  end if;
  raise exception 'a store theme nobody here owns' using errcode = '42501', hint = 'look_not_owned';
end;
$$;
revoke all on function private.default_theme_is_owned() from public, anon, authenticated, service_role;
create trigger "30 a default theme is the catalogue's, a store one owned" before insert or update of notebook_theme on public.user_settings
  for each row execute function private.default_theme_is_owned();

-- A store paper on a notebook is owned (issue 35; spec §6): as for themes above, a premium paper
-- style (paper_styles.is_premium) set by a signed-in person needs the notebook's owner or the
-- writer to own it from the store; guests and collaborators see the owner's paper without owning
-- it, the service role and migrations pass, a paper set before stays. Refused: 42501, hint
-- paper_not_owned (spec §8's paper style apply error on the device).
create or replace function private.store_paper_is_owned()
returns trigger
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null or new.paper_style is null then
    return new;
  end if;
  if tg_op = 'UPDATE' and new.paper_style = old.paper_style then
    return new;
  end if;
  if not exists (select 1 from public.paper_styles p where p.id = new.paper_style and p.is_premium) then
    return new;
  end if;
  if private.owns_look(array[new.user_id, auth.uid()], 'paper_style', new.paper_style) then
    return new;
  end if;
  raise exception 'a store paper nobody here owns' using errcode = '42501', hint = 'paper_not_owned';
end;
$$;
revoke all on function private.store_paper_is_owned() from public, anon, authenticated, service_role;
create trigger "31 a store paper is owned" before insert or update of paper_style on public.notebooks
  for each row execute function private.store_paper_is_owned();

-- The store's pictures (issue 35): the bucket store-images — public reads, 5 MB, PNG / JPG / WebP
-- (the profile images' and the FAQ's types), written by admins alone — holds the admin sections'
-- uploads (paper_styles.image_path is a key of it).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('store-images', 'store-images', true, 5242880, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy "admins list store images" on storage.objects
  for select to authenticated
  using (bucket_id = 'store-images' and public.is_admin());
create policy "admins upload store images" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'store-images' and public.is_admin());
create policy "admins replace store images" on storage.objects
  for update to authenticated
  using (bucket_id = 'store-images' and public.is_admin())
  with check (bucket_id = 'store-images' and public.is_admin());
create policy "admins remove store images" on storage.objects
  for delete to authenticated
  using (bucket_id = 'store-images' and public.is_admin());

-- Sticker packs (issue 35; spec §3 cover stickers, §6 "premium stickers and themes must be
-- bought"): sticker_packs (a name, free or premium, enabled, its place) and their stickers (a name
-- and a picture: a key of the bucket store-images — none for the app's own drawings). Everyone
-- reads the enabled packs and their stickers, admins read and write them all (RLS). The app's
-- built-in stickers are the free pack 'basicos' (their ids are the ones notebooks' covers already
-- store). A premium pack is owned through the store: a seasonal item of category sticker_pack
-- whose grants_ref is the pack's id (my_store_looks gives it to the editor).
create table public.sticker_packs (
  id text primary key
    constraint sticker_packs_id check (id ~ '^[a-z0-9-]{2,40}$'),
  name text not null
    constraint sticker_packs_name check (length(btrim(name)) between 1 and 80),
  is_premium boolean not null default false,
  is_active boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- the app's own stickers stay for everyone: the free pack is never disabled nor sold (as lined-blue)
  constraint sticker_packs_basics_stay_free check (id <> 'basicos' or (is_active and not is_premium))
);

create table public.stickers (
  id text primary key
    constraint stickers_id check (id ~ '^[a-z0-9-]{2,40}$'),
  pack_id text not null references public.sticker_packs (id) on delete cascade,
  name text not null
    constraint stickers_name check (length(btrim(name)) between 1 and 80),
  -- the sticker's picture: a file of the bucket store-images (its key), or none (drawn by the app)
  image_path text
    constraint stickers_image_path check (image_path ~ '^[A-Za-z0-9_-]{1,80}\.(png|jpg|webp)$'),
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index stickers_pack on public.stickers (pack_id, sort_order);

revoke all on public.sticker_packs from public, anon, authenticated, service_role;
grant select on public.sticker_packs to anon;
grant select, insert, update, delete on public.sticker_packs to authenticated, service_role;
revoke all on public.stickers from public, anon, authenticated, service_role;
grant select on public.stickers to anon;
grant select, insert, update, delete on public.stickers to authenticated, service_role;

alter table public.sticker_packs enable row level security;
alter table public.stickers enable row level security;
create policy "anyone reads enabled sticker packs" on public.sticker_packs
  for select to anon, authenticated using (is_active or public.is_admin());
create policy "admins add sticker packs" on public.sticker_packs
  for insert to authenticated with check (public.is_admin());
create policy "admins edit sticker packs" on public.sticker_packs
  for update to authenticated using (public.is_admin()) with check (public.is_admin());
create policy "admins remove sticker packs" on public.sticker_packs
  for delete to authenticated using (public.is_admin());
create policy "anyone reads the stickers of enabled packs" on public.stickers
  for select to anon, authenticated
  using (public.is_admin() or exists (select 1 from public.sticker_packs p where p.id = pack_id and p.is_active));
create policy "admins add stickers" on public.stickers
  for insert to authenticated with check (public.is_admin());
create policy "admins edit stickers" on public.stickers
  for update to authenticated using (public.is_admin()) with check (public.is_admin());
create policy "admins remove stickers" on public.stickers
  for delete to authenticated using (public.is_admin());

insert into public.sticker_packs (id, name, is_premium, sort_order) values
  ('basicos', 'Adesivos básicos', false, 1)
on conflict (id) do update
  set name = excluded.name, is_premium = excluded.is_premium, sort_order = excluded.sort_order;
insert into public.stickers (id, pack_id, name, sort_order) values
  ('star',    'basicos', 'Estrela',   1),
  ('heart',   'basicos', 'Coração',   2),
  ('flower',  'basicos', 'Flor',      3),
  ('rainbow', 'basicos', 'Arco-íris', 4),
  ('pencil',  'basicos', 'Lápis',     5),
  ('music',   'basicos', 'Música',    6),
  ('sun',     'basicos', 'Sol',       7),
  ('cat',     'basicos', 'Gato',      8),
  ('rocket',  'basicos', 'Foguete',   9),
  ('smile',   'basicos', 'Sorriso',  10)
on conflict (id) do update
  set pack_id = excluded.pack_id, name = excluded.name, sort_order = excluded.sort_order;

-- A store sticker on a cover is owned (spec §6), as papers and themes: a sticker of a premium pack
-- put on a notebook's cover by a signed-in person needs the notebook's owner or the writer to own
-- the pack from the store. Stickers already on the cover stay (only the ones added are checked);
-- guests and collaborators see the owner's stickers (nothing is checked on reading); the service
-- role and migrations pass. Refused: 42501, hint sticker_not_owned.
create or replace function private.store_sticker_is_owned()
returns trigger
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  pack text;
begin
  if auth.uid() is null or jsonb_typeof(new.cover -> 'stickers') is distinct from 'array' then
    return new;
  end if;
  for pack in
    select distinct s.pack_id
      from jsonb_array_elements(new.cover -> 'stickers') as c(sticker)
      join public.stickers s on s.id = c.sticker ->> 'id'
      join public.sticker_packs p on p.id = s.pack_id and p.is_premium
     where tg_op = 'INSERT'
        or jsonb_typeof(old.cover -> 'stickers') is distinct from 'array'
        or not exists (
             select 1 from jsonb_array_elements(old.cover -> 'stickers') as o(sticker)
              where o.sticker ->> 'id' = c.sticker ->> 'id')
  loop
    if not private.owns_look(array[new.user_id, auth.uid()], 'sticker_pack', pack) then
      raise exception 'a store sticker nobody here owns' using errcode = '42501', hint = 'sticker_not_owned';
    end if;
  end loop;
  return new;
end;
$$;
revoke all on function private.store_sticker_is_owned() from public, anon, authenticated, service_role;
create trigger "32 a store sticker is owned" before insert or update of cover on public.notebooks
  for each row execute function private.store_sticker_is_owned();

-- Cover styles (issue 35; spec §3 seasonal items of category cover_style): cover_styles (a name,
-- a picture drawn over the cover's colour under its label — a key of the bucket store-images —,
-- free or premium, enabled, its place). Everyone reads the enabled ones, admins read and write them
-- all (RLS). The plain cover 'liso' (no picture: the cover as it always was) is the default, never
-- disabled nor sold (as lined-blue and the sticker pack basicos). The notebook's cover names its
-- style in cover ->> 'style'; a premium style is owned through the store: a seasonal item of
-- category cover_style whose grants_ref is the style's id (my_store_looks gives it to the editor).
create table public.cover_styles (
  id text primary key
    constraint cover_styles_id check (id ~ '^[a-z0-9-]{2,40}$'),
  name text not null
    constraint cover_styles_name check (length(btrim(name)) between 1 and 80),
  -- the style's picture: a file of the bucket store-images (its key), or none (the plain cover)
  image_path text
    constraint cover_styles_image_path check (image_path ~ '^[A-Za-z0-9_-]{1,80}\.(png|jpg|webp)$'),
  is_premium boolean not null default false,
  is_active boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint cover_styles_plain_stays_free check (id <> 'liso' or (is_active and not is_premium))
);

revoke all on public.cover_styles from public, anon, authenticated, service_role;
grant select on public.cover_styles to anon;
grant select, insert, update, delete on public.cover_styles to authenticated, service_role;

alter table public.cover_styles enable row level security;
create policy "anyone reads enabled cover styles" on public.cover_styles
  for select to anon, authenticated using (is_active or public.is_admin());
create policy "admins add cover styles" on public.cover_styles
  for insert to authenticated with check (public.is_admin());
create policy "admins edit cover styles" on public.cover_styles
  for update to authenticated using (public.is_admin()) with check (public.is_admin());
create policy "admins remove cover styles" on public.cover_styles
  for delete to authenticated using (public.is_admin());

insert into public.cover_styles (id, name, is_premium, sort_order) values
  ('liso', 'Liso', false, 1)
on conflict (id) do update
  set name = excluded.name, is_premium = excluded.is_premium, sort_order = excluded.sort_order;

-- A store cover style is owned (spec §6), as papers, themes and stickers: a premium cover style set
-- on a notebook's cover by a signed-in person needs the notebook's owner or the writer to own it
-- from the store. Guests and collaborators see the owner's cover without owning it (nothing is
-- checked on reading); the service role and migrations pass; a style set before stays. Refused:
-- 42501, hint cover_style_not_owned (the device's words: spec §8's apply errors).
create or replace function private.store_cover_style_is_owned()
returns trigger
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  style text := new.cover ->> 'style';
begin
  if auth.uid() is null or style is null then
    return new;
  end if;
  if tg_op = 'UPDATE' and style is not distinct from old.cover ->> 'style' then
    return new;
  end if;
  if not exists (select 1 from public.cover_styles c where c.id = style and c.is_premium) then
    return new;
  end if;
  if private.owns_look(array[new.user_id, auth.uid()], 'cover_style', style) then
    return new;
  end if;
  raise exception 'a store cover style nobody here owns' using errcode = '42501', hint = 'cover_style_not_owned';
end;
$$;
revoke all on function private.store_cover_style_is_owned() from public, anon, authenticated, service_role;
create trigger "33 a store cover style is owned" before insert or update of cover on public.notebooks
  for each row execute function private.store_cover_style_is_owned();
