/**
 * Refused writes (S8): the person fixes one (writes it again, corrected, through the normal
 * repository function; a successful push of the same document clears the refusal by itself)
 * or discards it (what they typed is dropped; the device already holds the server's state).
 */
import type { WriteResult } from '../problems.ts';
import type { DataContext } from './context.ts';

export function discardRejection(ctx: DataContext, key: string): Promise<void> {
  return ctx.ledger.clearRejections([key]);
}

/** Runs the corrected write; when it is accepted locally, the old refusal is dropped. */
export async function fixRejection<T>(ctx: DataContext, key: string, write: () => Promise<WriteResult<T>>): Promise<WriteResult<T>> {
  const result = await write();
  if (result.ok) await ctx.ledger.clearRejections([key]);
  return result;
}
