import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import { toast } from '../../state/toast.ts';
import { LOAD_ERROR, LOAD_ERROR_TITLE } from './admin-messages.ts';

/** Spec §8 "Admin load error": a toast once each time a section's read fails (online; offline says so itself). */
export function useLoadErrorToast(failed: boolean): void {
  const { i18n } = useLingui();
  useEffect(() => {
    if (failed && (typeof navigator === 'undefined' || navigator.onLine)) {
      toast({ title: i18n._(LOAD_ERROR_TITLE), description: i18n._(LOAD_ERROR), variant: 'destructive' });
    }
  }, [failed]);
}
