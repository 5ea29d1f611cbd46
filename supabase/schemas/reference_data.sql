-- Reference data every installation needs (the data file of the schema, applied last). Its
-- migration is 20261124100600_reference_data.sql, so that `supabase db push` brings it to a hosted
-- project (push runs no seed files) and the sync-server has it on a fresh database; a change of
-- these rows is written into a new migration by hand (`supabase db diff` leaves data out):
--
--   forbidden words (pt-BR, en-US)   a starting list; admins edit it in the admin panel
--   notebook themes, paper styles    the six spec themes plus store items
--   achievements                     the named achievements of spec §3, thresholds of §9
--   translations                     a few dynamic texts (translations-manager)
--
-- Idempotent (was supabase/seed.sql): running it again adds what is missing and restores the
-- catalogues' names, colours and thresholds; words admins added stay. Demo people and notebooks
-- are NOT reference data: supabase/seed-demo.sql, local machines only.

-- ---------------------------------------------------------------------------------------------
-- Forbidden words. Matching is by whole word (or whole phrase), case- and accent-insensitive
-- (private.normalize_text), so ambiguous everyday words (pau, pinto, rola, cock, pussy, ass) are
-- deliberately left out: they would refuse innocent answers.
-- ---------------------------------------------------------------------------------------------

insert into public.forbidden_words (word, language)
select w, 'pt-BR' from unnest(array[
  'porra', 'caralho', 'caralhos', 'krl', 'crl', 'merda', 'merdinha', 'merdas', 'bosta', 'bostinha',
  'puta', 'puto', 'putas', 'putaria', 'puteiro', 'putinha', 'puta que pariu', 'pqp',
  'foda', 'foder', 'fodido', 'fodida', 'fodendo', 'foda-se', 'fodase', 'vai se foder', 'vsf',
  'fdp', 'filho da puta', 'filha da puta', 'filhos da puta',
  'cu', 'cuzão', 'cuzinho', 'tomar no cu', 'vai tomar no cu', 'tnc', 'pau no cu',
  'arrombado', 'arrombada', 'babaca', 'otário', 'otária', 'imbecil', 'retardado', 'retardada',
  'viado', 'bicha', 'sapatão', 'traveco', 'vagabunda', 'vadia', 'piranhuda',
  'buceta', 'boceta', 'xoxota', 'xota', 'xereca', 'piroca', 'caceta', 'cacete',
  'desgraçado', 'desgraçada', 'corno', 'corna', 'broxa', 'punheta', 'punheteiro', 'boquete',
  'siririca', 'escroto', 'escrota', 'chupa meu', 'mamar meu', 'rapariga', 'quenga', 'biscate'
]) as w
on conflict on constraint forbidden_words_unique_per_language do nothing;

insert into public.forbidden_words (word, language)
select w, 'en-US' from unnest(array[
  'fuck', 'fucks', 'fucking', 'fucked', 'fucker', 'fuckers', 'fuck you', 'motherfucker', 'motherfucking',
  'shit', 'shits', 'shitty', 'bullshit', 'horseshit', 'bitch', 'bitches', 'son of a bitch',
  'bastard', 'bastards', 'asshole', 'assholes', 'dumbass', 'jackass', 'dick', 'dickhead', 'dicks',
  'cunt', 'cunts', 'twat', 'prick', 'wanker', 'douchebag', 'cocksucker', 'whore', 'whores',
  'slut', 'sluts', 'skank', 'piss off', 'pissed off', 'goddamn', 'wtf', 'stfu',
  'retard', 'retarded', 'faggot', 'fag', 'dyke', 'tranny', 'nigger', 'nigga', 'kike', 'spic', 'chink',
  'dildo', 'blowjob', 'handjob', 'jerk off', 'cum'
]) as w
on conflict on constraint forbidden_words_unique_per_language do nothing;

-- ---------------------------------------------------------------------------------------------
-- Appearance catalogues
-- ---------------------------------------------------------------------------------------------

