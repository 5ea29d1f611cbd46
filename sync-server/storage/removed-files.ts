import type { Database } from '../db/types.ts';
import type { DiskStore } from './disk.ts';

/** How often the queue is looked at when no notification came (a lost listening connection). */
const FALLBACK_MS = 60_000;

/**
 * Removes the bytes of object rows deleted in SQL rather than through this API (schema.sql:
 * storage.removed_files, filled by the trigger remember_removed_files) — e.g. the pictures of an
 * account removed by `delete_my_account`. On Supabase the row is what Storage serves; here the
 * file is too, so it goes as soon as the row's deletion is committed: on the trigger's
 * notification, at start (deletions made while the server was down) and every minute.
 * A name whose key holds a row again (uploaded anew since) keeps its file.
 */
export class RemovedFiles {
  private unlisten: (() => Promise<void>) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private closed = false;
  private started: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly store: DiskStore,
  ) {}

  start(): Promise<void> {
    this.started ??= this.listen();
    return this.started;
  }

  private async listen(): Promise<void> {
    this.unlisten = await this.db.listen('storage_removed_files', () => this.sweepSoon());
    this.timer = setInterval(() => this.sweepSoon(), FALLBACK_MS);
    this.timer.unref();
    await this.sweep();
  }

  /** One sweep at a time; a notification during a sweep runs one more after it. */
  sweepSoon(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.sweep()
      .catch((error) => {
        if (!this.closed) console.error('[storage] removing the files of deleted rows failed:', (error as Error).message);
      })
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.sweepSoon();
        }
      });
  }

  /** Resolves once the files of every deletion committed so far are gone (tests, shutdown). */
  async sweep(): Promise<void> {
    const { rows } = await this.db.query<{ bucket_id: string; name: string; reused: boolean }>(
      `delete from storage.removed_files r
       returning r.bucket_id, r.name,
         exists (select 1 from storage.objects o where o.bucket_id = r.bucket_id and o.name = r.name) as reused`,
    );
    for (const row of rows) {
      if (!row.reused) await this.store.remove(row.bucket_id, row.name).catch(() => {});
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.started?.catch(() => {});
    clearInterval(this.timer);
    await this.running;
    await this.unlisten?.().catch(() => {});
  }
}
