/**
 * useDraft after a save: the form keeps what was just written even when the stored values (a live
 * query) have not caught up yet — returning to the last stored values showed the notebook's old
 * paper after "Salvar aparência" (store-admin.spec, one run in three). Stored values that change
 * later are followed again.
 */
import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useDraft } from './useDraft.ts';

describe('useDraft', () => {
  it('keeps the saved draft until the stored values catch up, then follows them', () => {
    const { result, rerender } = renderHook(({ stored }) => useDraft(stored), { initialProps: { stored: { paper: 'lined-blue' } } });
    act(() => result.current.setDraft({ paper: 'carta' }));
    expect(result.current.dirty).toBe(true);
    act(() => result.current.saved());
    expect(result.current).toMatchObject({ dirty: false, draft: { paper: 'carta' } });
    rerender({ stored: { paper: 'carta' } });
    expect(result.current.draft).toEqual({ paper: 'carta' });
    rerender({ stored: { paper: 'grid' } }); // changed on another device
    expect(result.current.draft).toEqual({ paper: 'grid' });
  });

  it('reset (Descartar) goes back to the stored values', () => {
    const { result } = renderHook(() => useDraft({ paper: 'lined-blue' }));
    act(() => result.current.setDraft({ paper: 'carta' }));
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ dirty: false, draft: { paper: 'lined-blue' } });
  });
});
