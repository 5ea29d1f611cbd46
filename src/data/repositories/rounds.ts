/**
 * "Passar o caderno" (issue 21): one phone, many friends, no signal. The signed-in person (the
 * host, who must be able to answer the notebook) starts a round and locks it with a PIN or their
 * password; then, turn after turn, a friend gives a name (anonymous or not), answers, sees the
 * claim code of their answers, and hands the phone on. Only the lock ends the round.
 *
 *   start(notebookId, lock)      handover: nobody's turn
 *   startTurn({name, anonymous}) a guest row (replicated) and the turn's claim code → answering
 *   answer(questionId, text)     the guest's answer: its id from the guest's own secret (S6)
 *   endTurn()                    turn-ended: the claim code stays on screen
 *   handOn()                     handover again: the code and the turn are forgotten
 *   end(secret)                  checked on the device (works offline), the round is over
 *   claim(code)                  a friend, later, on their own account: online, claim_guest
 *
 * The round's state is in the device's key-value store (round/round-state.ts); the guests and
 * their answers are ordinary documents, pushed when the phone is online (guests before answers).
 */
import { checkAnswerText, checkGuestName } from '../content-rules.ts';
import { answerIdFor } from '../derived-ids.ts';
import type { KvStore } from '../kv-store.ts';
import { claimHashOf, isClaimCode, newAnswerSecret, newClaimCode, normalizeClaimCode } from '../round/claim-code.ts';
import { createLock, lockSecretProblem, unlocks, type LockKind } from '../round/round-lock.ts';
import { roundStoreOf, type RoundState } from '../round/round-state.ts';
import { CLAIM_REFUSAL_CODES, ok, refuseRound, type ClaimRefusalCode, type RoundResult } from '../problems.ts';
import type { AnswerDoc, GuestDoc } from '../schemas/index.ts';
import { writeAnswer } from './answers.ts';
import { collectionOf, findDoc, forbiddenWords, isoNow, labelOf, recordWrite, type DataContext } from './context.ts';
import { ANSWERS, roleIn } from './roles.ts';

/**
 * What the server says of a password typed as the account's: it is the account's, it is not, or it
 * could not be asked (offline). Given by the session (auth.ts); absent in tests of the round alone.
 */
// What the round's screens need of the round's parts (data/round/): they reach the round only here and through `api.rounds`.
export { claimPath, formatClaimCode } from '../round/claim-code.ts';
export type { LockKind } from '../round/round-lock.ts';
export type { RoundState } from '../round/round-state.ts';

export type AccountPasswordCheck = (password: string) => Promise<'correct' | 'incorrect' | 'unchecked'>;

export type RoundContext = DataContext & { kv?: KvStore; syncNow?: () => void; checkAccountPassword?: AccountPasswordCheck };

export interface LockInput {
  kind: LockKind;
  secret: string;
}

export interface GuestInput {
  name: string;
  anonymous: boolean;
}

export interface ClaimOutcome {
  notebookId: string;
  /** Answers that became the claimer's. */
  moved: number;
  /** Answers kept as the guest's (the claimer had already answered those questions). */
  kept: number;
  /**
   * What the claim did about the notebook (issue 28): 'granted' — the claim made the claimer a
   * viewer (the round's host may share it: the owner); 'existing' — they already had access;
   * 'not_granted' — the answers are theirs but the notebook is not (the host may not share it:
   * only its owner can).
   */
  access: ClaimAccess;
}

export type ClaimAccess = 'granted' | 'existing' | 'not_granted';

const storeOf = (ctx: RoundContext) => roundStoreOf(ctx.kv);

/** This person's round on this device. */
async function hostRound(ctx: RoundContext): Promise<RoundState | null> {
  const state = await storeOf(ctx).current();
  return state && state.hostId === ctx.userId ? state : null;
}

