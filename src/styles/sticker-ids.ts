/**
 * The stickers the app draws itself (StickerArt.tsx, an SVG picture each): the free pack
 * 'basicos' of the server's sticker catalogue (supabase/schemas/store.sql) — the ids notebooks'
 * covers store. `supabase/tests/sticker-packs.test.ts` fails when this list and the pack part.
 * Premium packs come from the store (spec §6) with uploaded pictures.
 */
export const FREE_STICKERS = ['star', 'heart', 'flower', 'rainbow', 'pencil', 'music', 'sun', 'cat', 'rocket', 'smile'] as const;
/** Their pack: never disabled nor sold (the database's check sticker_packs_basics_stay_free). */
export const FREE_STICKER_PACK = 'basicos';
export type StickerId = (typeof FREE_STICKERS)[number];
