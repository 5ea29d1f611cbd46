import { useEffect, useState } from 'react';
import type { CatalogueCopy } from '../../../data/online/catalogue-copy.ts';
import { paperCatalogue, type CataloguePaper } from '../../../data/online/paper-catalogue.ts';
import { themeCatalogue, type CatalogueTheme } from '../../../data/online/theme-catalogue.ts';
import { stickerCatalogue, type CatalogueSticker } from '../../../data/online/sticker-catalogue.ts';
import { coverCatalogue, type CatalogueCoverStyle } from '../../../data/online/cover-catalogue.ts';

/**
 * A server catalogue (issue 35): the device's copy at once (offline too), then the visit's one
 * read. Null before the first read anywhere on this device.
 */
function useCatalogue<T>(copy: CatalogueCopy<T>): T[] | null {
  const [rows, setRows] = useState<T[] | null>(copy.cached);
  useEffect(() => {
    const stop = copy.listen(setRows);
    void copy.refresh();
    return stop;
  }, [copy]);
  return rows;
}

/** The paper styles admins keep (paper-catalogue.ts). */
export const usePaperCatalogue = (): CataloguePaper[] | null => useCatalogue(paperCatalogue);

/** The notebook themes admins keep, with their colours (theme-catalogue.ts). */
export const useThemeCatalogue = (): CatalogueTheme[] | null => useCatalogue(themeCatalogue);

/** The stickers of the enabled packs, with their pictures (sticker-catalogue.ts). */
export const useStickerCatalogue = (): CatalogueSticker[] | null => useCatalogue(stickerCatalogue);

/** The cover styles admins keep, with their pictures (cover-catalogue.ts). */
export const useCoverCatalogue = (): CatalogueCoverStyle[] | null => useCatalogue(coverCatalogue);