export async function startRound(ctx: RoundContext, notebookId: string, lock: LockInput): Promise<RoundResult<RoundState>> {
  const current = await storeOf(ctx).current();
  if (current) {
    // The same start twice (a double tap, a retry) is the round already going on.
    return current.notebookId === notebookId && current.hostId === ctx.userId ? ok(current) : refuseRound({ code: 'round_active' });
  }
  const weak = lockSecretProblem(lock.kind, lock.secret);
  if (weak) return refuseRound({ code: weak, field: 'secret' });
  // Online, "the account's password" is the account's; offline it cannot be asked, and the round
  // is locked with what the host typed (twice) all the same.
  if (lock.kind === 'password' && (await ctx.checkAccountPassword?.(lock.secret)) === 'incorrect') {
    return refuseRound({ code: 'not_account_password', field: 'secret' });
  }
  const notebook = await findDoc(ctx, 'notebooks', notebookId);
  if (!notebook) return refuseRound({ code: 'not_found' });
  if (!ANSWERS.has(await roleIn(ctx, notebookId))) return refuseRound({ code: 'not_allowed' });
  const state: RoundState = {
    version: 1,
    id: ctx.newId(),
    hostId: ctx.userId,
    notebookId,
    startedAt: isoNow(ctx),
    lock: await createLock(lock.kind, lock.secret),
    phase: 'handover',
    guest: null,
    claimCode: null,
    guestIds: [],
  };
  await storeOf(ctx).save(state);
  return ok(state);
}

/** The next friend's turn: their guest row (with the hash of their claim code) is written now. */
export async function startTurn(ctx: RoundContext, input: GuestInput): Promise<RoundResult<RoundState>> {
  const state = await hostRound(ctx);
  if (!state) return refuseRound({ code: 'no_round' });
  if (state.phase === 'answering') return refuseRound({ code: 'not_your_turn' });
  const name = input.name.trim();
  const problem = checkGuestName(await forbiddenWords(ctx), name);
  if (problem) return refuseRound(problem);

  const claimCode = newClaimCode();
  const at = isoNow(ctx);
  const guest: GuestDoc = {
    id: ctx.newId(),
    notebook_id: state.notebookId,
    host_id: ctx.userId,
    name,
    is_anonymous: input.anonymous,
    answer_secret: newAnswerSecret(),
    claim_hash: await claimHashOf(claimCode),
    claimed_by: null,
    claimed_at: null,
    created_at: at,
    updated_at: at,
    server_rev: 0,
  };
  // The row first: a crash right after leaves a guest with no answers, never answers with no guest.
  await recordWrite(ctx, 'guests', [{ id: guest.id, label: labelOf(name) }], () => collectionOf(ctx, 'guests').insert(guest));
  const next: RoundState = {
    ...state,
    phase: 'answering',
    guest: { id: guest.id, name, isAnonymous: input.anonymous, answerSecret: guest.answer_secret! },
    claimCode,
    guestIds: [...state.guestIds, guest.id],
  };
  await storeOf(ctx).save(next);
  return ok(next);
}

/** The current guest's answer to a question (a second call edits it). */
export async function answerAsGuest(ctx: RoundContext, questionId: string, text: string): Promise<RoundResult<AnswerDoc>> {
  const state = await hostRound(ctx);
  if (!state) return refuseRound({ code: 'no_round' });
  const guest = state.guest;
  if (state.phase !== 'answering' || !guest) return refuseRound({ code: 'not_your_turn' });
  // The same rule as any answer (spec §5), with the guest's name as its responder name.
  const problem = checkAnswerText(await forbiddenWords(ctx), text, guest.name);
  if (problem) return refuseRound(problem);
  const [question, notebook, id] = await Promise.all([
    findDoc(ctx, 'questions', questionId),
    findDoc(ctx, 'notebooks', state.notebookId),
    answerIdFor(guest.answerSecret, questionId),
  ]);
  if (!question || question.notebook_id !== state.notebookId || question.blocked) return refuseRound({ code: 'not_found' });
  const written = await writeAnswer(ctx, {
    id,
    question,
    notebook,
    writer: { user_id: null, guest_id: guest.id, role: 'viewer' },
    // The guest's name is the answer's responder name; their anonymity was chosen with it.
    fields: { text: text.trim(), is_anonymous: guest.isAnonymous, responder_name: guest.name },
    existing: await findDoc(ctx, 'answers', id),
  });
  return ok(written.answer);
}

