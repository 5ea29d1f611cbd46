import { describe, expect, test } from 'vitest';
import { addSticker, flipLayer, moveSticker, placeSticker, removeSticker, resizeSticker, rotateSticker, tidyCover, MAX_STICKERS } from './stickers.ts';
import { STICKER_SLOTS } from './appearance.ts';

describe('stickers', () => {
  test('add, resize within bounds, rotate within ±180, flip layer, remove; at most a few', () => {
    let stickers = addSticker([], 'star');
    expect(stickers).toEqual([{ id: 'star', size: 16, rotation: 0, layer: 'front', x: 3, y: 3 }]);
    stickers = resizeSticker(stickers, 0, 100);
    expect(stickers[0].size).toBe(40);
    stickers = rotateSticker(stickers, 0, 190);
    expect(stickers[0].rotation).toBe(-170);
    stickers = flipLayer(stickers, 0);
    expect(stickers[0].layer).toBe('back');
    expect(removeSticker(stickers, 0)).toEqual([]);
    let many = stickers;
    for (let i = 0; i < 20; i++) many = addSticker(many, 'heart');
    expect(many).toHaveLength(MAX_STICKERS);
  });

  test('a new sticker takes a free place around the label, a place left by a removed one first', () => {
    let stickers = addSticker(addSticker(addSticker([], 'star'), 'heart'), 'sun');
    expect(stickers.map(({ x, y }) => ({ x, y }))).toEqual(STICKER_SLOTS.slice(0, 3));
    stickers = addSticker(removeSticker(stickers, 1), 'cat');
    expect(stickers.map((s) => [s.id, s.x, s.y])).toEqual([
      ['star', 3, 3],
      ['sun', 3, 80],
      ['cat', 77, 3],
    ]);
  });

  test('moves by steps within the cover, from where an unplaced sticker is shown; a drag places it', () => {
    // Stored before stickers had places: shown in its slot, moved from there.
    const old = [{ id: 'star', size: 16, rotation: 0, layer: 'front' as const }, { id: 'sun', size: 16, rotation: 0, layer: 'front' as const }];
    expect(moveSticker(old, 1, 0, 1)[1]).toMatchObject({ x: 77, y: 8 });
    expect(moveSticker(old, 1, 0, 1)[0]).toEqual(old[0]);
    let moved = moveSticker(old, 0, -1, -1);
    expect(moved[0]).toMatchObject({ x: 0, y: 0 });
    for (let i = 0; i < 30; i++) moved = moveSticker(moved, 0, 1, 1);
    expect(moved[0]).toMatchObject({ x: 90, y: 90 });
    expect(placeSticker(old, 0, { x: 42, y: 120 })[0]).toMatchObject({ x: 42, y: 90 });
  });

  test('an empty cover is stored as null', () => {
    expect(tidyCover({ subtitle: '  ', stickers: [] })).toBeNull();
    expect(tidyCover({ subtitle: ' Turma B ' })).toEqual({ subtitle: 'Turma B' });
  });
});
