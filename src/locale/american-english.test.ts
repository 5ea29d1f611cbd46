import { describe, expect, it } from 'vitest';
import { readCatalog } from './po-catalog.ts';

/**
 * en-US is American English throughout (QA J14: "Favourites" and "colour" next to "favorite
 * color"). British spellings that have crept into translations before are caught here.
 */
const BRITISH = /\b(favourite|colour|behaviour|honour|humour|neighbour|flavour|\w+isation|customis|organis|recognis|personalis|authoris|apologis|prioritis|summaris|minimis|centre|grey|cancelled|cancelling|labelled|travelled|catalogue|licence)\w*/gi;

describe('the en-US catalogs', () => {
  it('spell in American English', () => {
    const british = [...readCatalog('en-US').values()].flatMap((text) => text.match(BRITISH) ?? []);
    expect(british).toEqual([]);
  });
});
