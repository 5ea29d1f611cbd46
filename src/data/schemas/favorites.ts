import { ROW_TIMESTAMPS, defineCollection, uuid, type ReplicatedRow } from './fields.ts';

/** A notebook I starred. The id is derived from (me, notebook), so two devices agree (no duplicate). */
export interface FavoriteDoc extends ReplicatedRow {
  user_id: string;
  notebook_id: string;
}

export const favoritesCollection = defineCollection<FavoriteDoc>({
  title: 'favorites',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: uuid,
    user_id: uuid,
    notebook_id: uuid,
    ...ROW_TIMESTAMPS,
  },
  required: ['id'],
});
