import { useLingui } from '@lingui/react/macro';
import { useToastStore } from '../state/toast.ts';
import { Icon } from './Icon.tsx';
import * as s from './overlays.css.ts';

/** Renders the current toast. Errors (destructive) are announced assertively, the rest politely. */
export function Toaster() {
  const { t } = useLingui();
  const toasts = useToastStore((st) => st.toasts);
  const dismiss = useToastStore((st) => st.dismiss);
  return (
    <div className={s.toastRegion} aria-live="polite">
      {toasts.map((item) => (
        <div
          key={item.id}
          className={item.variant === 'destructive' ? s.toast.destructive : s.toast.default}
          role={item.variant === 'destructive' ? 'alert' : 'status'}
          data-testid="toast"
        >
          <div className={s.toastText}>
            <strong>{item.title}</strong>
            {item.description && <span>{item.description}</span>}
          </div>
          <button type="button" className={s.toastClose} onClick={() => dismiss(item.id)} aria-label={t`Fechar aviso`}>
            <Icon name="close" />
          </button>
        </div>
      ))}
    </div>
  );
}
