-- An invite code is 12 characters of the code alphabet, on every path (issue 28, item 7).
--
-- Codes people read and type — invite codes drawn on the device and the party's claim codes —
-- are 12 characters of ABCDEFGHJKLMNPQRSTUVWXYZ23456789 (src/data/random-codes.ts: 60 random
-- bits; claim_guest refuses any other claim code). The table's own check only asked for 6 to 16
-- letters or digits, so an owner could store a 6-character code through REST (POST
-- /rest/v1/invite_links) or a push, and a short code is a door anyone can guess; and the server's
-- own draw (private.new_invite_code, for create_invite_link and a colliding code drawn again) made
-- 8 characters. Now:
--   - trigger "21 an invite code is 12 characters of the code alphabet" refuses any other code on
--     insert, and on an update that would change the code (which "20 invite links only move from
--     active" already refuses), whoever writes — REST, replication_push, RPCs, the service role:
--     SQLSTATE 23514, hint `validation` (400 through REST; a pushed row comes back refused as
--     `validation`). It runs after "20", which has trimmed the code and put it in upper case, and
--     before "25 a colliding invite code is drawn again".
--   - private.new_invite_code draws 12 characters (each from one random byte of a v4 UUID; the
--     version and variant bits are left out).
-- Links stored before keep their codes: they can still be redeemed, revoked and counted.

create or replace function private.new_invite_code()
returns text
language sql
volatile
set search_path = ''
as $$
  select string_agg(substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (get_byte(b, i) % 32) + 1, 1), '' order by i)
    from (select uuid_send(gen_random_uuid()) as b) r
   cross join lateral (values (0), (1), (2), (3), (4), (5), (7), (9), (10), (11), (12), (13)) as t(i)
$$;

create or replace function private.require_invite_code_form()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.code is not distinct from old.code then
    return new;
  end if;
  if new.code !~ '^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{12}$' then
    raise exception using errcode = '23514',
      message = 'An invite code is 12 characters of ABCDEFGHJKLMNPQRSTUVWXYZ23456789.', hint = 'validation';
  end if;
  return new;
end
$$;
revoke all on function private.require_invite_code_form() from public, anon, authenticated, service_role;

create trigger "21 an invite code is 12 characters of the code alphabet" before insert or update of code on public.invite_links
  for each row execute function private.require_invite_code_form();
