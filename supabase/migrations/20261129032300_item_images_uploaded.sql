-- A seasonal item's main and preview images are uploads to Storage, not URL fields (issue 35;
-- schemas/store.sql): seasonal_items.image_url / preview_url hold the public address of a file
-- of the bucket store-images (absolute, or the path when the app and the backend share an
-- origin), uploaded by /admin › Catálogo da loja with the profile images' checks. An address that
-- is not such a file (set through SQL before; the form had no image field) is cleared.
-- Replaces the constraints seasonal_items_image_url and seasonal_items_preview_url.
update public.seasonal_items
   set image_url = null
 where image_url !~ '^(https://[^/[:space:]]{1,200})?/storage/v1/object/public/store-images/[A-Za-z0-9_-]{1,80}\.(png|jpg|webp)$';
update public.seasonal_items
   set preview_url = null
 where preview_url !~ '^(https://[^/[:space:]]{1,200})?/storage/v1/object/public/store-images/[A-Za-z0-9_-]{1,80}\.(png|jpg|webp)$';
alter table public.seasonal_items drop constraint seasonal_items_image_url;
alter table public.seasonal_items drop constraint seasonal_items_preview_url;
alter table public.seasonal_items
  add constraint seasonal_items_image_url check (image_url ~ '^(https://[^/[:space:]]{1,200})?/storage/v1/object/public/store-images/[A-Za-z0-9_-]{1,80}\.(png|jpg|webp)$');
alter table public.seasonal_items
  add constraint seasonal_items_preview_url check (preview_url ~ '^(https://[^/[:space:]]{1,200})?/storage/v1/object/public/store-images/[A-Za-z0-9_-]{1,80}\.(png|jpg|webp)$');
