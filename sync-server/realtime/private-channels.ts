import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/types.ts';
import type { JwtClaims } from '../jwt.ts';

/**
 * Authorization of private channels, as Supabase does it (Realtime.Tenants.Authorization): the
 * RLS policies of realtime.messages decide, with realtime.topic() returning the channel name.
 * Read = the role can SELECT a probe row of the topic; write = it can INSERT one. Probes are
 * always rolled back.
 */
export interface ExtensionRights {
  broadcast: boolean;
  presence: boolean;
}

class Rollback<T> extends Error {
  constructor(readonly value: T) {
    super('rollback');
  }
}

async function inRolledBackTransaction<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new Rollback(await fn(tx));
    });
  } catch (error) {
    if (error instanceof Rollback) return error.value as T;
    throw error;
  }
  throw new Error('unreachable');
}

/** The settings asRequester() makes (PostgREST's), plus realtime.topic. */
async function actAs(tx: Queryable, claims: JwtClaims, topic: string): Promise<void> {
  await tx.query(
    `select set_config('role', $1, true),
            set_config('request.jwt.claims', $2, true),
            set_config('request.jwt.claim.sub', $3, true),
            set_config('request.jwt.claim.role', $1, true),
            set_config('realtime.topic', $4, true),
            set_config('request.headers', '{}', true)`,
    [claims.role, JSON.stringify(claims), claims.sub ?? '', topic],
  );
}

export async function readRights(db: Database, claims: JwtClaims, topic: string): Promise<ExtensionRights> {
  try {
    return await inRolledBackTransaction(db, async (tx) => {
      const ids = { broadcast: randomUUID(), presence: randomUUID() };
      await tx.query(
        `insert into realtime.messages (id, topic, extension) values ($1::uuid, $3, 'broadcast'), ($2::uuid, $3, 'presence')`,
        [ids.broadcast, ids.presence, topic],
      );
      await actAs(tx, claims, topic);
      const { rows } = await tx.query<{ id: string }>(
        'select id::text as id from realtime.messages where id in ($1::uuid, $2::uuid)',
        [ids.broadcast, ids.presence],
      );
      const seen = new Set(rows.map((r) => r.id));
      return { broadcast: seen.has(ids.broadcast), presence: seen.has(ids.presence) };
    });
  } catch {
    return { broadcast: false, presence: false };
  }
}

export async function writeRights(db: Database, claims: JwtClaims, topic: string): Promise<ExtensionRights> {
  try {
    return await inRolledBackTransaction(db, async (tx) => {
      await actAs(tx, claims, topic);
      const rights: ExtensionRights = { broadcast: false, presence: false };
      for (const extension of ['broadcast', 'presence'] as const) {
        await tx.query('savepoint realtime_write_check');
        try {
          await tx.query('insert into realtime.messages (topic, extension) values ($1, $2)', [topic, extension]);
          rights[extension] = true;
        } catch {
          // RLS refused the insert: no write right for this extension.
        }
        await tx.query('rollback to savepoint realtime_write_check');
      }
      return rights;
    });
  } catch {
    return { broadcast: false, presence: false };
  }
}
