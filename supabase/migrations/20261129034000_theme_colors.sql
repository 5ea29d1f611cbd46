-- A theme admins add is drawn from its colours (issue 35): notebook_themes.colors holds the app's
-- theme contract (cover, coverText, accent, accentSoft, spine; '#rrggbb'), checked with the cover's
-- text readable on the cover (contrast >= 4.5:1, WCAG AA) — private.theme_colors_ok —, a name is
-- required and the default theme (purple) cannot be disabled (spec §5, as lined-blue for papers).
-- The app's own themes get the colours it draws them with (src/styles/theme-colors.ts); teal's
-- cover darkens (#0d9488 under white text was 3.7:1). schemas/notebooks.sql, reference_data.sql.
-- A theme's colours (issue 35; the keys of the app's notebook theme contract,
-- src/styles/theme-colors.ts): exactly cover, coverText, accent, accentSoft and spine, each
-- '#rrggbb' in lower case, and the cover's text readable on the cover — contrast at least 4.5:1
-- (WCAG 2 AA, relative luminance of sRGB). The app checks the same before sending.
create or replace function private.color_luminance(p_hex text)
returns double precision
language sql
immutable
parallel safe
set search_path = ''
as $$
  select 0.2126 * c[1] + 0.7152 * c[2] + 0.0722 * c[3]
    from (select array(
            select case when v <= 0.04045 then v / 12.92 else power((v + 0.055) / 1.055, 2.4) end
              from (select ('x' || substr(p_hex, i, 2))::bit(8)::int / 255.0::double precision as v, i
                      from unnest(array[2, 4, 6]) as i) s
             order by i) as c) rgb
$$;

create or replace function private.theme_colors_ok(p_colors jsonb)
returns boolean
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  k text;
  cover double precision;
  text_on double precision;
begin
  if p_colors is null or jsonb_typeof(p_colors) <> 'object' then return false; end if;
  if (select count(*) from jsonb_object_keys(p_colors)) <> 5 then return false; end if;
  foreach k in array array['cover', 'coverText', 'accent', 'accentSoft', 'spine'] loop
    if jsonb_typeof(p_colors -> k) is distinct from 'string' or (p_colors ->> k) !~ '^#[0-9a-f]{6}$' then
      return false;
    end if;
  end loop;
  cover := private.color_luminance(p_colors ->> 'cover');
  text_on := private.color_luminance(p_colors ->> 'coverText');
  return (greatest(cover, text_on) + 0.05) / (least(cover, text_on) + 0.05) >= 4.5;
end;
$$;

-- Evaluated in the table's checks as the writer: the API's roles execute them (nothing to read).
revoke all on function private.color_luminance(text) from public;
revoke all on function private.theme_colors_ok(jsonb) from public;
grant execute on function private.color_luminance(text) to authenticated, service_role;
grant execute on function private.theme_colors_ok(jsonb) to authenticated, service_role;

update public.notebook_themes set colors = '{"cover":"#7c3aed","coverText":"#ffffff","accent":"#6d28d9","accentSoft":"#ede4ff","spine":"#4c1d95"}' where id = 'purple';
update public.notebook_themes set colors = '{"cover":"#db2777","coverText":"#ffffff","accent":"#be185d","accentSoft":"#fde2f0","spine":"#831843"}' where id = 'pink';
update public.notebook_themes set colors = '{"cover":"#2563eb","coverText":"#ffffff","accent":"#1d4ed8","accentSoft":"#dfe9ff","spine":"#1e3a8a"}' where id = 'blue';
update public.notebook_themes set colors = '{"cover":"#0f766e","coverText":"#ffffff","accent":"#115e59","accentSoft":"#d7f5f1","spine":"#134e4a"}' where id = 'teal';
update public.notebook_themes set colors = '{"cover":"#facc15","coverText":"#3b2f00","accent":"#a16207","accentSoft":"#fff6cc","spine":"#854d0e"}' where id = 'yellow';
update public.notebook_themes set colors = '{"cover":"#f97316","coverText":"#2b1300","accent":"#c2410c","accentSoft":"#ffe6d5","spine":"#7c2d12"}' where id = 'orange';
update public.notebook_themes set colors = '{"cover":"#312e81","coverText":"#e0e7ff","accent":"#4c1d95","accentSoft":"#e0e7ff","spine":"#1e1b4b"}' where id = 'galaxy';
update public.notebook_themes set colors = '{"cover":"#f9a8d4","coverText":"#334155","accent":"#0369a1","accentSoft":"#e0f2fe","spine":"#a5b4fc"}' where id = 'pastel';
update public.notebook_themes set colors = '{"cover":"#06b6d4","coverText":"#1e293b","accent":"#0e7490","accentSoft":"#fef9c3","spine":"#ca8a04"}' where id = 'retro';

alter table public.notebook_themes
  add constraint notebook_themes_name check (length(btrim(name)) between 1 and 80),
  add constraint notebook_themes_colors check (private.theme_colors_ok(colors)),
  add constraint notebook_themes_default_stays_active check (id <> 'purple' or is_active);
