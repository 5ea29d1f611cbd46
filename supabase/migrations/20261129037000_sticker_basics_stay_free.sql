-- The free sticker pack 'basicos' (the app's own drawings, on covers already) is never disabled
-- nor made premium, as the default paper lined-blue and the default theme purple stay active
-- (schemas/store.sql sticker_packs). Replaces nothing.
alter table public.sticker_packs
  add constraint sticker_packs_basics_stay_free check (id <> 'basicos' or (is_active and not is_premium));
