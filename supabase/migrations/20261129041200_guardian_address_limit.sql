-- A guardian's address is asked about purchases at most ten times a day (issue 35), whichever
-- minors' accounts ask: the limit of five a day per minor let anyone who makes accounts naming one
-- adult's address flood that inbox. store_begin_purchase counts the day's questions to the
-- minor's guardian's address (lower case), one address's questions one after the other (an
-- advisory lock), and refuses the eleventh with P0001, hint guardian_address_rate_limited (429 on
-- the sync-server's /payments/v1/checkout; the minor's store says so). schemas/store.sql.
-- Replaces public.store_begin_purchase.

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
