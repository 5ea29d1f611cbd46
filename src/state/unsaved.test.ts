import { describe, expect, it } from 'vitest';
import { hasUnsavedWork, useUnsavedStore } from './unsaved.ts';

describe('unsaved work registry', () => {
  it('knows while any form has unsaved typing', () => {
    const { mark } = useUnsavedStore.getState();
    expect(hasUnsavedWork()).toBe(false);
    mark('create-notebook', true);
    mark('answer', true);
    expect(hasUnsavedWork()).toBe(true);
    mark('create-notebook', false);
    expect(hasUnsavedWork()).toBe(true);
    mark('answer', false);
    expect(hasUnsavedWork()).toBe(false);
  });
});
