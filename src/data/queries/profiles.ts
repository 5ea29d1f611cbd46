/** Profiles of the people in my notebooks (names on cards, collaborator lists), live. */
import { Observable, map } from 'rxjs';
import type { DataContext } from '../repositories/context.ts';
import type { ProfileDoc } from '../schemas/index.ts';
import { all$ } from './common.ts';

export function profilesById$(ctx: DataContext): Observable<Map<string, ProfileDoc>> {
  return all$(ctx, 'profiles').pipe(map((docs) => new Map(docs.map((doc) => [doc.id, doc]))));
}
