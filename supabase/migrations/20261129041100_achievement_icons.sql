-- An achievement's icon is a key of the icons the app draws (issue 35; /admin › Conquistas offers
-- them): src/data/online/achievement-icons.ts, inline SVG — a free text could name nothing the app
-- draws. The seeded achievements' icons are all in the list. schemas/achievements_translations.sql.
-- Replaces nothing.
alter table public.achievements
  add constraint achievements_icon check (icon is null or icon in (
    'door-open', 'notebook', 'notebooks', 'pencil', 'compass', 'handshake', 'megaphone', 'medal', 'star', 'heart', 'trophy', 'users'));
