-- A minor's purchase waits for the guardian (issue 35; spec §1 "under-18s need a guardian's
-- supervision"; the FTC's and the EU DSA's rules for minors), schemas/store.sql: a minor's
-- store_begin_purchase makes a purchase `awaiting_guardian` (7 days to answer) that cannot be paid
-- (private.settle_purchase settles pending ones only); the sync-server mails the guardian of the
-- safe sign-up (account_safety.guardian_email) through the local mailbox a link to its page
-- (/payments/v1/guardian/{token}), which shows the item, its real total and "one payment, nothing
-- recurring" and confirms (→ pending: the minor may pay it once) or refuses (→ refused). A link is
-- kept as a hash (private.store_guardian_requests); a replayed, forged or replaced link changes
-- nothing. New states refused / expired, column guardian_expires_at, index store_purchases_one_awaiting.
-- Replaces private.settled_purchase_stays and public.store_begin_purchase.

set check_function_bodies = off;

alter table public.store_purchases drop constraint store_purchases_status;
alter table public.store_purchases add constraint store_purchases_status
  check (status in ('pending', 'paid', 'failed', 'cancelled', 'awaiting_guardian', 'refused', 'expired'));
-- a minor's purchase (issue 35): until when the guardian may answer (null: an adult's)
alter table public.store_purchases add column guardian_expires_at timestamptz;
-- and one question to the guardian under way per minor and item
create unique index store_purchases_one_awaiting on public.store_purchases (user_id, item_id) where status = 'awaiting_guardian';

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
