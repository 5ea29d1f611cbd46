-- Tables GoTrue keeps beside auth.users (same names and columns as supabase/auth's migrations, so
-- SQL written for a Supabase project — seeds that insert identities, policies that join sessions —
-- works here too), plus auth.mailbox: every e-mail the server would have sent.
-- Idempotent: runs at every start, after db/bootstrap.sql created auth.users.

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  factor_id uuid,
  aal text default 'aal1',
  not_after timestamptz,
  refreshed_at timestamp without time zone,
  user_agent text,
  ip text,
  tag text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

-- Opaque refresh tokens (GoTrue's algorithm v1). Rotation: a refresh revokes the token and creates
-- a child whose parent is the old token, in the same session.
create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);

-- How each session was authenticated (the JWT's amr claim).
create table if not exists auth.mfa_amr_claims (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  authentication_method text not null,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);

-- PKCE: the code challenge of a sign-up / recovery / magic link started with flowType 'pkce'.
create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid,
  auth_code text not null,
  code_challenge_method text not null,
  code_challenge text not null,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  authentication_method text not null,
  auth_code_issued_at timestamptz
);
create index if not exists flow_state_auth_code_idx on auth.flow_state (auth_code);
create index if not exists flow_state_user_id_idx on auth.flow_state (user_id, authentication_method);

-- The local mailbox (not part of GoTrue): what would have gone out by SMTP.
create table if not exists auth.mailbox (
  id bigserial primary key,
  created_at timestamptz not null default now(),
  recipient text not null,
  kind text not null,
  subject text not null,
  body_text text not null,
  body_html text not null,
  link text,
  otp text,
  token_hash text,
  redirect_to text,
  user_id uuid
);
create index if not exists mailbox_recipient_idx on auth.mailbox (lower(recipient), id desc);

-- None of this is for the API roles: only the server (as the database owner) reads it.
revoke all on auth.sessions, auth.refresh_tokens, auth.mfa_amr_claims, auth.identities, auth.flow_state, auth.mailbox
  from anon, authenticated;
