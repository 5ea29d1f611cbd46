import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../app/routes.ts';
import { FRAME_SCREENS, PLACES, fillPattern } from './screens.ts';

describe("the frame's screens", () => {
  it('names every route, and every place it points to exists', () => {
    for (const route of ROUTES) expect(FRAME_SCREENS[route.path], route.path).toBeDefined();
    for (const screen of Object.values(FRAME_SCREENS)) {
      if (screen.place) expect(PLACES.map((p) => p.id)).toContain(screen.place);
    }
  });

  it("leads back to a parent that is itself a route, filled with the screen's parameters", () => {
    // The parameter's name may differ (`/notebook/:notebookId` from moderation); the shape may not.
    const shape = (pattern: string) => pattern.replace(/:\w+/g, ':');
    const shapes = ROUTES.map((route) => shape(route.path));
    for (const screen of Object.values(FRAME_SCREENS)) if (screen.parent) expect(shapes).toContain(shape(screen.parent));
    expect(fillPattern('/notebook/:notebookId', { notebookId: 'a b' })).toBe('/notebook/a%20b');
  });
});
