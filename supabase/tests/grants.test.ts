/**
 * Every table, view, sequence and function of `public` has an explicit grant decision
 * (next to the object, in its area's migration), checked on a database whose API roles get
 * nothing by default — as on a Supabase project created today, and as the sync-server's bootstrap
 * now is.
 *
 * The rule for tables: anon and authenticated hold exactly the operations a policy allows them
 * (a policy without the grant is dead; a grant without a policy is a door the next policy opens);
 * service_role holds select, insert, update and delete everywhere; nobody holds TRUNCATE,
 * REFERENCES or TRIGGER. Views, sequences and functions are listed here, one decision each.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openTestDatabase, type TestDatabase } from './harness.ts';

const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;
const DML = ['DELETE', 'INSERT', 'SELECT', 'UPDATE'];

/** Relations of public no API role may touch at all, each with its reason. */
const NO_API_ACCESS: Record<string, string> = {};

/** Tables the service role reads and adds to but never changes nor erases, each with its reason. */
const SERVICE_APPEND_ONLY: Record<string, string> = {
  admin_actions: 'the audit log (issue 33): nobody, the service role included, changes or erases what an admin did',
};

/** Views: no policies of their own, so each is decided here. */
const VIEW_GRANTS: Record<string, Partial<Record<(typeof API_ROLES)[number], string[]>>> = {
  // filters by auth.uid() itself: only a signed-in person has a use for it
  visible_answers: { authenticated: ['SELECT'] },
};

/** Functions of public nobody calls through the API, each with its reason. */
const NOT_CALLABLE: Record<string, string> = {
  answer_id: 'the S6 derivation, used inside the server; clients compute it or ask my_answer_id',
};

/**
 * What a visitor (the anon key) may call: the registration checks, is_admin (a policy of
 * profiles calls it), and the signed-in RPCs that answer a visitor 'Usuário não autenticado'.
 */
const VISITOR_RPCS = [
  // confirm_guardian: a minor's guardian opens the mailed link without an account (issue 22)
  // guestbook_page, poll_view: a public profile's guestbook and poll (issue 32)
  // send_contact_message: the contact form, signed in or not (issue 33)
  // replication_pull_many: replication_pull's calls in one request (issue 34)
  'confirm_guardian', 'create_invite_link', 'find_forbidden_words', 'guestbook_page', 'is_admin', 'moderate_answer', 'poll_view', 'profile_friends', 'profile_view', 'redeem_invite',
  'replication_pull', 'replication_pull_many', 'replication_push', 'revoke_invite_link', 'search_users', 'send_contact_message', 'username_available',
];

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => t?.close());

interface Grant {
  relation: string;
  kind: string;
  role: string;
  privilege: string;
}

/** Table- and column-level grants to the API roles (and PUBLIC) on relations of public. */
async function relationGrants(): Promise<Grant[]> {
  return t.sql<Grant>(
    `with rel as (
       select c.oid, c.relname, c.relkind, c.relacl from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
     ),
     acl as (
       select r.relname, r.relkind, a.grantee, a.privilege_type from rel r, aclexplode(r.relacl) a
       union
       select r.relname, r.relkind, a.grantee, a.privilege_type
         from rel r join pg_attribute att on att.attrelid = r.oid and att.attacl is not null, aclexplode(att.attacl) a
     )
     select acl.relname as relation, acl.relkind as kind,
            case when acl.grantee = 0 then 'PUBLIC' else pg_get_userbyid(acl.grantee) end as role,
            acl.privilege_type as privilege
       from acl
      where acl.grantee = 0 or pg_get_userbyid(acl.grantee) in ('anon', 'authenticated', 'service_role')
      order by 1, 3, 4`,
  );
}

