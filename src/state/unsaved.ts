import { useEffect } from 'react';
import { create } from 'zustand';

/**
 * Forms with unsaved typing register here, so nothing reloads the page under them (the update
 * card waits until they are saved or discarded).
 */
interface UnsavedState {
  forms: ReadonlySet<string>;
  mark(formId: string, dirty: boolean): void;
}

export const useUnsavedStore = create<UnsavedState>((set, get) => ({
  forms: new Set(),
  mark(formId, dirty) {
    if (get().forms.has(formId) === dirty) return;
    const forms = new Set(get().forms);
    if (dirty) forms.add(formId);
    else forms.delete(formId);
    set({ forms });
  },
}));

export const hasUnsavedWork = () => useUnsavedStore.getState().forms.size > 0;

/** Call in a form: `useUnsavedChanges('create-notebook', isDirty)`. Unmounting clears the mark. */
export function useUnsavedChanges(formId: string, dirty: boolean): void {
  useEffect(() => {
    useUnsavedStore.getState().mark(formId, dirty);
    return () => useUnsavedStore.getState().mark(formId, false);
  }, [formId, dirty]);
}
