-- Explicit grants: what each API role may do with each table, view, sequence and function of
-- `public`, decided here instead of inherited from the project's default privileges.
--
-- Why: Supabase no longer grants new `public` objects to anon, authenticated and service_role
-- (new projects since 2026-05-30, new tables of every project since 2026-10-30; changelog 45329).
-- On such a project a table nobody granted answers "permission denied" before RLS is even asked,
-- and replication_push (SECURITY INVOKER) refuses every row. Projects made before keep their old
-- grants (everything to everyone, RLS deciding). Each block below therefore first takes
-- everything back, then grants exactly what the policies can allow, so both kinds of project end
-- in the same state — and so does the sync-server, whose bootstrap now mirrors a new project.
--
-- The rule, per table:
--   anon           only the operations a policy `to anon` allows (what visitors may see)
--   authenticated  only the operations a policy `to authenticated` allows; a write with no
--                  policy is not granted either (triggers and SECURITY DEFINER functions write
--                  those rows as the owner)
--   service_role   select, insert, update, delete on every table: the server-side key, which
--                  bypasses RLS (Supabase's own advice for explicit grants); never TRUNCATE
-- No API role gets TRUNCATE, REFERENCES or TRIGGER anywhere (a new project still hands those
-- out by default). supabase/tests/grants.test.ts holds every table to this rule and fails on a
-- table, view or function of `public` without an explicit decision.
--
-- The folding of migrations per area (issue 19) moves each block next to its table.

-- =============================================================================================
-- Accounts (20261122000100_accounts.sql)
-- =============================================================================================

-- forbidden_words: everyone reads the list (the registration form checks a username before the
-- account exists; the app checks texts offline); admins add, edit and remove words.
revoke all on public.forbidden_words from public, anon, authenticated, service_role;
grant select on public.forbidden_words to anon;
grant select, insert, update, delete on public.forbidden_words to authenticated, service_role;

-- profiles: visitors read active public profiles; a person reads their own and their notebook
-- companions', and updates their own (admins any). Created by the sign-up trigger and deleted
-- with the auth user: no insert or delete for the API.
revoke all on public.profiles from public, anon, authenticated, service_role;
grant select on public.profiles to anon;
grant select, update on public.profiles to authenticated;
grant select, insert, update, delete on public.profiles to service_role;

-- user_settings: private to its person, who reads and updates it; created by the sign-up trigger.
revoke all on public.user_settings from public, anon, authenticated, service_role;
grant select, update on public.user_settings to authenticated;
grant select, insert, update, delete on public.user_settings to service_role;

-- user_roles: a person reads their own flags (the app asks whether it is an admin); admins read
-- all, grant and revoke. Never updated (revoke and grant instead).
revoke all on public.user_roles from public, anon, authenticated, service_role;
grant select, insert, delete on public.user_roles to authenticated;
grant select, insert, update, delete on public.user_roles to service_role;

-- =============================================================================================
-- Notebooks (20261122000200_notebooks.sql)
-- =============================================================================================

-- notebook_themes, paper_styles: catalogues everyone reads (the store shows them to visitors);
-- admins edit them.
revoke all on public.notebook_themes from public, anon, authenticated, service_role;
grant select on public.notebook_themes to anon;
grant select, insert, update, delete on public.notebook_themes to authenticated, service_role;

revoke all on public.paper_styles from public, anon, authenticated, service_role;
grant select on public.paper_styles to anon;
grant select, insert, update, delete on public.paper_styles to authenticated, service_role;

-- notebooks: members read, signed-in people create their own, owners/editors/collaborators
-- update, owners and admins delete. Visitors: nothing.
revoke all on public.notebooks from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.notebooks to authenticated, service_role;

-- favorites: a person's own stars; added or removed, never updated.
revoke all on public.favorites from public, anon, authenticated, service_role;
grant select, insert, delete on public.favorites to authenticated;
grant select, insert, update, delete on public.favorites to service_role;

-- questions: members read (blocked ones only those who run the notebook); owners, editors and
-- collaborators add, edit and remove.
revoke all on public.questions from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.questions to authenticated, service_role;

-- answers: answerers write their own, moderators update, owners and admins delete. Anonymous
-- answers of others are read through visible_answers or the pull (S5).
revoke all on public.answers from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.answers to authenticated, service_role;

-- visible_answers (view): the answers a signed-in person may read, anonymity masked. It filters
-- by auth.uid() itself, so only a signed-in person has a use for it: not visitors, not the
-- service role (no user: it would always be empty). Read only.
revoke all on public.visible_answers from public, anon, authenticated, service_role;
grant select on public.visible_answers to authenticated;

-- notebook_shares: owners share, owners unshare and sharees leave; never updated.
revoke all on public.notebook_shares from public, anon, authenticated, service_role;
grant select, insert, delete on public.notebook_shares to authenticated;
grant select, insert, update, delete on public.notebook_shares to service_role;

-- notebook_collaborators: owners and editors invite and change roles, invitees accept, anyone
-- leaves.
revoke all on public.notebook_collaborators from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.notebook_collaborators to authenticated, service_role;

-- invite_links: owners only (created and redeemed through create_invite_link / redeem_invite).
revoke all on public.invite_links from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.invite_links to authenticated, service_role;

-- notebook_changes: the history, written by triggers only; read by those who run the notebook.
revoke all on public.notebook_changes from public, anon, authenticated, service_role;
grant select on public.notebook_changes to authenticated;
grant select, insert, update, delete on public.notebook_changes to service_role;
revoke all on sequence public.notebook_changes_id_seq from public, anon, authenticated, service_role;
grant usage on sequence public.notebook_changes_id_seq to service_role;

-- notifications: written by triggers; the recipient reads, marks read and deletes.
revoke all on public.notifications from public, anon, authenticated, service_role;
grant select, update, delete on public.notifications to authenticated;
grant select, insert, update, delete on public.notifications to service_role;

-- =============================================================================================
-- Replication (20261122000400_replication.sql)
-- =============================================================================================

-- replication_pulses: a signed-in person reads (and Realtime delivers) their own pulses and the
-- everyone-pulses; written by triggers, purged by replication_purge.
revoke all on public.replication_pulses from public, anon, authenticated, service_role;
grant select on public.replication_pulses to authenticated;
grant select, insert, update, delete on public.replication_pulses to service_role;
revoke all on sequence public.replication_pulses_id_seq from public, anon, authenticated, service_role;
grant usage on sequence public.replication_pulses_id_seq to service_role;

-- =============================================================================================
-- Achievements and translations (20261122000500_achievements_translations.sql)
-- =============================================================================================

-- achievements: the catalogue, read by everyone (public profiles show them); admins edit it.
revoke all on public.achievements from public, anon, authenticated, service_role;
grant select on public.achievements to anon;
grant select, insert, update, delete on public.achievements to authenticated, service_role;

-- user_achievements: read by their person and, on public profiles, by anyone; awarded by
-- check_achievements (SECURITY DEFINER) only.
revoke all on public.user_achievements from public, anon, authenticated, service_role;
grant select on public.user_achievements to anon, authenticated;
grant select, insert, update, delete on public.user_achievements to service_role;

-- translations: dynamic texts everyone reads; admins edit them (translations-manager).
revoke all on public.translations from public, anon, authenticated, service_role;
grant select on public.translations to anon;
grant select, insert, update, delete on public.translations to authenticated, service_role;

-- =============================================================================================
-- Functions of public (callable as RPC by whoever may EXECUTE them). Postgres lets PUBLIC
-- execute every new function, and a project's default privileges cannot take that back: each
-- function revokes it and names its callers. A function called from a policy or a view needs
-- EXECUTE for every role the policy applies to (policies run as the caller).
-- =============================================================================================

-- is_admin(): policies of tables visitors read (profiles) call it; translations-manager asks it
-- with the caller's token or the anon key.
revoke all on function public.is_admin() from public, anon, authenticated, service_role;
grant execute on function public.is_admin() to anon, authenticated, service_role;

-- find_forbidden_words(text), username_available(text): the registration form, before the
-- account exists.
revoke all on function public.find_forbidden_words(text) from public, anon, authenticated, service_role;
grant execute on function public.find_forbidden_words(text) to anon, authenticated;
revoke all on function public.username_available(text) from public, anon, authenticated, service_role;
grant execute on function public.username_available(text) to anon, authenticated;

-- notebook_role(uuid, uuid): every notebook policy and visible_answers call it as the signed-in
-- caller; the service role asks it about anyone (achievement-manager). A visitor has no role.
revoke all on function public.notebook_role(uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function public.notebook_role(uuid, uuid) to authenticated, service_role;

-- answer_id(uuid, text): the S6 derivation, used inside the server only (clients compute it
-- themselves, or ask my_answer_id); not an RPC.
revoke all on function public.answer_id(uuid, text) from public, anon, authenticated, service_role;

-- RPCs of a signed-in person. Each refuses a caller without a user itself, with the spec's
-- 'Usuário não autenticado' (hint not_authenticated), so visitors may call them to hear that
-- instead of a bare "permission denied"; the service role has no user and nothing to do here.
revoke all on function public.create_invite_link(uuid, timestamptz) from public, anon, authenticated, service_role;
grant execute on function public.create_invite_link(uuid, timestamptz) to anon, authenticated;
revoke all on function public.revoke_invite_link(uuid) from public, anon, authenticated, service_role;
grant execute on function public.revoke_invite_link(uuid) to anon, authenticated;
revoke all on function public.redeem_invite(text) from public, anon, authenticated, service_role;
grant execute on function public.redeem_invite(text) to anon, authenticated;
revoke all on function public.search_users(text, integer) from public, anon, authenticated, service_role;
grant execute on function public.search_users(text, integer) to anon, authenticated;
revoke all on function public.moderate_answer(uuid, text, text) from public, anon, authenticated, service_role;
grant execute on function public.moderate_answer(uuid, text, text) to anon, authenticated;
revoke all on function public.replication_pull(text, jsonb, integer) from public, anon, authenticated, service_role;
grant execute on function public.replication_pull(text, jsonb, integer) to anon, authenticated;
revoke all on function public.replication_push(text, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.replication_push(text, jsonb) to anon, authenticated;

-- my_answer_id(uuid): the caller's own answer id (S6); a visitor has no answer secret.
revoke all on function public.my_answer_id(uuid) from public, anon, authenticated, service_role;
grant execute on function public.my_answer_id(uuid) to authenticated;

-- Server-side only: the purge (pg_cron / the sync-server's timer) and the achievement check
-- (achievement-manager with the service key).
revoke all on function public.replication_purge(interval) from public, anon, authenticated, service_role;
grant execute on function public.replication_purge(interval) to service_role;
revoke all on function public.check_achievements(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.check_achievements(uuid, text) to service_role;
