/**
 * The state of a round of "Passar o caderno" on this device (issue 21): which notebook, whose
 * round, its lock, whose turn it is, and the claim code of the turn that just ended. It lives in
 * the device's key-value store on IndexedDB (kv-store.ts), not in the account's RxDB database,
 * for two reasons: the app's frame reads it at launch, before (and without) the data layer, to
 * keep a friend inside the round; and it is never replicated. It survives a reload, a crash and
 * the app being closed; the guests and their answers are ordinary replicated documents.
 *
 * No rxjs and no RxDB here: the frame's first chunk imports this module.
 */
import { kvStore, type KvStore } from '../kv-store.ts';
import type { RoundLock } from './round-lock.ts';

export const ROUND_KEY = 'cadernos-party-round';

/**
 * handover   the phone is between two people: nothing of anybody's turn is on screen
 * answering  a guest (`guest`) is answering
 * turn-ended the guest's turn is over: their claim code is on screen until the next person starts
 */
export type RoundPhase = 'handover' | 'answering' | 'turn-ended';

export interface CurrentGuest {
  id: string;
  name: string;
  isAnonymous: boolean;
  /** Their answers' ids derive from it (derived-ids.ts); forgotten with the turn. */
  answerSecret: string;
}

export interface RoundState {
  version: 1;
  id: string;
  hostId: string;
  notebookId: string;
  startedAt: string;
  lock: RoundLock;
  phase: RoundPhase;
  guest: CurrentGuest | null;
  /** Shown at the end of the guest's turn; forgotten when the next turn starts. */
  claimCode: string | null;
  /** The guests of this round so far, in order. */
  guestIds: string[];
}

type Listener = (state: RoundState | null) => void;

function parse(text: string | null): RoundState | null {
  if (!text) return null;
  try {
    const state = JSON.parse(text) as RoundState;
    return state?.version === 1 && typeof state.notebookId === 'string' ? state : null;
  } catch {
    return null;
  }
}

/** One device's round, read once, then kept in memory and written through. */
export class RoundStore {
  private loaded: Promise<RoundState | null> | undefined;
  private state: RoundState | null | undefined;
  private readonly listeners = new Set<Listener>();
  /** Writes one after the other: a turn's steps follow each other quickly. */
  private writing: Promise<unknown> = Promise.resolve();

  constructor(private readonly kv: KvStore) {}

  current(): Promise<RoundState | null> {
    this.loaded ??= this.kv
      .getItem(ROUND_KEY)
      .then(parse)
      .catch(() => null)
      .then((state) => (this.state === undefined ? (this.state = state) : this.state));
    return this.loaded;
  }

  /** Replaces the state (null: no round) once it is on disk, and tells the listeners. */
  async save(state: RoundState | null): Promise<void> {
    const write = this.writing.then(() => (state ? this.kv.setItem(ROUND_KEY, JSON.stringify(state)) : this.kv.removeItem(ROUND_KEY)));
    this.writing = write.catch(() => undefined);
    await write;
    this.state = state;
    this.loaded = Promise.resolve(state);
    for (const listener of this.listeners) listener(state);
  }

  /** Calls `listener` with the state now and after each change; returns the unsubscribe. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    void this.current().then((state) => {
      if (this.listeners.has(listener)) listener(this.state === undefined ? state : this.state);
    });
    return () => this.listeners.delete(listener);
  }
}

const stores = new WeakMap<KvStore, RoundStore>();

/** The one RoundStore of a key-value store (the frame and the data layer share the app's). */
export function roundStoreOf(kv: KvStore = kvStore): RoundStore {
  let store = stores.get(kv);
  if (!store) {
    store = new RoundStore(kv);
    stores.set(kv, store);
  }
  return store;
}

/** The frame's view: is a round going on on this device, and on which notebook. */
export function watchActiveRound(listener: (round: { notebookId: string; hostId: string } | null) => void): () => void {
  return roundStoreOf().subscribe((state) => listener(state ? { notebookId: state.notebookId, hostId: state.hostId } : null));
}
