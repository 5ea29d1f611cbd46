set check_function_bodies = off;

-- Notebooks and everything inside them (spec §3, §4, §6, §7).
--
--   notebook_themes, paper_styles   catalogues the notebook's appearance refers to
--   notebooks                       owned by user_id; theme purple, author 'Usuário' by default
--   favorites                       a person's starred notebooks
--   questions                       order_index = highest + 1 (0 for the first); blocked flag
--   answers                         one per (question, person); moderation; anonymity
--   notebook_shares                 access for a sharee (access_level 'viewer': can read and answer)
--   notebook_collaborators          editor / collaborator / viewer, pending until accepted
--   invite_links                    short codes: active, revoked, expired
--   notebook_changes                the per-notebook change history (written by triggers)
--   notifications                   written by triggers, read and marked read by the recipient
--
-- Who may do what is decided by ONE helper, public.notebook_role(notebook_id, user_id), used by
-- every policy and trigger below:
--   owner         notebooks.user_id
--   editor        accepted collaborator with role 'editor'
--   collaborator  accepted collaborator with role 'collaborator'
--   viewer        a share, or an accepted collaborator with role 'viewer'  (reads, answers)
--   invited       a pending collaboration invite (sees the notebook row only, to accept it)
--   admin         the admin flag and none of the above (reads, deletes for report review)
--   none          anything else, a visitor, or a banned or deleted account

-- ---------------------------------------------------------------------------------------------
-- Appearance catalogues (reference data the notebooks refer to)
-- ---------------------------------------------------------------------------------------------

-- A theme's colours (issue 35; the keys of the app's notebook theme contract,
-- src/styles/theme-colors.ts): exactly cover, coverText, accent, accentSoft and spine, each
-- '#rrggbb' in lower case, and the cover's text readable on the cover — contrast at least 4.5:1
-- (WCAG 2 AA, relative luminance of sRGB). The app checks the same before sending.
create or replace function private.color_luminance(p_hex text)
returns double precision
language sql
immutable
parallel safe
set search_path = ''
as $$
  select 0.2126 * c[1] + 0.7152 * c[2] + 0.0722 * c[3]
    from (select array(
            select case when v <= 0.04045 then v / 12.92 else power((v + 0.055) / 1.055, 2.4) end
              from (select ('x' || substr(p_hex, i, 2))::bit(8)::int / 255.0::double precision as v, i
                      from unnest(array[2, 4, 6]) as i) s
             order by i) as c) rgb
$$;

create or replace function private.theme_colors_ok(p_colors jsonb)
returns boolean
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  k text;
  cover double precision;
  text_on double precision;
begin
  if p_colors is null or jsonb_typeof(p_colors) <> 'object' then return false; end if;
  if (select count(*) from jsonb_object_keys(p_colors)) <> 5 then return false; end if;
  foreach k in array array['cover', 'coverText', 'accent', 'accentSoft', 'spine'] loop
    if jsonb_typeof(p_colors -> k) is distinct from 'string' or (p_colors ->> k) !~ '^#[0-9a-f]{6}$' then
      return false;
    end if;
  end loop;
  cover := private.color_luminance(p_colors ->> 'cover');
  text_on := private.color_luminance(p_colors ->> 'coverText');
  return (greatest(cover, text_on) + 0.05) / (least(cover, text_on) + 0.05) >= 4.5;
end;
$$;

-- Evaluated in the table's checks as the writer: the API's roles execute them (nothing to read).
revoke all on function private.color_luminance(text) from public;
revoke all on function private.theme_colors_ok(jsonb) from public;
grant execute on function private.color_luminance(text) to authenticated, service_role;
grant execute on function private.theme_colors_ok(jsonb) to authenticated, service_role;

create table public.notebook_themes (
  id text primary key check (id ~ '^[a-z0-9-]{2,40}$'),
  name text not null,
  colors jsonb not null default '{}'::jsonb,
  is_premium boolean not null default false,
  is_active boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint notebook_themes_name check (length(btrim(name)) between 1 and 80),
  constraint notebook_themes_colors check (private.theme_colors_ok(colors)),
  -- spec §5 (as the default paper): the default theme cannot be disabled
  constraint notebook_themes_default_stays_active check (id <> 'purple' or is_active)
);

create table public.paper_styles (
  id text primary key check (id ~ '^[a-z0-9-]{2,40}$'),
  name text not null,
  is_premium boolean not null default false,
  is_active boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- the paper's picture: a file of the bucket store-images (its key; store.sql), or none
  image_path text
    constraint paper_styles_image_path check (image_path ~ '^[A-Za-z0-9_-]{1,80}\.(png|jpg|webp)$'),
  -- spec §5: a name is required
  constraint paper_styles_name check (length(btrim(name)) between 1 and 80),
  -- spec §5: the default paper style cannot be disabled
  constraint paper_styles_default_stays_active check (id <> 'lined-blue' or is_active)
);

-- Catalogues everyone reads (the store shows them to visitors); admins edit them.
revoke all on public.notebook_themes from public, anon, authenticated, service_role;
grant select on public.notebook_themes to anon;
grant select, insert, update, delete on public.notebook_themes to authenticated, service_role;
revoke all on public.paper_styles from public, anon, authenticated, service_role;
grant select on public.paper_styles to anon;
grant select, insert, update, delete on public.paper_styles to authenticated, service_role;

-- Their rows (the default theme 'purple', the default paper 'lined-blue', …): reference_data.sql.

-- ---------------------------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------------------------

create table public.notebooks (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  title text not null,
  description text,
  author text not null default 'Usuário',
  theme text not null default 'purple' references public.notebook_themes (id),
  pre_moderation_enabled boolean not null default false,
  paper_style text not null default 'lined-blue' references public.paper_styles (id),
  sticker_border text,
  -- {title, subtitle, color, theme, stickers: [{id, size, rotation, layer: 'front'|'back', x, y}]}
  cover jsonb,
  is_shared boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- replication (S3, S9): the transaction that last wrote the row, and its revision
  replication_xid xid8 not null default pg_current_xact_id(),
  server_rev integer not null default 1,
  constraint notebooks_title_min_length check (char_length(btrim(title)) >= 3)
);
create index notebooks_user_id_updated_at on public.notebooks (user_id, updated_at desc);
-- Members read, signed-in people create their own, owners/editors/collaborators update, owners
-- and admins delete. Visitors: nothing.
revoke all on public.notebooks from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.notebooks to authenticated, service_role;