insert into public.notebook_themes (id, name, colors, is_premium, sort_order) values
  ('purple', 'Roxo',        '{"cover":"#7c3aed","coverText":"#ffffff","accent":"#6d28d9","accentSoft":"#ede4ff","spine":"#4c1d95"}', false, 1),
  ('pink',   'Rosa',        '{"cover":"#db2777","coverText":"#ffffff","accent":"#be185d","accentSoft":"#fde2f0","spine":"#831843"}', false, 2),
  ('blue',   'Azul',        '{"cover":"#2563eb","coverText":"#ffffff","accent":"#1d4ed8","accentSoft":"#dfe9ff","spine":"#1e3a8a"}', false, 3),
  ('teal',   'Verde-água',  '{"cover":"#0f766e","coverText":"#ffffff","accent":"#115e59","accentSoft":"#d7f5f1","spine":"#134e4a"}', false, 4),
  ('yellow', 'Amarelo',     '{"cover":"#facc15","coverText":"#3b2f00","accent":"#a16207","accentSoft":"#fff6cc","spine":"#854d0e"}', false, 5),
  ('orange', 'Laranja',     '{"cover":"#f97316","coverText":"#2b1300","accent":"#c2410c","accentSoft":"#ffe6d5","spine":"#7c2d12"}', false, 6),
  ('galaxy', 'Galáxia',     '{"cover":"#312e81","coverText":"#e0e7ff","accent":"#4c1d95","accentSoft":"#e0e7ff","spine":"#1e1b4b"}', true, 7),
  ('pastel', 'Tons pastel', '{"cover":"#f9a8d4","coverText":"#334155","accent":"#0369a1","accentSoft":"#e0f2fe","spine":"#a5b4fc"}', true, 8),
  ('retro',  'Anos 90',     '{"cover":"#06b6d4","coverText":"#1e293b","accent":"#0e7490","accentSoft":"#fef9c3","spine":"#ca8a04"}', true, 9)
on conflict (id) do update
  set name = excluded.name, colors = excluded.colors, is_premium = excluded.is_premium, sort_order = excluded.sort_order;

insert into public.paper_styles (id, name, is_premium, sort_order) values
  ('lined-blue',  'Pautado azul',    false, 1),
  ('lined-pink',  'Pautado rosa',    false, 2),
  ('lined-green', 'Pautado verde',   false, 3),
  ('grid',        'Quadriculado',    false, 4),
  ('dotted',      'Pontilhado',      false, 5),
  ('plain',       'Liso',            false, 6),
  ('vintage',     'Papel antigo',    true,  7),
  ('kraft',       'Kraft',           true,  8),
  ('lined-red',   'Pautado vermelho', false, 9)
on conflict (id) do update
  set name = excluded.name, is_premium = excluded.is_premium, sort_order = excluded.sort_order;

-- ---------------------------------------------------------------------------------------------
-- Achievements (spec §3 names, §9 thresholds: prolific creator 5 notebooks, participative 10 answers)
-- ---------------------------------------------------------------------------------------------

insert into public.achievements
  (id, name_pt, name_en, description_pt, description_en, type, rarity, points, level, threshold, icon) values
  ('first_visit', 'Primeira visita', 'First visit',
   'Entrou nos Cadernos pela primeira vez.', 'Visited Cadernos for the first time.',
   'general', 'common', 5, 1, 1, 'door-open'),
  ('first_notebook', 'Primeiro caderno', 'First notebook',
   'Criou o seu primeiro caderno.', 'Created your first notebook.',
   'creation', 'common', 10, 1, 1, 'notebook'),
  ('prolific_creator', 'Criador prolífico', 'Prolific creator',
   'Criou 5 cadernos.', 'Created 5 notebooks.',
   'creation', 'rare', 50, 2, 5, 'notebooks'),
  ('participative', 'Participativo', 'Participative',
   'Teve 10 respostas aprovadas.', 'Had 10 answers approved.',
   'participation', 'uncommon', 30, 2, 10, 'pencil'),
  ('explorer', 'Explorador', 'Explorer',
   'Respondeu cadernos de 3 pessoas diferentes.', 'Answered notebooks of 3 different people.',
   'participation', 'uncommon', 25, 2, 3, 'compass'),
  ('collaborative', 'Colaborativo', 'Collaborative',
   'Colaborou em um caderno (ou teve um colaborador no seu).', 'Collaborated on a notebook (or had a collaborator on yours).',
   'social', 'rare', 40, 2, 1, 'handshake'),
  ('influencer', 'Influenciador', 'Influencer',
   'Compartilhou seus cadernos com 10 pessoas.', 'Shared your notebooks with 10 people.',
   'sharing', 'epic', 75, 3, 10, 'megaphone'),
  ('veteran', 'Veterano', 'Veteran',
   'Está nos Cadernos há um ano.', 'Has been on Cadernos for a year.',
   'general', 'legendary', 100, 4, 365, 'medal')
on conflict (id) do update
  set name_pt = excluded.name_pt, name_en = excluded.name_en, description_pt = excluded.description_pt,
      description_en = excluded.description_en, type = excluded.type, rarity = excluded.rarity,
      points = excluded.points, level = excluded.level, threshold = excluded.threshold, icon = excluded.icon;

-- ---------------------------------------------------------------------------------------------
-- Dynamic translations (texts admins change without a release)
-- ---------------------------------------------------------------------------------------------

insert into public.translations (key, pt_br, en_us) values
  ('store.banner.title', 'Loja sazonal', 'Seasonal store'),
  ('store.banner.subtitle', 'Temas, adesivos e papéis novos a cada estação.', 'New themes, stickers and papers every season.'),
  ('home.announcement', 'Bem-vindo aos Cadernos!', 'Welcome to Cadernos!')
on conflict on constraint translations_key_unique do nothing;
