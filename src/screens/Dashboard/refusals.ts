import type { NotebookInput } from '../../data/repositories/notebooks.ts';

/** The fields a person typed into a refused notebook, with the corrected title, ready to write again. */
export function correctedNotebook(attempted: Record<string, unknown>, title: string): NotebookInput {
  const text = (key: string) => (typeof attempted[key] === 'string' ? (attempted[key] as string) : undefined);
  return {
    title,
    description: text('description') ?? null,
    author: text('author'),
    theme: text('theme'),
    paper_style: text('paper_style'),
    sticker_border: text('sticker_border') ?? null,
    cover: (attempted.cover as NotebookInput['cover']) ?? null,
    pre_moderation_enabled: attempted.pre_moderation_enabled === true,
  };
}
