/**
 * RxDB's conflict handler for one collection: the pure rules of conflicts.ts, plus one case only
 * the push knows about — a write the server refused (S8). The push handler reports it to RxDB
 * as a conflict whose master state is the server's row (or a deletion, when the server has
 * none) and holds the refused state in the gate; the handler then keeps the server's state
 * instead of merging, so the refused write is not retried forever. What was typed is kept in
 * the sync ledger, where the person can fix or discard it.
 */
import type { CollectionName, DocTypes } from '../schemas/index.ts';
import type { RxConflictHandler } from 'rxdb';
import { resolveConflict, sameDocument, type LocalState } from './conflicts.ts';

/** Refused writes between the push that got the refusal and RxDB's resolution of it. */
export class RejectionGate {
  private readonly held = new Map<string, LocalState>();

  /**
   * Told when RxDB finds a local document equal to the state it assumes the server has, and so
   * pushes nothing: a document written A → B → A while the push of A was under way. No
   * acknowledgement will come for it, so whoever tracks pending writes must settle it here.
   */
  onAlreadyReplicated: ((collection: CollectionName, id: string) => void) | null = null;

  hold(collection: CollectionName, attempted: LocalState): void {
    this.held.set(`${collection}/${attempted.id}`, attempted);
  }

  /** Whether `state` is exactly the refused write of this document (and forget it). */
  release(collection: CollectionName, state: LocalState<{ id: string; _deleted: boolean }>): boolean {
    const key = `${collection}/${state.id}`;
    const attempted = this.held.get(key);
    if (!attempted || !sameDocument(attempted, state)) return false;
    this.held.delete(key);
    return true;
  }
}

export function conflictHandlerFor<Name extends CollectionName>(
  collection: Name,
  gate: RejectionGate,
): RxConflictHandler<DocTypes[Name]> {
  return {
    isEqual(a, b, context) {
      const equal = sameDocument(a, b);
      if (equal && context === 'upstream-check-if-equal') gate.onAlreadyReplicated?.(collection, b.id);
      return equal;
    },
    async resolve(input) {
      if (gate.release(collection, input.newDocumentState)) return input.realMasterState;
      return resolveConflict(collection, input);
    },
  };
}