create table public.favorites (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  notebook_id uuid not null references public.notebooks (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- replication (S3, S9): the transaction that last wrote the row, and its revision
  replication_xid xid8 not null default pg_current_xact_id(),
  server_rev integer not null default 1,
  constraint favorites_once_per_notebook unique (user_id, notebook_id)
);
create index favorites_notebook_id on public.favorites (notebook_id);
-- A person's own stars: added or removed, never updated.
revoke all on public.favorites from public, anon, authenticated, service_role;
grant select, insert, delete on public.favorites to authenticated;
grant select, insert, update, delete on public.favorites to service_role;

create table public.questions (
  id uuid primary key default gen_random_uuid(),
  notebook_id uuid not null references public.notebooks (id) on delete cascade,
  user_id uuid default auth.uid() references public.profiles (id) on delete set null,
  text text not null,
  order_index integer not null default 0,
  blocked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- replication (S3, S9): the transaction that last wrote the row, and its revision
  replication_xid xid8 not null default pg_current_xact_id(),
  server_rev integer not null default 1,
  -- hidden by a moderator (moderation.sql, admin_act): gone for everyone but admins until restored
  hidden_at timestamptz,
  constraint questions_text_min_length check (char_length(btrim(text)) >= 3)
);
create index questions_notebook_id_order_index on public.questions (notebook_id, order_index);
-- Members read (blocked ones only those who run the notebook); owners, editors and collaborators
-- add, edit and remove.
revoke all on public.questions from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.questions to authenticated, service_role;

-- The friends of a party round (guests.sql: the party's rules, replication and claim_guest), here
-- because a guest's answer names its guest.
create table public.guests (
  id uuid primary key,
  notebook_id uuid not null references public.notebooks (id) on delete cascade,
  -- null once the host's account is removed (delete_my_account): the guests' answers stay theirs
  host_id uuid default auth.uid() references public.profiles (id) on delete set null,
  name text not null,
  is_anonymous boolean not null default false,
  -- 43 base64url characters (32 random bytes) drawn on the device; the guest's answer ids are
  -- public.answer_id(question_id, answer_secret)
  answer_secret text not null,
  -- lowercase hex SHA-256 of the claim code; the code itself reaches the server only in claim_guest
  claim_hash text not null,
  claimed_by uuid references public.profiles (id) on delete set null,
  claimed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- replication (S3, S9): the transaction that last wrote the row, and its revision
  replication_xid xid8 not null default pg_current_xact_id(),
  server_rev integer not null default 1,
  constraint guests_claim_hash_unique unique (claim_hash),
  constraint guests_answer_secret_unique unique (answer_secret)
);
create index guests_host_id on public.guests (host_id);
create index guests_replication on public.guests (notebook_id, replication_xid, id);
create index guests_by_notebook_id on public.guests (notebook_id, id) include (replication_xid);
-- The host adds guests, the owner removes them; nobody updates them (claim_guest does, as the
-- owner of the function). A person reads, through the API, every column but the secrets and the
-- name: the name of an anonymous guest is the owner's alone (S5), so names travel only in the
-- pull, which masks them (private.replication_doc_guests).
revoke all on public.guests from public, anon, authenticated, service_role;
grant select (id, notebook_id, host_id, is_anonymous, claimed_at, created_at, updated_at, server_rev)
  on public.guests to authenticated;
grant insert, delete on public.guests to authenticated;
grant select, insert, update, delete on public.guests to service_role;

-- Whether the caller runs this guest's round and still may answer in its notebook. About the
-- caller only; policies of answers call it.
create or replace function private.is_my_guest(p_guest_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.guests g
     where g.id = p_guest_id and g.host_id = auth.uid()
       and public.notebook_role(g.notebook_id) in ('owner', 'editor', 'collaborator', 'viewer'))
$$;
revoke all on function private.is_my_guest(uuid) from public, anon;
grant execute on function private.is_my_guest(uuid) to authenticated, service_role;

-- Whether a moderator hid this question (issue 33): its answers are hidden with it for everyone
-- but admins (the answers' read policy, visible_answers, the pull) and it takes no new answer.
-- SECURITY DEFINER: the questions' own policy hides a hidden question from the caller.
create or replace function private.question_hidden(p_question_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.questions q where q.id = p_question_id and q.hidden_at is not null)
$$;
revoke all on function private.question_hidden(uuid) from public, anon;
grant execute on function private.question_hidden(uuid) to authenticated, service_role;


create table public.answers (
  -- Derived from (question_id, the answerer's secret) by a trigger: see public.answer_id().
  id uuid primary key,
  question_id uuid not null references public.questions (id) on delete cascade,
  notebook_id uuid not null references public.notebooks (id) on delete cascade,
  -- a person's answer: user_id; a guest's (guests.sql): guest_id; exactly one of the two
  user_id uuid default auth.uid() references public.profiles (id) on delete cascade,
  text text not null,
  is_anonymous boolean not null default false,
  responder_name text,
  moderation_status text not null default 'approved' check (moderation_status in ('pending', 'approved', 'rejected')),
  moderated_by uuid references public.profiles (id) on delete set null,
  moderated_at timestamptz,
  moderation_notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- replication (S3, S9): the transaction that last wrote the row, and its revision
  replication_xid xid8 not null default pg_current_xact_id(),
  server_rev integer not null default 1,
  -- the answerer's device clock (ms since epoch) of the last edit of text/anonymity/name (S7)
  client_clock bigint not null default 0,
  guest_id uuid references public.guests (id) on delete cascade,
  -- hidden by a moderator (moderation.sql, admin_act): gone for everyone but admins until restored
  hidden_at timestamptz,
  constraint answers_one_per_question_and_user unique (question_id, user_id),
  constraint answers_by_a_person_or_a_guest check (num_nonnulls(user_id, guest_id) = 1),
  -- S6 per guest
  constraint answers_one_per_question_and_guest unique (question_id, guest_id)
);
create index answers_notebook_id on public.answers (notebook_id);
create index answers_user_id on public.answers (user_id);
create index answers_guest_id on public.answers (guest_id) where guest_id is not null;
-- Answerers write their own, moderators update, owners and admins delete. Anonymous answers of
-- others are read through visible_answers or the pull (S5).
revoke all on public.answers from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.answers to authenticated, service_role;

create table public.notebook_shares (
  id uuid primary key default gen_random_uuid(),
  notebook_id uuid not null references public.notebooks (id) on delete cascade,
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  shared_with uuid not null references public.profiles (id) on delete cascade,
  access_level text not null default 'viewer' check (access_level in ('viewer')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- replication (S3, S9): the transaction that last wrote the row, and its revision
  replication_xid xid8 not null default pg_current_xact_id(),
  server_rev integer not null default 1,
  constraint notebook_shares_once_per_person unique (notebook_id, shared_with)
);
create index notebook_shares_shared_with on public.notebook_shares (shared_with);
-- Owners share, owners unshare and sharees leave; never updated.
revoke all on public.notebook_shares from public, anon, authenticated, service_role;
grant select, insert, delete on public.notebook_shares to authenticated;
grant select, insert, update, delete on public.notebook_shares to service_role;

create table public.notebook_collaborators (
  id uuid primary key default gen_random_uuid(),
  notebook_id uuid not null references public.notebooks (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  role text not null default 'collaborator' check (role in ('editor', 'collaborator', 'viewer')),
  status text not null default 'pending' check (status in ('pending', 'accepted')),
  invited_at timestamptz not null default now(),
  invited_by uuid default auth.uid() references public.profiles (id) on delete set null,
  accepted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- replication (S3, S9): the transaction that last wrote the row, and its revision
  replication_xid xid8 not null default pg_current_xact_id(),
  server_rev integer not null default 1,
  constraint notebook_collaborators_once_per_person unique (notebook_id, user_id)
);
create index notebook_collaborators_user_id on public.notebook_collaborators (user_id);
-- Owners and editors invite and change roles, invitees accept, anyone leaves.
revoke all on public.notebook_collaborators from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.notebook_collaborators to authenticated, service_role;

create table public.invite_links (
  id uuid primary key default gen_random_uuid(),
  notebook_id uuid not null references public.notebooks (id) on delete cascade,
  code text not null,
  status text not null default 'active' check (status in ('active', 'revoked', 'expired')),
  expires_at timestamptz,
  redeemed_count integer not null default 0,
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- replication (S3, S9): the transaction that last wrote the row, and its revision
  replication_xid xid8 not null default pg_current_xact_id(),
  server_rev integer not null default 1,
  constraint invite_links_code_format check (code ~ '^[A-Z0-9]{6,16}$'),
  constraint invite_links_code_unique unique (code)
);
create index invite_links_notebook_id on public.invite_links (notebook_id);
-- Owners only (created and redeemed through create_invite_link / redeem_invite).
revoke all on public.invite_links from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.invite_links to authenticated, service_role;

create table public.notebook_changes (
  id bigint generated always as identity primary key,
  notebook_id uuid not null references public.notebooks (id) on delete cascade,
  actor_id uuid references public.profiles (id) on delete set null,
  entity text not null check (entity in ('notebook', 'question', 'answer', 'share', 'collaborator', 'invite_link')),
  entity_id uuid,
  action text not null,
  changed_fields text[] not null default '{}',
  created_at timestamptz not null default now()
);
create index notebook_changes_notebook_id_created_at on public.notebook_changes (notebook_id, created_at desc);
-- The history, written by triggers only; read by those who run the notebook.
revoke all on public.notebook_changes from public, anon, authenticated, service_role;
grant select on public.notebook_changes to authenticated;
grant select, insert, update, delete on public.notebook_changes to service_role;
revoke all on sequence public.notebook_changes_id_seq from public, anon, authenticated, service_role;
grant usage on sequence public.notebook_changes_id_seq to service_role;

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  notebook_id uuid references public.notebooks (id) on delete cascade,
  answer_id uuid,
  -- a type code and ids (issue 31): the app writes the sentence
  type text not null constraint notifications_type_check check (type in (
    'new_answer', 'answer_pending', 'answer_approved', 'answer_rejected',
    'notebook_shared', 'collaboration_invite', 'collaboration_accepted',
    'friend_request', 'friend_accepted', 'friendship_started', 'guestbook_message', 'poll_vote', 'achievement_earned',
    'report_handled', 'content_hidden', 'content_removed', 'warning', 'content_restored')),
  -- sentences of the first version, no longer written (empty): devices read type and ids
  title text not null default '',
  message text not null default '',
  is_read boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- replication (S3, S9): the transaction that last wrote the row, and its revision
  replication_xid xid8 not null default pg_current_xact_id(),
  server_rev integer not null default 1,
  -- who did it: NULL when anonymous, a guest, or when naming them would reveal something
  actor_id uuid references public.profiles (id) on delete set null,
  -- what it is about besides a notebook: a share, a collaboration, a friend request, a guestbook
  -- message, a poll, an achievement …
  subject_id uuid,
  -- how many grouped in it (people, for new answers): private.notify_event_about
  group_count integer not null default 1 check (group_count >= 1)
);
create index notifications_recipient_id_created_at on public.notifications (recipient_id, created_at desc);
-- Written by triggers; the recipient reads, marks read and deletes.
revoke all on public.notifications from public, anon, authenticated, service_role;
grant select, update, delete on public.notifications to authenticated;
grant select, insert, update, delete on public.notifications to service_role;

-- ---------------------------------------------------------------------------------------------
-- The membership helper
-- ---------------------------------------------------------------------------------------------

-- The role of a person in a notebook. Internal code asks about anyone; see public.notebook_role.
create or replace function private.notebook_membership(p_notebook_id uuid, p_user_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when p_user_id is null or p_notebook_id is null then 'none'
    when private.account_status(p_user_id) <> 'active' then 'none'
    when exists (select 1 from public.notebooks n where n.id = p_notebook_id and n.user_id = p_user_id) then 'owner'
    else coalesce(
      (select case c.role when 'editor' then 'editor' when 'collaborator' then 'collaborator' else 'viewer' end
         from public.notebook_collaborators c
        where c.notebook_id = p_notebook_id and c.user_id = p_user_id and c.status = 'accepted'),
      (select 'viewer' from public.notebook_shares s
        where s.notebook_id = p_notebook_id and s.shared_with = p_user_id),
      (select 'invited' from public.notebook_collaborators c
        where c.notebook_id = p_notebook_id and c.user_id = p_user_id and c.status = 'pending'),
      (select 'admin' from public.user_roles r where r.user_id = p_user_id and r.role = 'admin'),
      'none')
  end
$$;
revoke all on function private.notebook_membership(uuid, uuid) from public, anon, authenticated;

-- THE membership helper every policy and trigger uses: the caller's role in a notebook. Asked as
-- RPC about someone else, it answers only to that notebook's owner, editors, collaborators and
-- admins (nobody can probe who belongs to a notebook they do not help run), and, without a user
-- id, only to the service role and internal calls with no request role at all: a visitor (anon,
-- no user id) must not learn who belongs to a notebook (tests/role-matrix.test.ts).
create or replace function public.notebook_role(p_notebook_id uuid, p_user_id uuid default auth.uid())
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when p_user_id is not distinct from auth.uid()
      then private.notebook_membership(p_notebook_id, p_user_id)
    when auth.uid() is null and coalesce(auth.role(), 'service_role') = 'service_role'
      then private.notebook_membership(p_notebook_id, p_user_id)
    when auth.uid() is not null
         and private.notebook_membership(p_notebook_id, auth.uid()) in ('owner', 'editor', 'collaborator', 'admin')
      then private.notebook_membership(p_notebook_id, p_user_id)
    else 'none'
  end
$$;
comment on function public.notebook_role(uuid, uuid) is
  'owner | editor | collaborator | viewer | invited | admin | none — the one membership check every policy uses.';
-- Every notebook policy and visible_answers call it as the signed-in caller; the service role asks
-- it about anyone (achievement-manager). A visitor has no role.
revoke all on function public.notebook_role(uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function public.notebook_role(uuid, uuid) to authenticated, service_role;

-- Who may add people to a notebook: one home for the rule, used by the insert policies of shares
-- and collaborators and by the "05" triggers that run it before anything about the person named
-- (no membership oracle, issue 17).
create or replace function private.may_share(p_notebook_id uuid, p_user_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.notebook_membership(p_notebook_id, p_user_id) = 'owner'
$$;
revoke all on function private.may_share(uuid, uuid) from public, anon, authenticated;
-- The insert policy of shares and trigger "05" ask it about the caller.
create or replace function private.may_share(p_notebook_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.may_share(p_notebook_id, auth.uid())
$$;
grant execute on function private.may_share(uuid) to anon, authenticated, service_role;

create or replace function private.may_invite_collaborators(p_notebook_id uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select public.notebook_role(p_notebook_id) in ('owner', 'editor')
$$;
grant execute on function private.may_invite_collaborators(uuid) to anon, authenticated, service_role;

-- Two people are notebook companions when both belong to one notebook (owner, collaborator,
-- invitee or sharee): they may read each other's profile even when it is private.
create or replace function private.is_notebook_companion(p_other uuid, p_user_id uuid default auth.uid())
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  with mine as (
    select n.id as notebook_id from public.notebooks n where n.user_id = p_user_id
    union select c.notebook_id from public.notebook_collaborators c where c.user_id = p_user_id
    union select s.notebook_id from public.notebook_shares s where s.shared_with = p_user_id
  )
  select p_user_id is not null and p_other is not null and (
       exists (select 1 from mine m join public.notebooks n on n.id = m.notebook_id where n.user_id = p_other)
    or exists (select 1 from mine m join public.notebook_collaborators c on c.notebook_id = m.notebook_id where c.user_id = p_other)
    or exists (select 1 from mine m join public.notebook_shares s on s.notebook_id = m.notebook_id where s.shared_with = p_other)
  )
$$;
grant execute on function private.is_notebook_companion(uuid, uuid) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Deterministic answer ids (ARCHITECTURE S6, S5)
-- ---------------------------------------------------------------------------------------------

-- The id of the answer a person with this secret gives to this question: the first 16 bytes of
-- SHA-256("<secret>:<question_id>") as a version-8 UUID. Clients compute the same with WebCrypto:
--   h = sha256(utf8(secret + ':' + questionId)); h[6] = (h[6] & 0x0f) | 0x80; h[8] = (h[8] & 0x3f) | 0x80
-- Two devices of one person answering offline produce the same id; nobody without the secret
-- can link the id to the person.
create or replace function public.answer_id(p_question_id uuid, p_secret text)
returns uuid
language plpgsql
immutable
set search_path = ''
as $$
declare
  h bytea := substring(sha256(convert_to(p_secret || ':' || p_question_id::text, 'UTF8')) from 1 for 16);
begin
  h := set_byte(h, 6, (get_byte(h, 6) & 15) | 128);
  h := set_byte(h, 8, (get_byte(h, 8) & 63) | 128);
  return encode(h, 'hex')::uuid;
end
$$;
-- The S6 derivation, used inside the server only (clients compute it themselves, or ask
-- my_answer_id): not an RPC.
revoke all on function public.answer_id(uuid, text) from public, anon, authenticated, service_role;

create or replace function private.answer_id_for(p_question_id uuid, p_user_id uuid)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select public.answer_id(p_question_id, s.answer_secret) from public.user_settings s where s.user_id = p_user_id
$$;
revoke all on function private.answer_id_for(uuid, uuid) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- The time a person wrote something (notebooks, questions, answers)
-- ---------------------------------------------------------------------------------------------

-- A notebook, question or answer written offline may reach the server hours later; stamped with
-- its arrival, every device would show, and list answers by, the time of the push (issue 16,
-- defect 6). So created_at is the time the person wrote it, as their device says, within bounds
-- the server sets:
--
--   never after the server's now()   nothing is written after it reached the server; a device
--                                    whose clock runs ahead gets the server's time (no skew is
--                                    allowed: a time from the future would sort before the
--                                    answers really written after it)
--   never before what it belongs to  an answer not before its question, a question not before
--                                    its notebook, and nothing before its writer's account
--
-- A time outside the bounds is moved to the nearest bound, not refused: a phone with a wrong
-- clock must not lose what its person wrote (S8). A time that is not a time at all ("ontem") is
-- refused as 'validation', per row. The server's own writes (seeds, service role: no auth.uid())
-- say their own time.
--
-- A new row's updated_at is its created_at: it was last changed when it was written. After
-- that, updated_at stays the server's change time ("90 updated_at is stamped"), and replication
-- keeps its own clock (transaction ids, server_rev: S3, S9), none of which a device sets.
--
-- A rejected answer edited by its author is recreated as pending (spec §4): its created_at is
-- the time of that edit as the answerer's device wrote it (client_clock, S7), within the same
-- bounds (not before the answer itself).

-- THE rule, one home: a claimed time, bounded.
create or replace function private.time_written(p_claimed timestamptz, p_not_before timestamptz)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  -- greatest() skips a null bound; a missing claim is now
  select greatest(least(coalesce(p_claimed, now()), now()), p_not_before)
$$;
revoke all on function private.time_written(timestamptz, timestamptz) from public, anon, authenticated;

-- "06 a new row keeps the time it was written": the claimed created_at, bounded; updated_at
-- the same. Runs for the people's own writes (pushes and REST inserts alike).
create or replace function private.keep_time_written()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  not_before timestamptz;
begin
  if auth.uid() is null then
    return new;
  end if;
  select p.created_at into not_before from public.profiles p where p.id = auth.uid();
  if tg_table_name = 'questions' then
    not_before := greatest(not_before, (select n.created_at from public.notebooks n where n.id = new.notebook_id));
  elsif tg_table_name = 'answers' then
    not_before := greatest(not_before, (select q.created_at from public.questions q where q.id = new.question_id));
  end if;
  new.created_at := private.time_written(new.created_at, not_before);
  new.updated_at := new.created_at;
  return new;
end
$$;

create trigger "06 a new row keeps the time it was written" before insert on public.notebooks
  for each row execute function private.keep_time_written();
create trigger "06 a new row keeps the time it was written" before insert on public.questions
  for each row execute function private.keep_time_written();
create trigger "06 a new row keeps the time it was written" before insert on public.answers
  for each row execute function private.keep_time_written();

-- ---------------------------------------------------------------------------------------------
-- Notebook rules
-- ---------------------------------------------------------------------------------------------

-- "10 notebook fields are validated": title of at least 3 characters (title_too_short); the author
-- label defaults to 'Usuário'; no forbidden words in any text that changed (title, description,
-- author, cover).
create or replace function private.validate_notebook()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  is_new boolean := tg_op = 'INSERT';
begin
  if char_length(btrim(coalesce(new.title, ''))) < 3 then
    raise exception using errcode = '23514', message = 'O título deve ter pelo menos 3 caracteres.', hint = 'title_too_short';
  end if;
  if new.author is null or btrim(new.author) = '' then
    new.author := 'Usuário';
  end if;
  perform private.assert_no_forbidden_words(
    case when is_new or new.title is distinct from old.title then new.title end,
    case when is_new or new.description is distinct from old.description then new.description end,
    case when is_new or new.author is distinct from old.author then new.author end,
    case when is_new or new.cover is distinct from old.cover then new.cover ->> 'title' end,
    case when is_new or new.cover is distinct from old.cover then new.cover ->> 'subtitle' end);
  return new;
end
$$;

-- "20 notebook fields are protected": the owner never changes; collaborators may edit the text of
-- a notebook but not its appearance (theme, paper, border, cover) nor its settings.
create or replace function private.protect_notebook()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.id is distinct from old.id or new.user_id is distinct from old.user_id
     or new.created_at is distinct from old.created_at then
    raise exception using errcode = '42501', message = 'A notebook''s owner cannot change.', hint = 'not_allowed';
  end if;
  if auth.uid() is not null
     and public.notebook_role(old.id) not in ('owner', 'editor')
     and (new.theme, new.paper_style, new.sticker_border, new.cover, new.pre_moderation_enabled, new.is_shared)
         is distinct from
         (old.theme, old.paper_style, old.sticker_border, old.cover, old.pre_moderation_enabled, old.is_shared) then
    raise exception using errcode = '42501',
      message = 'Only the owner and editors can change the appearance or settings of a notebook.', hint = 'not_allowed';
  end if;
  return new;
end
$$;

create trigger "00 banned or deleted accounts cannot write" before insert or update or delete on public.notebooks
  for each row execute function private.refuse_inactive_writer();
create trigger "01 an update that changes nothing does nothing" before update on public.notebooks
  for each row execute function private.skip_unchanged_update('updated_at');
create trigger "10 notebook fields are validated" before insert or update on public.notebooks
  for each row execute function private.validate_notebook();
create trigger "20 notebook fields are protected" before update on public.notebooks
  for each row execute function private.protect_notebook();
create trigger "90 updated_at is stamped" before update on public.notebooks
  for each row execute function private.stamp_updated_at();

-- ---------------------------------------------------------------------------------------------
-- Favorites
-- ---------------------------------------------------------------------------------------------

create trigger "00 banned or deleted accounts cannot write" before insert or update or delete on public.favorites
  for each row execute function private.refuse_inactive_writer();

-- ---------------------------------------------------------------------------------------------
-- Question rules
-- ---------------------------------------------------------------------------------------------

-- "10 question text is validated": at least 3 characters (question_too_short), no forbidden words.
create or replace function private.validate_question()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if char_length(btrim(coalesce(new.text, ''))) < 3 then
    raise exception using errcode = '23514', message = 'A pergunta deve ter pelo menos 3 caracteres.', hint = 'question_too_short';
  end if;
  if tg_op = 'INSERT' or new.text is distinct from old.text then
    perform private.assert_no_forbidden_words(new.text);
  end if;
  return new;
end
$$;

-- "15 a new question goes to the end": order_index = highest + 1, or 0 for the first question.
-- Concurrent inserts into one notebook are serialised by an advisory lock on the notebook. A
-- question created already blocked (offline, then pushed) keeps the flag — if its author may block.
create or replace function private.place_new_question()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtextextended('questions:' || new.notebook_id::text, 0));
  select coalesce(max(q.order_index) + 1, 0) into new.order_index
    from public.questions q where q.notebook_id = new.notebook_id;
  if auth.uid() is not null then
    new.user_id := auth.uid();
    if new.blocked and public.notebook_role(new.notebook_id) not in ('owner', 'editor') then
      raise exception using errcode = '42501', message = 'Only the owner and editors can block questions.', hint = 'not_allowed';
    end if;
  end if;
  return new;
end
$$;

-- "20 question fields are protected": a question stays in its notebook with its author; only the
-- owner and editors block or unblock it.
create or replace function private.protect_question()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.id is distinct from old.id or new.notebook_id is distinct from old.notebook_id
     or new.user_id is distinct from old.user_id or new.created_at is distinct from old.created_at then
    raise exception using errcode = '42501', message = 'A question cannot move to another notebook.', hint = 'not_allowed';
  end if;
  if new.blocked is distinct from old.blocked and auth.uid() is not null
     and public.notebook_role(old.notebook_id) not in ('owner', 'editor') then
    raise exception using errcode = '42501', message = 'Only the owner and editors can block questions.', hint = 'not_allowed';
  end if;
  return new;
end
$$;

create trigger "00 banned or deleted accounts cannot write" before insert or update or delete on public.questions
  for each row execute function private.refuse_inactive_writer();
create trigger "01 an update that changes nothing does nothing" before update on public.questions
  for each row execute function private.skip_unchanged_update('updated_at');
create trigger "10 question text is validated" before insert or update on public.questions
  for each row execute function private.validate_question();
create trigger "15 a new question goes to the end" before insert on public.questions
  for each row execute function private.place_new_question();
create trigger "20 question fields are protected" before update on public.questions
  for each row execute function private.protect_question();
create trigger "90 updated_at is stamped" before update on public.questions
  for each row execute function private.stamp_updated_at();

-- ---------------------------------------------------------------------------------------------
-- Answer rules
-- ---------------------------------------------------------------------------------------------

-- "05 a new answer is placed by the server": the notebook comes from the question; the author is
-- the caller; the id is derived (S6); the moderation state is decided here, never by the
-- answerer: pending when the notebook has pre-moderation and the answerer is not its owner.
-- created_at and updated_at are left to "06 a new row keeps the time it was written".
-- A guest's answer (guests.sql) is written by the guest's host, with user_id null, the id derived
-- from the guest's secret, the anonymity from the guest row and the name only when the guest is
-- not anonymous (S5: an anonymous guest's name stays in guests.name); pending with pre-moderation
-- (a guest is never the owner). A guest's answer whose id left a tombstone (claimed, or removed by
-- the owner) is not written again: a replayed push changes nothing (S9).
-- claim_guest moves a guest's answer to the person claiming it (cadernos.claiming_guest = 'on'):
-- then the text, anonymity and moderation are kept as they were, and access was settled by the
-- claim.
create or replace function private.place_new_answer()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  q record;
  n record;
  g public.guests;
  role text;
  claiming boolean := coalesce(current_setting('cadernos.claiming_guest', true), '') = 'on';
begin
  select qq.notebook_id, qq.blocked, qq.hidden_at into q from public.questions qq where qq.id = new.question_id;
  -- a question a moderator hid takes no new answer (issue 33): the same answer as a removed one
  if not found or (q.hidden_at is not null and not claiming) then
    raise exception using errcode = '23503', message = 'This question no longer exists.', hint = 'not_found';
  end if;
  new.notebook_id := q.notebook_id;
  if new.guest_id is not null then
    g := private.guest_for_answer(new.guest_id);
    if g.notebook_id <> new.notebook_id then
      raise exception using errcode = '42501', message = 'A guest answers in the notebook of their round only.', hint = 'not_allowed';
    end if;
    if auth.uid() is not null and g.host_id <> auth.uid() then
      raise exception using errcode = '42501', message = 'Only the person who ran the round writes its guests'' answers.', hint = 'not_allowed';
    end if;
    new.user_id := null;
    new.is_anonymous := g.is_anonymous;
    new.responder_name := case when g.is_anonymous then null else g.name end;
  elsif auth.uid() is not null then
    if new.user_id is null then
      new.user_id := auth.uid();
    elsif new.user_id <> auth.uid() then
      raise exception using errcode = '42501', message = 'You can only answer as yourself.', hint = 'not_allowed';
    end if;
  end if;
  if auth.uid() is not null and not claiming then
    role := public.notebook_role(new.notebook_id);
    if role not in ('owner', 'editor', 'collaborator', 'viewer') then
      raise exception using errcode = '42501', message = 'You do not have access to this notebook.', hint = 'not_allowed';
    end if;
    if q.blocked and role = 'viewer' then
      raise exception using errcode = '42501', message = 'This question is blocked.', hint = 'not_allowed';
    end if;
  end if;
  if new.guest_id is not null then
    new.id := public.answer_id(new.question_id, g.answer_secret);
    if exists (select 1 from private.replication_tombstones t where t.collection = 'answers' and t.id = new.id) then
      -- A guest's answer that was claimed (moved to its person) or removed by the owner, pushed
      -- again: a replay (S9). Only the host writes a guest's answers, and only during the turn,
      -- so nothing new is lost: the deletion stands and reaches the device on its next pull.
      return null;
    end if;
  else
    new.id := private.answer_id_for(new.question_id, new.user_id);
  end if;
  if claiming then
    return new;
  end if;
  select nb.user_id, nb.pre_moderation_enabled into n from public.notebooks nb where nb.id = new.notebook_id;
  new.moderation_status := case when n.pre_moderation_enabled and new.user_id is distinct from n.user_id then 'pending' else 'approved' end;
  new.moderated_by := null;
  new.moderated_at := null;
  new.moderation_notes := null;
  return new;
end
$$;

-- "10 answer text is validated": not empty (answer_empty); no forbidden words in the text or
-- responder name.
create or replace function private.validate_answer()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if btrim(coalesce(new.text, '')) = '' then
    raise exception using errcode = '23514', message = 'A resposta não pode ficar vazia.', hint = 'answer_empty';
  end if;
  if tg_op = 'INSERT' or new.text is distinct from old.text or new.responder_name is distinct from old.responder_name then
    perform private.assert_no_forbidden_words(new.text, new.responder_name);
  end if;
  return new;
end
$$;

-- "20 answer fields have owners" (S7): the answerer owns text, is_anonymous and responder_name;
-- the owner, editors and collaborators own the moderation fields (moderated_by and moderated_at
-- are set here). An answerer's edit under pre-moderation returns to pending; a rejected answer
-- edited by its author is recreated as pending (spec §4), at the time its author wrote the edit
-- (client_clock, bounded by private.time_written), not at its arrival.
create or replace function private.protect_answer()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  answer_changed boolean;
  moderation_changed boolean;
  n record;
  edit_written timestamptz;
begin
  if new.id is distinct from old.id or new.question_id is distinct from old.question_id
     or new.notebook_id is distinct from old.notebook_id or new.user_id is distinct from old.user_id then
    raise exception using errcode = '42501',
      message = 'An answer cannot move to another question, notebook or person.', hint = 'not_allowed';
  end if;
  answer_changed := (new.text, new.is_anonymous, new.responder_name)
                    is distinct from (old.text, old.is_anonymous, old.responder_name);
  moderation_changed := (new.moderation_status, new.moderation_notes, new.moderated_by, new.moderated_at)
                        is distinct from (old.moderation_status, old.moderation_notes, old.moderated_by, old.moderated_at);
  new.created_at := old.created_at;

  if moderation_changed then
    if uid is not null and public.notebook_role(old.notebook_id, uid) not in ('owner', 'editor', 'collaborator') then
      raise exception using errcode = '42501',
        message = 'Only the notebook owner and collaborators can moderate answers.', hint = 'not_allowed';
    end if;
    new.moderated_by := coalesce(uid, new.moderated_by);
    new.moderated_at := now();
  end if;

  if answer_changed then
    if uid is not null and uid <> old.user_id then
      raise exception using errcode = '42501',
        message = 'Only the person who wrote an answer can change it.', hint = 'not_allowed';
    end if;
    select nb.user_id, nb.pre_moderation_enabled into n from public.notebooks nb where nb.id = old.notebook_id;
    if old.moderation_status = 'rejected' and not moderation_changed then
      -- resubmission of a rejected answer: recreated, pending, at the time the edit was written
      -- (the device's clock of the edit, ms; an update that brings no newer clock was written now)
      if uid is not null and new.client_clock > old.client_clock then
        edit_written := to_timestamp(greatest(least(new.client_clock, extract(epoch from now()) * 1000), 0) / 1000.0);
      end if;
      new.moderation_status := 'pending';
      new.moderated_by := null;
      new.moderated_at := null;
      new.moderation_notes := null;
      new.created_at := private.time_written(edit_written, old.created_at);
    elsif n.pre_moderation_enabled and old.user_id <> n.user_id and not moderation_changed then
      new.moderation_status := 'pending';
      new.moderated_by := null;
      new.moderated_at := null;
      new.moderation_notes := null;
    end if;
  end if;
  return new;
end
$$;

create trigger "00 banned or deleted accounts cannot write" before insert or update or delete on public.answers
  for each row execute function private.refuse_inactive_writer();
create trigger "01 an update that changes nothing does nothing" before update on public.answers
  for each row execute function private.skip_unchanged_update('updated_at');
create trigger "05 a new answer is placed by the server" before insert on public.answers
  for each row execute function private.place_new_answer();
create trigger "10 answer text is validated" before insert or update on public.answers
  for each row execute function private.validate_answer();
create trigger "20 answer fields have owners" before update on public.answers
  for each row execute function private.protect_answer();
create trigger "90 updated_at is stamped" before update on public.answers
  for each row execute function private.stamp_updated_at();

-- Every answer the caller may read, with the identity of anonymous answers (user_id and
-- responder_name) left out for everyone but the notebook owner and the answerer (spec §1, S5).
-- A guest's name reaches the owner always, everyone else only when the guest is not anonymous;
-- guest_id the owner and the host always, everyone else only when not anonymous. The host reads
-- their guests' answers while pending, as an answerer reads their own.
-- The answers table itself returns anonymous answers only to those two; collaborators, editors,
-- sharees and admins read them here, or through the replication pull, which masks the same way.
create or replace view public.visible_answers
with (security_barrier = true)
as
select a.id,
       a.question_id,
       a.notebook_id,
       case when reveal then a.user_id end as user_id,
       a.text,
       a.is_anonymous,
       case when a.guest_id is null then case when reveal then a.responder_name end
            when r.role = 'owner' then g.name
            when not a.is_anonymous then a.responder_name end as responder_name,
       a.moderation_status,
       a.moderated_by,
       a.moderated_at,
       a.moderation_notes,
       a.created_at,
       a.updated_at,
       case when reveal or host then a.guest_id end as guest_id
  from public.answers a
  left join public.guests g on g.id = a.guest_id
  cross join lateral (select public.notebook_role(a.notebook_id) as role) r
  cross join lateral (select (not a.is_anonymous or a.user_id = auth.uid() or r.role = 'owner') as reveal,
                             coalesce(g.host_id = auth.uid(), false) as host) v
 where ((a.hidden_at is null and not private.question_hidden(a.question_id)) or public.is_admin())
   and (a.user_id = auth.uid()
        or r.role in ('owner', 'editor', 'collaborator', 'admin')
        or (r.role = 'viewer' and (a.moderation_status = 'approved' or host)));
-- It filters by auth.uid() itself, so only a signed-in person has a use for it: not visitors, not
-- the service role (no user: it would always be empty). Read only.
revoke all on public.visible_answers from public, anon, authenticated, service_role;
grant select on public.visible_answers to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Share and collaboration rules
-- ---------------------------------------------------------------------------------------------

-- "05 only people who may add someone reach the checks": Postgres runs BEFORE triggers ahead of
-- the policies' WITH CHECK, so without it "10 a share is validated" answered 'already_has_access'
-- (409) to anyone — signed out too — who named a member, and the policy's refusal to anyone who
-- named someone else: a membership oracle (issue 17). It refuses people the policy would refuse,
-- with the policy's own error, before the validation runs.
-- SECURITY INVOKER on purpose: row_security_active() then speaks of the caller. Inside SECURITY
-- DEFINER code (redeem_invite) and for the service role no policy applies, so neither does this.
create or replace function private.refuse_who_may_not_add_people()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not row_security_active(tg_relid::regclass) then
    return new;
  end if;
  if (tg_table_name = 'notebook_shares' and not private.may_share(new.notebook_id))
     or (tg_table_name = 'notebook_collaborators' and not private.may_invite_collaborators(new.notebook_id)) then
    raise exception using errcode = '42501',
      message = format('new row violates row-level security policy for table "%s"', tg_table_name);
  end if;
  return new;
end
$$;
grant execute on function private.refuse_who_may_not_add_people() to anon, authenticated, service_role;

create trigger "05 only people who may add someone reach the checks" before insert on public.notebook_shares
  for each row execute function private.refuse_who_may_not_add_people();
create trigger "05 only people who may add someone reach the checks" before insert on public.notebook_collaborators
  for each row execute function private.refuse_who_may_not_add_people();

-- "10 a share is validated": nobody shares with themselves ('you cannot invite yourself') or with
-- someone who already has access (the owner, a sharee, a collaborator).
create or replace function private.validate_share()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner uuid;
begin
  new.access_level := 'viewer';
  select n.user_id into owner from public.notebooks n where n.id = new.notebook_id;
  new.created_by := owner; -- a share is always given by the owner (directly or through an invite link)
  if new.shared_with = owner and auth.uid() = owner then
    raise exception using errcode = '23514', message = 'you cannot invite yourself', hint = 'invite_self';
  end if;
  if new.shared_with = owner
     or exists (select 1 from public.notebook_shares s where s.notebook_id = new.notebook_id and s.shared_with = new.shared_with)
     or exists (select 1 from public.notebook_collaborators c
                 where c.notebook_id = new.notebook_id and c.user_id = new.shared_with and c.status = 'accepted') then
    raise exception using errcode = '23505', message = 'This person already has access to this notebook.', hint = 'already_has_access';
  end if;
  return new;
end
$$;

create trigger "00 banned or deleted accounts cannot write" before insert or update or delete on public.notebook_shares
  for each row execute function private.refuse_inactive_writer();
create trigger "10 a share is validated" before insert on public.notebook_shares
  for each row execute function private.validate_share();

-- "10 a collaboration invite is validated": pending until the invitee accepts; nobody invites
-- themselves, the owner, or a current collaborator; only the owner makes someone an editor.
create or replace function private.validate_collaboration_invite()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner uuid;
begin
  new.status := 'pending';
  new.invited_at := now();
  new.accepted_at := null;
  new.invited_by := coalesce(auth.uid(), new.invited_by);
  select n.user_id into owner from public.notebooks n where n.id = new.notebook_id;
  if new.user_id = new.invited_by then
    raise exception using errcode = '23514', message = 'you cannot invite yourself', hint = 'invite_self';
  end if;
  if new.user_id = owner
     or exists (select 1 from public.notebook_collaborators c where c.notebook_id = new.notebook_id and c.user_id = new.user_id) then
    raise exception using errcode = '23505', message = 'This person already has access to this notebook.', hint = 'already_has_access';
  end if;
  if new.role = 'editor' and auth.uid() is not null and public.notebook_role(new.notebook_id) <> 'owner' then
    raise exception using errcode = '42501', message = 'Only the owner can make someone an editor.', hint = 'not_allowed';
  end if;
  return new;
end
$$;

-- "20 collaboration fields are protected": the invitee only accepts (pending → accepted); the
-- owner and editors only change the role (editor granted by the owner alone).
create or replace function private.protect_collaboration()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
begin
  if (new.id, new.notebook_id, new.user_id, new.invited_at, new.invited_by, new.created_at)
     is distinct from (old.id, old.notebook_id, old.user_id, old.invited_at, old.invited_by, old.created_at) then
    raise exception using errcode = '42501', message = 'A collaboration invite cannot be moved.', hint = 'not_allowed';
  end if;
  if uid is null then
    return new;
  end if;
  if new.status is distinct from old.status then
    if uid <> old.user_id or not (old.status = 'pending' and new.status = 'accepted') then
      raise exception using errcode = '42501', message = 'Only the invited person can accept an invitation.', hint = 'not_allowed';
    end if;
    new.accepted_at := now();
  elsif new.accepted_at is distinct from old.accepted_at then
    new.accepted_at := old.accepted_at;
  end if;
  if new.role is distinct from old.role then
    if uid = old.user_id or public.notebook_role(old.notebook_id) not in ('owner', 'editor') then
      raise exception using errcode = '42501', message = 'Only the owner and editors change roles.', hint = 'not_allowed';
    end if;
    if (new.role = 'editor' or old.role = 'editor') and public.notebook_role(old.notebook_id) <> 'owner' then
      raise exception using errcode = '42501', message = 'Only the owner can make someone an editor.', hint = 'not_allowed';
    end if;
  end if;
  return new;
end
$$;

create trigger "00 banned or deleted accounts cannot write" before insert or update or delete on public.notebook_collaborators
  for each row execute function private.refuse_inactive_writer();
create trigger "01 an update that changes nothing does nothing" before update on public.notebook_collaborators
  for each row execute function private.skip_unchanged_update('updated_at');
create trigger "10 a collaboration invite is validated" before insert on public.notebook_collaborators
  for each row execute function private.validate_collaboration_invite();
create trigger "20 collaboration fields are protected" before update on public.notebook_collaborators
  for each row execute function private.protect_collaboration();
create trigger "90 updated_at is stamped" before update on public.notebook_collaborators
  for each row execute function private.stamp_updated_at();

-- "20 invite links only move from active": revoked and expired links stay so; the code and the
-- notebook never change.
create or replace function private.protect_invite_link()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.code := upper(btrim(new.code));
    new.status := 'active';
    new.redeemed_count := 0;
    return new;
  end if;
  if (new.id, new.notebook_id, new.code, new.created_by, new.created_at)
     is distinct from (old.id, old.notebook_id, old.code, old.created_by, old.created_at) then
    raise exception using errcode = '42501', message = 'An invite link''s code cannot change.', hint = 'not_allowed';
  end if;
  if new.status is distinct from old.status and old.status <> 'active' then
    raise exception using errcode = '23514', message = 'Invalid or expired invitation.', hint = 'invite_invalid';
  end if;
  return new;
end
$$;

create trigger "00 banned or deleted accounts cannot write" before insert or update or delete on public.invite_links
  for each row execute function private.refuse_inactive_writer();
create trigger "01 an update that changes nothing does nothing" before update on public.invite_links
  for each row execute function private.skip_unchanged_update('updated_at');
create trigger "20 invite links only move from active" before insert or update on public.invite_links
  for each row execute function private.protect_invite_link();
create trigger "90 updated_at is stamped" before update on public.invite_links
  for each row execute function private.stamp_updated_at();

-- ---------------------------------------------------------------------------------------------
-- Notifications
-- ---------------------------------------------------------------------------------------------

-- "20 only the read flag of a notification changes": the recipient changes is_read, nothing else;
-- private.notify_event_about updates a grouped notification (cadernos.notifying, while it does).
create or replace function private.protect_notification()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if auth.uid() is not null
     and coalesce(current_setting('cadernos.notifying', true), '') <> 'on'
     and (to_jsonb(new) - 'is_read' - 'updated_at') is distinct from (to_jsonb(old) - 'is_read' - 'updated_at') then
    raise exception using errcode = '42501', message = 'Only the read flag of a notification can change.', hint = 'not_allowed';
  end if;
  return new;
end
$$;


create trigger "00 banned or deleted accounts cannot write" before insert or update or delete on public.notifications
  for each row execute function private.refuse_inactive_writer();
create trigger "01 an update that changes nothing does nothing" before update on public.notifications
  for each row execute function private.skip_unchanged_update('updated_at');
create trigger "20 only the read flag of a notification changes" before update on public.notifications
  for each row execute function private.protect_notification();
create trigger "90 updated_at is stamped" before update on public.notifications
  for each row execute function private.stamp_updated_at();

-- How a person is named in a notification of the first version (delete_my_account finds those).
create or replace function private.person_label(p_user_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(nullif(btrim(p.display_name), ''), p.username, 'Alguém') from public.profiles p where p.id = p_user_id
$$;

-- Who was counted in a grouped notification (issue 31): group_count of a new answer counts
-- people, not answers — 30 friends answering 20 questions each make "30 pessoas responderam".
-- An anonymous answerer is counted here under their own id (or a guest's), never named in
-- public.notifications; private, deleted with the notification or the person's account.
create table private.notification_people (
  notification_id uuid not null references public.notifications (id) on delete cascade,
  person_key uuid not null,
  primary key (notification_id, person_key)
);
revoke all on private.notification_people from public, anon, authenticated, service_role;

-- A notification is a type code and ids (issue 31; the app writes the sentence): p_actor is who did
-- it (NULL when anonymous, a guest, or when naming them would reveal something), p_notebook and
-- p_subject what it is about. Nobody is notified when inactive, of what they did themselves, or
-- about someone on the other side of a block (p_person: the one who acted, also when not named).
-- Grouping: an unread notification of the same type on the same notebook (or, with no notebook,
-- the same subject) becomes the newest (actor = the latest, created_at = now) and counts one more
-- (when p_count_people, one more person: p_person not counted before) instead of a new row.
create or replace function private.notify_event_about(
  p_recipient uuid, p_type text, p_actor uuid, p_notebook uuid, p_subject uuid,
  p_answer uuid, p_person uuid, p_count_people boolean)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  existing uuid;
  counted boolean := true;
  person uuid := coalesce(p_person, p_actor);
begin
  if p_recipient is null or private.account_status(p_recipient) <> 'active'
     or p_recipient = person or p_recipient = p_actor
     or (person is not null and private.is_blocked_between(p_recipient, person))
     or (p_actor is not null and p_actor is distinct from person and private.is_blocked_between(p_recipient, p_actor)) then
    return;
  end if;
  if p_notebook is not null or p_subject is not null then
    perform pg_advisory_xact_lock(hashtextextended(
      'notification ' || p_recipient::text || ' ' || p_type || ' ' || coalesce(p_notebook, p_subject)::text, 0));
    select x.id into existing from public.notifications x
     where x.recipient_id = p_recipient and x.type = p_type and not x.is_read
       and case when p_notebook is not null then x.notebook_id = p_notebook
                else x.notebook_id is null and x.subject_id = p_subject end
     order by x.created_at desc
     limit 1
     for update;
  end if;
  if existing is not null then
    if p_count_people and person is not null then
      insert into private.notification_people (notification_id, person_key) values (existing, person)
        on conflict do nothing;
      counted := found;
    end if;
    perform set_config('cadernos.notifying', 'on', true);
    update public.notifications x
       set group_count = x.group_count + case when counted then 1 else 0 end,
           actor_id = p_actor,
           subject_id = coalesce(p_subject, x.subject_id),
           answer_id = coalesce(p_answer, x.answer_id),
           created_at = now()
     where x.id = existing;
    perform set_config('cadernos.notifying', '', true);
  else
    insert into public.notifications (recipient_id, type, actor_id, notebook_id, subject_id, answer_id)
    values (p_recipient, p_type, p_actor, p_notebook, p_subject, p_answer)
    returning id into existing;
    if p_count_people and person is not null then
      insert into private.notification_people (notification_id, person_key) values (existing, person);
    end if;
  end if;
end
$$;
revoke all on function private.notify_event_about(uuid, text, uuid, uuid, uuid, uuid, uuid, boolean) from public, anon, authenticated;

-- The one function every part of the product calls (CONTRACTS.md, 2026-11-28).
create or replace function private.notify_event(p_recipient uuid, p_type text, p_actor uuid, p_notebook uuid, p_subject uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.notify_event_about(p_recipient, p_type, p_actor, p_notebook, p_subject, null, p_actor, false);
end
$$;
revoke all on function private.notify_event(uuid, text, uuid, uuid, uuid) from public, anon, authenticated;

-- Notifications about answers never name an anonymous answerer, whoever receives them (actor_id
-- NULL; the answerer is counted and judged for blocks, privately). A guest's answer notifies the
-- owner and the moderators like anyone's (no actor: the app names a guest from the answer it
-- holds); approvals and rejections go to nobody (a guest has no account) and name no moderator.
-- An answer moved by claim_guest was notified when the guest wrote it: nothing again.
create or replace function private.notify_about_answer()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  n record;
  actor uuid;
  person uuid := coalesce(new.user_id, new.guest_id);
  moderator uuid;
begin
  if coalesce(current_setting('cadernos.claiming_guest', true), '') = 'on' then
    return null;
  end if;
  select nb.id, nb.user_id into n from public.notebooks nb where nb.id = new.notebook_id;
  if not found then
    return null;
  end if;
  actor := case when new.is_anonymous then null else new.user_id end;

  if new.moderation_status = 'pending'
     and (tg_op = 'INSERT' or old.moderation_status is distinct from 'pending') then
    for moderator in
      select n.user_id
      union
      select c.user_id from public.notebook_collaborators c
       where c.notebook_id = n.id and c.status = 'accepted' and c.role in ('editor', 'collaborator')
    loop
      if moderator is distinct from new.user_id then
        perform private.notify_event_about(moderator, 'answer_pending', actor, n.id, null, new.id, person, false);
      end if;
    end loop;
  elsif tg_op = 'INSERT' and new.user_id is distinct from n.user_id then
    perform private.notify_event_about(n.user_id, 'new_answer', actor, n.id, null, new.id, person, true);
  end if;

  if tg_op = 'UPDATE' and new.moderation_status is distinct from old.moderation_status
     and new.moderation_status in ('approved', 'rejected')
     and new.moderated_by is distinct from new.user_id then
    perform private.notify_event_about(new.user_id, 'answer_' || new.moderation_status, null, n.id, null, new.id,
      new.moderated_by, false);
  end if;
  return null;
end
$$;

create trigger "notifications are sent about answers" after insert or update on public.answers
  for each row execute function private.notify_about_answer();

create or replace function private.notify_about_share()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner uuid;
begin
  select nb.user_id into owner from public.notebooks nb where nb.id = new.notebook_id;
  if new.shared_with is distinct from auth.uid() then
    perform private.notify_event(new.shared_with, 'notebook_shared', owner, new.notebook_id, new.id);
  end if;
  return null;
end
$$;

create trigger "a notification is sent about a share" after insert on public.notebook_shares
  for each row execute function private.notify_about_share();

create or replace function private.notify_about_collaboration()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner uuid;
begin
  select nb.user_id into owner from public.notebooks nb where nb.id = new.notebook_id;
  if tg_op = 'INSERT' then
    perform private.notify_event(new.user_id, 'collaboration_invite', coalesce(new.invited_by, owner), new.notebook_id, new.id);
  elsif new.status = 'accepted' and old.status = 'pending' then
    perform private.notify_event(coalesce(new.invited_by, owner), 'collaboration_accepted', new.user_id, new.notebook_id, new.id);
  end if;
  return null;
end
$$;

create trigger "a notification is sent about a collaboration" after insert or update on public.notebook_collaborators
  for each row execute function private.notify_about_collaboration();

-- "a removed account is named in no notification" (issue 31): before a profile becomes a removed
-- account (delete_my_account, while the person may still write), the notifications whose actor
-- they are go — a group of several keeps its count and names nobody — and the private record of
-- whom a group counted forgets them.
create or replace function private.forget_notification_actor()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.notifications x where x.actor_id = new.id and x.group_count <= 1;
  perform set_config('cadernos.notifying', 'on', true);
  update public.notifications x set actor_id = null where x.actor_id = new.id;
  perform set_config('cadernos.notifying', '', true);
  delete from private.notification_people p where p.person_key = new.id;
  return new;
end
$$;
revoke all on function private.forget_notification_actor() from public, anon, authenticated;

create trigger "a removed account is named in no notification" before update of account_status on public.profiles
  for each row when (new.account_status = 'deleted' and old.account_status is distinct from 'deleted')
  execute function private.forget_notification_actor();

-- ---------------------------------------------------------------------------------------------
-- Change history
-- ---------------------------------------------------------------------------------------------

-- One row per change of a notebook, its questions, shares, collaborators, invite links and the
-- moderation of its answers: who (never an anonymous answerer), what, which fields. Values are
-- not copied (they stay where RLS guards them). The replication bookkeeping (replication_xid,
-- server_rev, client_clock) is no change of its own.
create or replace function private.record_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  entity text := tg_argv[0];
  row_new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  row_old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  row_any jsonb := coalesce(row_new, row_old);
  nb uuid := case when entity = 'notebook' then (row_any ->> 'id')::uuid else (row_any ->> 'notebook_id')::uuid end;
  fields text[] := '{}';
  what text := lower(tg_op) || 'd';
begin
  if tg_op = 'UPDATE' then
    select coalesce(array_agg(k order by k), '{}') into fields
      from jsonb_object_keys(row_new) k
     where k not in ('updated_at', 'replication_xid', 'server_rev', 'client_clock') and row_new -> k is distinct from row_old -> k;
  end if;
  if entity = 'answer' then
    -- only a moderator's decision is history; answers themselves are not (anonymity)
    if tg_op <> 'UPDATE' or row_new ->> 'moderated_by' is null
       or row_new ->> 'moderated_at' is not distinct from row_old ->> 'moderated_at' then
      return null;
    end if;
    what := 'moderated:' || (row_new ->> 'moderation_status');
    fields := array['moderation_status'];
  elsif entity = 'question' and tg_op = 'UPDATE' and 'blocked' = any (fields) then
    what := case when (row_new ->> 'blocked')::boolean then 'blocked' else 'unblocked' end;
  elsif entity = 'notebook' and tg_op = 'DELETE' then
    return null;
  end if;
  if tg_op = 'UPDATE' and cardinality(fields) = 0 then
    return null;
  end if;
  if not exists (select 1 from public.notebooks n where n.id = nb) then
    return null; -- the notebook itself is being deleted
  end if;
  insert into public.notebook_changes (notebook_id, actor_id, entity, entity_id, action, changed_fields)
  values (nb, auth.uid(), entity, (row_any ->> 'id')::uuid, what, fields);
  return null;
end
$$;

create trigger "changes are recorded in the history" after insert or update or delete on public.notebooks
  for each row execute function private.record_change('notebook');
create trigger "changes are recorded in the history" after insert or update or delete on public.questions
  for each row execute function private.record_change('question');
create trigger "changes are recorded in the history" after update on public.answers
  for each row execute function private.record_change('answer');
create trigger "changes are recorded in the history" after insert or update or delete on public.notebook_shares
  for each row execute function private.record_change('share');
create trigger "changes are recorded in the history" after insert or update or delete on public.notebook_collaborators
  for each row execute function private.record_change('collaborator');
create trigger "changes are recorded in the history" after insert or update or delete on public.invite_links
  for each row execute function private.record_change('invite_link');

-- ---------------------------------------------------------------------------------------------
-- Row level security
-- ---------------------------------------------------------------------------------------------

alter table public.notebook_themes enable row level security;
alter table public.paper_styles enable row level security;
alter table public.notebooks enable row level security;
alter table public.favorites enable row level security;
alter table public.questions enable row level security;
alter table public.answers enable row level security;
alter table public.guests enable row level security;
alter table public.notebook_shares enable row level security;
alter table public.notebook_collaborators enable row level security;
alter table public.invite_links enable row level security;
alter table public.notebook_changes enable row level security;
alter table public.notifications enable row level security;

-- profiles (defined here because it needs notebook membership)
-- The profiles read policy: safety.sql (it names blocks).

-- catalogues: read by all; written by admins.
create policy "anyone can read notebook themes" on public.notebook_themes
  for select to anon, authenticated using (true);
create policy "admins add notebook themes" on public.notebook_themes
  for insert to authenticated with check (public.is_admin());
create policy "admins edit notebook themes" on public.notebook_themes
  for update to authenticated using (public.is_admin()) with check (public.is_admin());
create policy "admins remove notebook themes" on public.notebook_themes
  for delete to authenticated using (public.is_admin());

create policy "anyone can read paper styles" on public.paper_styles
  for select to anon, authenticated using (true);
create policy "admins add paper styles" on public.paper_styles
  for insert to authenticated with check (public.is_admin());
create policy "admins edit paper styles" on public.paper_styles
  for update to authenticated using (public.is_admin()) with check (public.is_admin());
create policy "admins remove paper styles" on public.paper_styles
  for delete to authenticated using (public.is_admin());

-- notebooks
create policy "members and admins can read notebooks" on public.notebooks
  for select to authenticated
  using (user_id = auth.uid() or public.notebook_role(id) <> 'none');
create policy "signed-in people can create notebooks they own" on public.notebooks
  for insert to authenticated
  with check (user_id = auth.uid());
create policy "owners, editors and collaborators can update notebooks" on public.notebooks
  for update to authenticated
  using (public.notebook_role(id) in ('owner', 'editor', 'collaborator'))
  with check (public.notebook_role(id) in ('owner', 'editor', 'collaborator'));
-- Admins remove content through admin_act alone (moderation.sql: audited, reports settled, the
-- author told; issue 33 security review): no admin branch in a delete policy.
create policy "owners can delete notebooks" on public.notebooks
  for delete to authenticated
  using (public.notebook_role(id) = 'owner');

-- favorites (no update: a favorite is added or removed)
create policy "people read their own favorites" on public.favorites
  for select to authenticated
  using (user_id = auth.uid());
create policy "people favorite notebooks they can read" on public.favorites
  for insert to authenticated
  with check (user_id = auth.uid() and public.notebook_role(notebook_id) in ('owner', 'editor', 'collaborator', 'viewer'));
create policy "people remove their own favorites" on public.favorites
  for delete to authenticated
  using (user_id = auth.uid());

-- questions
create policy "members can read questions, blocked ones only owners, editors and collaborators" on public.questions
  for select to authenticated
  using (
    (hidden_at is null or public.is_admin())
    and (public.notebook_role(notebook_id) in ('owner', 'editor', 'collaborator', 'admin')
         or (not blocked and public.notebook_role(notebook_id) = 'viewer'))
  );
create policy "owners, editors and collaborators can add questions" on public.questions
  for insert to authenticated
  with check (public.notebook_role(notebook_id) in ('owner', 'editor', 'collaborator'));
create policy "owners and editors edit questions, collaborators their own" on public.questions
  for update to authenticated
  using (
    public.notebook_role(notebook_id) in ('owner', 'editor')
    or (user_id = auth.uid() and public.notebook_role(notebook_id) = 'collaborator')
  )
  with check (public.notebook_role(notebook_id) in ('owner', 'editor', 'collaborator'));
create policy "owners and editors remove questions, collaborators their own" on public.questions
  for delete to authenticated
  using (
    public.notebook_role(notebook_id) in ('owner', 'editor')
    or (user_id = auth.uid() and public.notebook_role(notebook_id) = 'collaborator')
  );

-- answers (anonymous answers of others: read them through public.visible_answers)
create policy "owners and hosts read the notebook's guests" on public.guests
  for select to authenticated
  using (
    public.notebook_role(notebook_id) = 'owner'
    or (host_id = auth.uid() and public.notebook_role(notebook_id) in ('editor', 'collaborator', 'viewer'))
  );
create policy "people who may answer add guests to their own round" on public.guests
  for insert to authenticated
  with check (host_id = auth.uid() and public.notebook_role(notebook_id) in ('owner', 'editor', 'collaborator', 'viewer'));
create policy "owners remove guests" on public.guests
  for delete to authenticated
  using (public.notebook_role(notebook_id) = 'owner');

create policy "answerers, owners, and members allowed to see a signed answer can read it" on public.answers
  for select to authenticated
  using (
    ((hidden_at is null and not private.question_hidden(question_id)) or public.is_admin())
    and (user_id = auth.uid()
         or public.notebook_role(notebook_id) = 'owner'
         or (guest_id is not null and private.is_my_guest(guest_id))
         or (not is_anonymous and (
               public.notebook_role(notebook_id) in ('editor', 'collaborator', 'admin')
               or (moderation_status = 'approved' and public.notebook_role(notebook_id) = 'viewer'))))
  );
create policy "members can answer as themselves" on public.answers
  for insert to authenticated
  with check (
    (user_id = auth.uid() and public.notebook_role(notebook_id) in ('owner', 'editor', 'collaborator', 'viewer'))
    or (user_id is null and guest_id is not null and private.is_my_guest(guest_id))
  );
create policy "answerers edit their answers and owners, editors and collaborators moderate" on public.answers
  for update to authenticated
  using (user_id = auth.uid() or (guest_id is not null and private.is_my_guest(guest_id))
         or public.notebook_role(notebook_id) in ('owner', 'editor', 'collaborator'))
  with check (user_id = auth.uid() or (guest_id is not null and private.is_my_guest(guest_id))
              or public.notebook_role(notebook_id) in ('owner', 'editor', 'collaborator'));
create policy "answerers and owners can delete answers" on public.answers
  for delete to authenticated
  using (user_id = auth.uid() or public.notebook_role(notebook_id) = 'owner');

-- notebook_shares (no update: access_level is always viewer)
create policy "owners, editors and the person shared with can read shares" on public.notebook_shares
  for select to authenticated
  using (shared_with = auth.uid() or public.notebook_role(notebook_id) in ('owner', 'editor', 'admin'));
create policy "owners can share their notebooks" on public.notebook_shares
  for insert to authenticated
  with check (private.may_share(notebook_id));
create policy "owners can unshare and sharees can leave" on public.notebook_shares
  for delete to authenticated
  using (shared_with = auth.uid() or public.notebook_role(notebook_id) = 'owner');

-- notebook_collaborators
create policy "members who help and the invitee can read collaborators" on public.notebook_collaborators
  for select to authenticated
  using (user_id = auth.uid() or public.notebook_role(notebook_id) in ('owner', 'editor', 'collaborator', 'admin'));
create policy "owners and editors can invite collaborators" on public.notebook_collaborators
  for insert to authenticated
  with check (private.may_invite_collaborators(notebook_id));
create policy "invitees accept and owners and editors change roles" on public.notebook_collaborators
  for update to authenticated
  using (user_id = auth.uid() or public.notebook_role(notebook_id) in ('owner', 'editor'))
  with check (user_id = auth.uid() or public.notebook_role(notebook_id) in ('owner', 'editor'));
create policy "owners and editors remove collaborators and anyone can leave" on public.notebook_collaborators
  for delete to authenticated
  using (user_id = auth.uid() or public.notebook_role(notebook_id) in ('owner', 'editor'));

-- invite_links (created through public.create_invite_link, redeemed through public.redeem_invite)
create policy "owners can read their invite links" on public.invite_links
  for select to authenticated
  using (public.notebook_role(notebook_id) = 'owner');
create policy "owners can create invite links" on public.invite_links
  for insert to authenticated
  with check (public.notebook_role(notebook_id) = 'owner');
create policy "owners can revoke invite links" on public.invite_links
  for update to authenticated
  using (public.notebook_role(notebook_id) = 'owner')
  with check (public.notebook_role(notebook_id) = 'owner');
create policy "owners can delete invite links" on public.invite_links
  for delete to authenticated
  using (public.notebook_role(notebook_id) = 'owner');

-- notebook_changes: written by triggers only (no insert, update or delete policy).
create policy "owners, editors and collaborators can read the change history" on public.notebook_changes
  for select to authenticated
  using (public.notebook_role(notebook_id) in ('owner', 'editor', 'collaborator'));

-- notifications: created by triggers only (no insert policy).
create policy "people read their own notifications" on public.notifications
  for select to authenticated
  using (recipient_id = auth.uid());
create policy "people mark their own notifications read" on public.notifications
  for update to authenticated
  using (recipient_id = auth.uid())
  with check (recipient_id = auth.uid());
create policy "people delete their own notifications" on public.notifications
  for delete to authenticated
  using (recipient_id = auth.uid());

-- Realtime (spec §7): notebook updates and the recipient's notifications.
alter publication supabase_realtime add table public.notebooks, public.notifications;
