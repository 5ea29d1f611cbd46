-- Achievements admins write (issue 35; /admin › Conquistas): a name is required in both languages
-- (1–80 characters after trimming) and a description stays short (up to 300 characters), as the
-- form says before sending (spec §5). The type, rarity, points, level and threshold checks were
-- there; only admins write (the policies were there). schemas/achievements_translations.sql.
alter table public.achievements
  add constraint achievements_names check (length(btrim(name_pt)) between 1 and 80 and length(btrim(name_en)) between 1 and 80),
  add constraint achievements_descriptions check (length(description_pt) <= 300 and length(description_en) <= 300);
