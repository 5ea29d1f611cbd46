/**
 * The paper styles the app draws (spec §3; default lined-blue) — the ids of the server's
 * `paper_styles` catalogue (supabase/schemas/reference_data.sql), which is the one truth: a
 * notebook's `paper_style` refers to it (a foreign key), and `supabase/tests/paper-styles.test.ts`
 * fails when this list and the table part. Kept in the bundle because each style is drawn by CSS
 * (notebook.css.ts), so the editor offers them offline, before any read.
 *
 * STORE_PAPERS are the catalogue's premium rows (`is_premium`): the editor offers them to the
 * people who own them from the seasonal store (issue 35) and marks them "na loja" for the others;
 * guests and collaborators see the owner's paper without owning it (spec §6).
 */
export const PAPER_STYLES = ['lined-blue', 'lined-red', 'lined-pink', 'lined-green', 'grid', 'dotted', 'plain', 'vintage', 'kraft'] as const;
export type PaperStyle = (typeof PAPER_STYLES)[number];
export const DEFAULT_PAPER_STYLE: PaperStyle = 'lined-blue';
export const STORE_PAPERS: readonly PaperStyle[] = ['vintage', 'kraft'];
