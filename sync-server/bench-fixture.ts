/**
 * The notebooks the server benchmarks replicate (bench-replication-load.ts, rest/bench-rpc-cpu.ts):
 * an owner with NOTEBOOKS notebooks of QUESTIONS_PER_NOTEBOOK questions, each shared with every
 * client; each client's token and answer secret, so it can push answers with the ids the app
 * derives (src/data/derived-ids.ts). Written straight into the database of a server started in
 * the benchmark's child process.
 */
import type { ServerContext } from './context.ts';
import { adultSignUpData } from './test-people.ts';

export const NOTEBOOKS = 5;
export const QUESTIONS_PER_NOTEBOOK = 20;
/** The collections a benchmark client pulls (the ones the notebooks fill). */
export const COLLECTIONS = ['notebooks', 'questions', 'answers', 'notebook_shares', 'notebook_collaborators', 'profiles', 'user_settings', 'notifications', 'favorites', 'forbidden_words'];

export interface Setup {
  url: string;
  anonKey: string;
  clients: { userId: string; token: string; secret: string }[];
  questions: { id: string; notebookId: string }[];
}

export async function seedSharedNotebooks(server: { url: string; ctx: Pick<ServerContext, 'db' | 'jwt' | 'config'> }, clientCount: number): Promise<Setup> {
  const { db, jwt, config } = server.ctx;
  const person = async (username: string) => {
    const { rows } = await db.query<{ id: string }>(
      `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data, raw_app_meta_data)
       values (gen_random_uuid(), 'authenticated', 'authenticated', $1, now(), $2, '{"provider":"email"}') returning id`,
      [`${username}@bench.test`, JSON.stringify(adultSignUpData(username))],
    );
    return rows[0].id;
  };
  const owner = await person('bench_dona');
  const { rows: notebooks } = await db.query<{ id: string }>(
    `insert into notebooks (user_id, title) select $1, 'Caderno ' || g from generate_series(1, ${NOTEBOOKS}) g returning id`,
    [owner],
  );
  const { rows: questions } = await db.query<{ id: string; notebookId: string }>(
    `insert into questions (notebook_id, user_id, text, order_index)
     select n, $1, 'Pergunta ' || g, g from unnest($2::uuid[]) n cross join generate_series(1, ${QUESTIONS_PER_NOTEBOOK}) g
     returning id, notebook_id as "notebookId"`,
    [owner, notebooks.map((n) => n.id)],
  );
  const clients: Setup['clients'] = [];
  for (let i = 0; i < clientCount; i++) {
    const userId = await person(`bench_c${i}`);
    await db.query(`insert into notebook_shares (notebook_id, shared_with) select n, $1 from unnest($2::uuid[]) n`, [userId, notebooks.map((n) => n.id)]);
    const { rows } = await db.query<{ secret: string }>(`select answer_secret as secret from user_settings where user_id = $1`, [userId]);
    clients.push({ userId, secret: rows[0].secret, token: await jwt.sign({ role: 'authenticated', sub: userId, aud: 'authenticated' }, 3600) });
  }
  return { url: server.url, anonKey: config.anonKey, clients, questions };
}
