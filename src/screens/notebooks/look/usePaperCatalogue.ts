import { useEffect, useState } from 'react';
import { cachedPaperCatalogue, onPaperCatalogue, refreshPaperCatalogue, type CataloguePaper } from '../../../data/online/paper-catalogue.ts';

/**
 * The server's paper catalogue (issue 35): the device's copy at once (offline too), then the
 * visit's one read. Null before the first read anywhere on this device.
 */
export function usePaperCatalogue(): CataloguePaper[] | null {
  const [papers, setPapers] = useState<CataloguePaper[] | null>(cachedPaperCatalogue);
  useEffect(() => {
    const stop = onPaperCatalogue(setPapers);
    void refreshPaperCatalogue();
    return stop;
  }, []);
  return papers;
}
