import { ROW_TIMESTAMPS, defineCollection, flag, nullableText, text, uuid, type ReplicatedRow } from './fields.ts';

export const NOTEBOOK_THEMES = ['purple', 'pink', 'blue', 'teal', 'yellow', 'orange'] as const;
export type NotebookTheme = (typeof NOTEBOOK_THEMES)[number];

export interface CoverSticker {
  id: string;
  size: number;
  rotation: number;
  layer: 'front' | 'back';
  x?: number;
  y?: number;
}

export interface NotebookCover {
  title?: string;
  subtitle?: string;
  color?: string;
  theme?: string;
  /** The cover style (issue 35): an id of the cover_styles catalogue; none or 'liso' is the plain cover. */
  style?: string;
  stickers?: CoverSticker[];
}

/** Spec §3 Notebook, as the `notebooks` table stores it. */
export interface NotebookDoc extends ReplicatedRow {
  user_id: string;
  title: string;
  description: string | null;
  author: string;
  theme: string;
  pre_moderation_enabled: boolean;
  paper_style: string;
  sticker_border: string | null;
  cover: NotebookCover | null;
  is_shared: boolean;
}

export const notebooksCollection = defineCollection<NotebookDoc>({
  title: 'notebooks',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: uuid,
    user_id: uuid,
    title: text,
    description: nullableText,
    author: text,
    theme: text,
    pre_moderation_enabled: flag,
    paper_style: text,
    sticker_border: nullableText,
    cover: { type: ['object', 'null'] },
    is_shared: flag,
    ...ROW_TIMESTAMPS,
  },
  required: ['id'],
});