async function relations(kinds: string[]): Promise<string[]> {
  const rows = await t.sql<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = any($1::"char"[]) order by 1`,
    [kinds],
  );
  return rows.map((r) => r.name);
}

function privileges(grants: Grant[], relation: string, role: string): string[] {
  return grants.filter((g) => g.relation === relation && g.role === role).map((g) => g.privilege).sort();
}

test('the API roles get nothing by default on public: no table, sequence or function is theirs until a migration says so', async () => {
  const defaults = await t.sql<{ kind: string; role: string; privilege: string }>(
    `select d.defaclobjtype as kind, case when a.grantee = 0 then 'PUBLIC' else pg_get_userbyid(a.grantee) end as role,
            a.privilege_type as privilege
       from pg_default_acl d join pg_namespace n on n.oid = d.defaclnamespace, aclexplode(d.defaclacl) a
      where n.nspname = 'public'`,
  );
  const usable = defaults.filter((d) => ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'USAGE', 'EXECUTE'].includes(d.privilege));
  // Supabase leaves UPDATE on new sequences (no use without USAGE) and TRUNCATE/REFERENCES/TRIGGER on new tables
  expect(usable.filter((d) => !(d.kind === 'S' && d.privilege === 'UPDATE'))).toEqual([]);
});

test('every table and view of public has an explicit grant decision (a grant to an API role, or a reason for none)', async () => {
  const grants = await relationGrants();
  const undecided = (await relations(['r', 'p', 'v', 'm', 'f'])).filter(
    (name) => !(name in NO_API_ACCESS) && !grants.some((g) => g.relation === name && g.role !== 'PUBLIC' && DML.includes(g.privilege)),
  );
  expect(undecided).toEqual([]);
  expect(grants.filter((g) => g.role === 'PUBLIC')).toEqual([]);
});

test('tables: anon and authenticated hold exactly what a policy allows them; service_role reads and writes everything', async () => {
  const grants = await relationGrants();
  const policies = await t.sql<{ table: string; cmd: string; roles: string[] }>(
    `select tablename as table, cmd, roles from pg_policies where schemaname = 'public' and permissive = 'PERMISSIVE'`,
  );
  const mismatches: string[] = [];
  for (const table of await relations(['r', 'p'])) {
    if (table in NO_API_ACCESS) continue;
    for (const role of ['anon', 'authenticated']) {
      const allowed = [
        ...new Set(
          policies
            .filter((p) => p.table === table && (p.roles.includes(role) || p.roles.includes('public')))
            .flatMap((p) => (p.cmd === 'ALL' ? DML : [p.cmd])),
        ),
      ].sort();
      const granted = privileges(grants, table, role).filter((p) => DML.includes(p));
      if (granted.join() !== allowed.join()) mismatches.push(`${table} ${role}: granted [${granted}], policies allow [${allowed}]`);
    }
    const service = privileges(grants, table, 'service_role');
    const serviceExpected = SERVICE_APPEND_ONLY[table] ? ['INSERT', 'SELECT'] : DML;
    if (service.join() !== serviceExpected.join()) mismatches.push(`${table} service_role: granted [${service}]`);
  }
  expect(mismatches).toEqual([]);
});

test('views: each grants exactly what is listed here', async () => {
  const grants = await relationGrants();
  const views = await relations(['v', 'm']);
  expect(views.filter((v) => !(v in VIEW_GRANTS) && !(v in NO_API_ACCESS))).toEqual([]);
  for (const view of views) {
    for (const role of API_ROLES) {
      expect(privileges(grants, view, role), `${view} ${role}`).toEqual(VIEW_GRANTS[view]?.[role] ?? []);
    }
  }
});

test('no API role may truncate, reference or add triggers to anything of public; sequences are the service role\'s only', async () => {
  const grants = await relationGrants();
  expect(grants.filter((g) => ['TRUNCATE', 'REFERENCES', 'TRIGGER', 'MAINTAIN'].includes(g.privilege))).toEqual([]);
  const sequences = await relations(['S']);
  expect(sequences.length).toBeGreaterThan(0);
  for (const sequence of sequences) {
    expect(privileges(grants, sequence, 'anon'), sequence).toEqual([]);
    expect(privileges(grants, sequence, 'authenticated'), sequence).toEqual([]);
    expect(privileges(grants, sequence, 'service_role'), sequence).toEqual(['USAGE']);
  }
});

test('functions of public: none callable by PUBLIC; each names its callers (or why it has none); visitors call only the registration checks', async () => {
  const functions = await t.sql<{ name: string; callers: string[] }>(
    `select p.proname as name,
            array(select case when a.grantee = 0 then 'PUBLIC' else pg_get_userbyid(a.grantee) end
                    from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
                   where a.privilege_type = 'EXECUTE' and (a.grantee = 0 or pg_get_userbyid(a.grantee) in ('anon', 'authenticated', 'service_role'))
                   order by 1) as callers
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public'
        and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
      order by 1`,
  );
  expect(functions.length).toBeGreaterThanOrEqual(15);
  expect(functions.filter((f) => f.callers.includes('PUBLIC')).map((f) => f.name)).toEqual([]);
  expect(functions.filter((f) => f.callers.length === 0 && !(f.name in NOT_CALLABLE)).map((f) => f.name)).toEqual([]);
  expect(functions.filter((f) => f.callers.length > 0 && f.name in NOT_CALLABLE).map((f) => f.name)).toEqual([]);
  expect(functions.filter((f) => f.callers.includes('anon')).map((f) => f.name)).toEqual(VISITOR_RPCS);
});
