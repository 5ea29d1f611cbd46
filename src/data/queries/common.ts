import { Observable, of, map } from 'rxjs';
import type { MangoQuerySelector } from 'rxdb';
import { collectionOf, hasCollection, type DataContext } from '../repositories/context.ts';
import type { CollectionName, DocTypes } from '../schemas/index.ts';

/** Every live document of a collection as plain objects, re-emitted on each change (empty if absent). */
export function all$<Name extends CollectionName>(
  ctx: DataContext,
  name: Name,
  selector: MangoQuerySelector<DocTypes[Name]> = {},
): Observable<DocTypes[Name][]> {
  if (!hasCollection(ctx, name)) return of([]);
  return collectionOf(ctx, name).find({ selector }).$.pipe(map((docs) => docs.map((doc) => doc.toJSON() as DocTypes[Name])));
}

export function byNotebook<T extends { notebook_id: string }>(docs: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const doc of docs) {
    const group = groups.get(doc.notebook_id);
    if (group) group.push(doc);
    else groups.set(doc.notebook_id, [doc]);
  }
  return groups;
}

export const newestFirst = <T extends { updated_at?: string; created_at?: string }>(key: 'updated_at' | 'created_at') =>
  (a: T, b: T): number => String(b[key] ?? '').localeCompare(String(a[key] ?? ''));