/** The guest is done: their claim code is what the screen shows now. */
export async function endTurn(ctx: RoundContext): Promise<RoundResult<string>> {
  const state = await hostRound(ctx);
  if (!state) return refuseRound({ code: 'no_round' });
  if (state.phase === 'turn-ended' && state.claimCode) return ok(state.claimCode);
  if (state.phase !== 'answering' || !state.claimCode) return refuseRound({ code: 'not_your_turn' });
  await storeOf(ctx).save({ ...state, phase: 'turn-ended' });
  ctx.syncNow?.();
  return ok(state.claimCode);
}

/** The phone goes to the next person: the last turn, its answers and its claim code leave the screen and the device's round. */
export async function handOn(ctx: RoundContext): Promise<RoundResult<RoundState>> {
  const state = await hostRound(ctx);
  if (!state) return refuseRound({ code: 'no_round' });
  const next: RoundState = { ...state, phase: 'handover', guest: null, claimCode: null };
  await storeOf(ctx).save(next);
  return ok(next);
}

/** Ends the round with its PIN or password, checked on this device. */
export async function endRound(ctx: RoundContext, secret: string): Promise<RoundResult<string>> {
  const ended = await endRoundOnDevice(secret, ctx.kv);
  if (ended.ok) ctx.syncNow?.();
  return ended;
}

/**
 * The same without a data layer: a round whose host's session ended meanwhile (the phone stays in
 * the round, signed out) is still ended by its lock alone.
 */
export async function endRoundOnDevice(secret: string, kv?: KvStore): Promise<RoundResult<string>> {
  const store = roundStoreOf(kv);
  const state = await store.current();
  if (!state) return refuseRound({ code: 'no_round' });
  if (!(await unlocks(state.lock, secret))) return refuseRound({ code: 'wrong_secret', field: 'secret' });
  await store.save(null);
  return ok(state.notebookId);
}

const CLAIM_CODES: ReadonlySet<string> = new Set(CLAIM_REFUSAL_CODES);

/** A friend claims the answers a round gave them (online: public.claim_guest). */
export async function claimGuest(ctx: RoundContext, code: string): Promise<RoundResult<ClaimOutcome>> {
  if (!isClaimCode(code)) return refuseRound({ code: 'claim_invalid', field: 'code' });
  if (!ctx.client) return refuseRound({ code: 'online_only' });
  const { data, error } = await ctx.client.rpc('claim_guest', { p_code: normalizeClaimCode(code) });
  if (error) {
    if (error.hint && CLAIM_CODES.has(error.hint)) return refuseRound({ code: error.hint as ClaimRefusalCode, field: 'code' });
    // The guest's answers are still on the round's phone (issue 29): nothing was claimed.
    if (error.hint === 'claim_not_synced') return refuseRound({ code: 'claim_not_synced', field: 'code' });
    if (error.hint === 'not_authenticated') return refuseRound({ code: 'not_authenticated' });
    // supabase-js reports a request that never reached the server as an error without a code.
    if (!error.code) return refuseRound({ code: 'online_only' });
    return refuseRound({ code: 'server' });
  }
  const result = data as { notebook_id?: string; moved?: number; kept?: number; access?: string } | null;
  if (!result?.notebook_id) return refuseRound({ code: 'server' });
  ctx.syncNow?.();
  return ok({ notebookId: result.notebook_id, moved: result.moved ?? 0, kept: result.kept ?? 0, access: claimAccess(result.access) });
}

/** The server's access code; a claim stored before issue 28 has none, and always gave access. */
function claimAccess(access: string | undefined): ClaimAccess {
  return access === 'not_granted' ? 'not_granted' : access === 'existing' ? 'existing' : 'granted';
}
