import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import { SUPABASE_DEMO_ANON_KEY, SUPABASE_DEMO_JWT_SECRET, SUPABASE_DEMO_SERVICE_KEY, type ServerConfig } from './config.ts';
import { StartupError } from './startup-checks.ts';

/**
 * The keys a server uses. On loopback, the Supabase CLI's published demo keys, so that supabase-js
 * code written for `supabase start` works unchanged. On any other address — a school's Wi-Fi,
 * where every phone in the room can reach the server — a published secret would let anyone sign
 * their own tokens, so the server uses keys of its own install: made on the first such start and
 * kept in the data folder, readable by its owner only. Keys given in the environment are used as
 * given (a custom JWT_SECRET with its own ANON_KEY and SERVICE_ROLE_KEY).
 */

export const KEYS_FILE = 'cadernos-keys.json';

type Keys = Pick<ServerConfig, 'jwtSecret' | 'anonKey' | 'serviceRoleKey'>;

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Where the install's keys are kept: the data folder; none for an in-memory database. */
export function keysFileOf(config: Pick<ServerConfig, 'dataDir'>): string | undefined {
  return config.dataDir === 'memory://' ? undefined : path.join(path.resolve(config.dataDir), KEYS_FILE);
}

export async function serverKeys(config: ServerConfig): Promise<Keys> {
  const given: Keys = { jwtSecret: config.jwtSecret, anonKey: config.anonKey, serviceRoleKey: config.serviceRoleKey };
  if (isLoopbackHost(config.host)) return given;
  if (config.jwtSecret !== SUPABASE_DEMO_JWT_SECRET) {
    if (config.anonKey === SUPABASE_DEMO_ANON_KEY || config.serviceRoleKey === SUPABASE_DEMO_SERVICE_KEY) {
      throw new StartupError('With your own JWT_SECRET, also set ANON_KEY and SERVICE_ROLE_KEY signed with it (or unset all three to use keys made for this install)');
    }
    return given;
  }
  const file = keysFileOf(config);
  return (file ? readKeys(file) : undefined) ?? (await makeKeys(file));
}

function readKeys(file: string): Keys | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new StartupError(`Cannot read the server's keys in ${file} (${(error as Error).message}): fix its permissions, or delete it to make new keys`);
  }
  try {
    const keys = JSON.parse(text) as Partial<Keys>;
    if (typeof keys.jwtSecret === 'string' && typeof keys.anonKey === 'string' && typeof keys.serviceRoleKey === 'string') {
      return { jwtSecret: keys.jwtSecret, anonKey: keys.anonKey, serviceRoleKey: keys.serviceRoleKey };
    }
  } catch {
    // reported below
  }
  throw new StartupError(`The server's keys in ${file} are damaged: delete the file to make new ones (everyone then signs in again)`);
}

/** A random secret, and the anon and service_role keys signed with it (as long-lived as the CLI's). */
async function makeKeys(file: string | undefined): Promise<Keys> {
  const jwtSecret = randomBytes(48).toString('base64url');
  const key = new TextEncoder().encode(jwtSecret);
  const sign = (role: string) =>
    new SignJWT({ iss: 'cadernos', role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime('10y')
      .sign(key);
  const keys: Keys = { jwtSecret, anonKey: await sign('anon'), serviceRoleKey: await sign('service_role') };
  if (file) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  }
  return keys;
}
