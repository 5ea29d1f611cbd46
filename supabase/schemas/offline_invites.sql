set check_function_bodies = off;

-- Invite links made on the device (issue 21): an owner offline at a party creates an invite code;
-- the phone pushes the invite_links row when it syncs, like any other write, and the server
-- confirms it there.
--
--   - The code is drawn on the device (src/data/invite-codes.ts: 12 characters of
--     ABCDEFGHJKLMNPQRSTUVWXYZ23456789, 60 random bits from crypto.getRandomValues); the table's
--     check (^[A-Z0-9]{6,16}$) is the format rule, as for any other code.
--   - Only owners insert (the policy "owners can create invite links"; replication_push writes with
--     the caller's privileges). A refused row comes back to its device as not_allowed (S8).
--   - A code some other link already has is drawn again here, before the row is written (trigger
--     "25 a colliding invite code is drawn again"): the device gets the new code with its next pull
--     (the row's master state), and a code that collided is never anyone else's door. This trigger
--     is the one home of "invite codes are unique": create_invite_link (online callers of the RPC)
--     now relies on it too.
--   - A code that never reached the server is simply unknown: redeem_invite answers invite_invalid.
--   - Replays (S9): a second push of the same new row finds it and gets the server's row back as a
--     conflict (replication_push), whatever code it carries.
--
-- replication_push is the same for every collection: invite links are not "created online only" by
-- their collection's own settings (replication.sql: the insertable columns, no insert refusal).

-- "21 an invite code is 12 characters of the code alphabet" (issue 28): codes people read and type
-- — invite codes drawn on the device, the party's claim codes, the server's own draw — are 12
-- characters of ABCDEFGHJKLMNPQRSTUVWXYZ23456789 (src/data/random-codes.ts, 60 random bits); a
-- short code is a door anyone can guess. The table's check (6 to 16 letters or digits) let an
-- owner store 6 through REST or a push. Any other code is refused on insert and on an update that
-- would change it, whoever writes (REST, replication_push, RPCs, the service role): 23514, hint
-- `validation`. Runs after "20", which has trimmed the code and put it in upper case, and before
-- "25". Links stored before keep their codes (redeemed, revoked, counted as before).
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

-- "25 a colliding invite code is drawn again". Runs after "20 invite links only move from
-- active", which has put the code in upper case. Security definer: the caller may only read their
-- own notebooks' links, and a collision is with anyone's. The advisory lock on the code makes two
-- concurrent inserts of one code wait for each other, so the second one sees the first (a unique
-- violation would otherwise refuse a row the device cannot fix).
create or replace function private.redraw_colliding_invite_code()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  for attempt in 1..5 loop
    perform pg_advisory_xact_lock(hashtextextended('cadernos.invite_code:' || new.code, 0));
    if not exists (select 1 from public.invite_links l where l.code = new.code) then
      return new;
    end if;
    new.code := private.new_invite_code();
  end loop;
  raise exception using errcode = '23505',
    message = 'Could not generate a unique invite code. Please try again.', hint = 'invite_code_exhausted';
end
$$;
revoke all on function private.redraw_colliding_invite_code() from public, anon, authenticated, service_role;

create trigger "25 a colliding invite code is drawn again" before insert on public.invite_links
  for each row execute function private.redraw_colliding_invite_code();
