import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ERRORS, StorageHttpError } from './errors.ts';
import { objectFilePath } from './keys.ts';

/** A received upload waiting in the temp folder until its database row is written. */
export interface StagedFile {
  tempPath: string;
  size: number;
  /** `"<md5 hex>"`, as S3 and Supabase Storage quote it. */
  eTag: string;
}

/**
 * Object bytes on disk: `<root>/<bucket>/<key>`. Uploads are streamed into `<root>/.tmp` (same
 * filesystem) and renamed into place only once their row is written, so a reader never sees a
 * half-written file and an overwrite is atomic: a download already streaming keeps the old inode.
 */
export class DiskStore {
  private readonly tempDir: string;

  /** Folders are created on first write: a server that stores nothing leaves nothing behind. */
  constructor(readonly root: string) {
    this.tempDir = path.join(root, '.tmp');
  }

  /** A throwaway root for in-memory databases; removed by dispose(). */
  static temporary(): DiskStore {
    return new DiskStore(path.join(os.tmpdir(), `cadernos-storage-${randomUUID()}`));
  }

  filePath(bucket: string, key: string): string {
    return objectFilePath(this.root, bucket, key);
  }

  /** Streams body into a temp file, counting and hashing; over maxBytes it stops with EntityTooLarge. */
  async stage(body: Readable, maxBytes: number): Promise<StagedFile> {
    await fsp.mkdir(this.tempDir, { recursive: true });
    const tempPath = path.join(this.tempDir, randomUUID());
    const hash = createHash('md5');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > maxBytes) return done(ERRORS.entityTooLarge());
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(body, meter, fs.createWriteStream(tempPath));
    } catch (error) {
      await fsp.rm(tempPath, { force: true });
      throw error instanceof StorageHttpError ? error : ERRORS.noContentProvided();
    }
    return { tempPath, size, eTag: `"${hash.digest('hex')}"` };
  }

  async discard(staged: StagedFile | undefined): Promise<void> {
    if (staged) await fsp.rm(staged.tempPath, { force: true });
  }

  /** Moves a staged upload to its object path, replacing what was there. */
  async commit(staged: StagedFile, bucket: string, key: string): Promise<void> {
    const target = this.filePath(bucket, key);
    await this.withKeyConflicts(key, async () => {
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(staged.tempPath, target);
    });
  }

  /** Copies an object's bytes through the temp folder, so the destination appears atomically. */
  async copy(fromBucket: string, fromKey: string, toBucket: string, toKey: string): Promise<void> {
    await fsp.mkdir(this.tempDir, { recursive: true });
    const tempPath = path.join(this.tempDir, randomUUID());
    try {
      await fsp.copyFile(this.filePath(fromBucket, fromKey), tempPath);
      await this.commit({ tempPath, size: 0, eTag: '' }, toBucket, toKey);
    } finally {
      await fsp.rm(tempPath, { force: true });
    }
  }

  async move(fromBucket: string, fromKey: string, toBucket: string, toKey: string): Promise<void> {
    const target = this.filePath(toBucket, toKey);
    await this.withKeyConflicts(toKey, async () => {
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(this.filePath(fromBucket, fromKey), target);
    });
    await this.pruneEmptyFolders(fromBucket, fromKey);
  }

  /** Removes an object's file (a missing file is fine) and the folders it leaves empty. */
  async remove(bucket: string, key: string): Promise<void> {
    await fsp.rm(this.filePath(bucket, key), { force: true });
    await this.pruneEmptyFolders(bucket, key);
  }

  async removeBucketFolder(bucket: string): Promise<void> {
    await fsp.rm(path.join(this.root, bucket), { recursive: true, force: true });
  }

  async stat(bucket: string, key: string): Promise<fs.Stats | undefined> {
    return fsp.stat(this.filePath(bucket, key)).catch(() => undefined);
  }

  async dispose(): Promise<void> {
    await fsp.rm(this.root, { recursive: true, force: true });
  }

  /** `a` as a file and `a/b` as another object cannot both exist on a filesystem: say so clearly. */
  private async withKeyConflicts(key: string, fn: () => Promise<void>): Promise<void> {
    try {
      await fn();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTDIR' || code === 'EISDIR' || code === 'EEXIST' || code === 'ENOTEMPTY') {
        throw ERRORS.invalidKey(key, 'conflicts with an existing object or folder of the same name');
      }
      if (code === 'ENAMETOOLONG') throw ERRORS.invalidKey(key, 'is too long');
      if (code === 'ENOENT') throw ERRORS.noSuchKey();
      throw error;
    }
  }

  private async pruneEmptyFolders(bucket: string, key: string): Promise<void> {
    const bucketRoot = path.join(this.root, bucket);
    let dir = path.dirname(this.filePath(bucket, key));
    while (dir.startsWith(bucketRoot + path.sep)) {
      try {
        await fsp.rmdir(dir);
      } catch {
        return; // not empty (or already gone): stop climbing
      }
      dir = path.dirname(dir);
    }
  }
}
