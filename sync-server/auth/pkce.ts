import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import { badRequest, notFound, unprocessable, validationFailed } from './errors.ts';
import type { Params } from './request.ts';
import { stringParam } from './request.ts';

/** GoTrue's PKCE support (internal/api/pkce.go, models/flow_state.go) for the e-mail flows. */

const FLOW_STATE_EXPIRY_SECONDS = 300;

export interface CodeChallenge {
  challenge: string;
  method: 's256' | 'plain';
}

/** validatePKCEParams: both or neither; 43–128 characters of the unreserved set. */
export function readCodeChallenge(params: Params): CodeChallenge | undefined {
  const challenge = stringParam(params, 'code_challenge') ?? '';
  const method = (stringParam(params, 'code_challenge_method') ?? '').toLowerCase();
  if ((challenge === '') !== (method === '')) {
    throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
  }
  if (challenge === '') return undefined;
  if (challenge.length < 43 || challenge.length > 128) {
    throw validationFailed('code challenge has to be between 43 and 128 characters');
  }
  if (!/^[a-zA-Z._~0-9-]+$/.test(challenge)) {
    throw validationFailed('code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes');
  }
  if (method !== 's256' && method !== 'plain') throw validationFailed('code challenge method not supported');
  return { challenge, method };
}

export async function createFlowState(q: Queryable, userId: string, authMethod: string, code: CodeChallenge): Promise<void> {
  await q.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
                                  authentication_method, created_at, updated_at)
     values ($1, $2, $3, $4, $5, 'email', $6, now(), now())`,
    [randomUUID(), userId, randomUUID(), code.method, code.challenge, authMethod],
  );
}

/** issueAuthCode: the newest flow state of this user for this method gives its auth code. */
export async function issueAuthCode(q: Queryable, userId: string, authMethod: string): Promise<string> {
  const { rows } = await q.query<{ id: string; auth_code: string }>(
    `select id, auth_code from auth.flow_state where user_id = $1 and authentication_method = $2
      order by created_at desc limit 1`,
    [userId, authMethod],
  );
  const flow = rows[0];
  if (!flow) throw unprocessable('flow_state_not_found', 'No valid flow state found for user.');
  await q.query(`update auth.flow_state set auth_code_issued_at = now(), updated_at = now() where id = $1`, [flow.id]);
  return flow.auth_code;
}

/** The pkce grant: checks the verifier against the challenge, consumes the flow state, returns who and how. */
export async function exchangeAuthCode(
  q: Queryable,
  authCode: string | undefined,
  verifier: string | undefined,
): Promise<{ userId: string; authMethod: string }> {
  if (!authCode || !verifier) {
    throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
  }
  const { rows } = await q.query<{
    id: string;
    user_id: string | null;
    code_challenge: string;
    code_challenge_method: string;
    authentication_method: string;
    expired: boolean;
  }>(
    `select id, user_id, code_challenge, code_challenge_method, authentication_method,
            coalesce(auth_code_issued_at, created_at) + make_interval(secs => $2) < now() as expired
       from auth.flow_state where auth_code = $1 for update`,
    [authCode, FLOW_STATE_EXPIRY_SECONDS],
  );
  const flow = rows[0];
  if (!flow || !flow.user_id) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  if (flow.expired) throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired');
  const expected =
    flow.code_challenge_method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  if (expected !== flow.code_challenge) throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  await q.query(`delete from auth.flow_state where id = $1`, [flow.id]);
  return { userId: flow.user_id, authMethod: flow.authentication_method };
}
