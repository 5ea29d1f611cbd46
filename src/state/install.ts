import { create } from 'zustand';
import { watchInstallPrompt, type BeforeInstallPromptEvent } from './install-prompt.ts';

/** Spec §4, §9: the install card stays hidden for 24 hours after it is dismissed. */
export const INSTALL_DISMISS_MS = 24 * 60 * 60 * 1000;
export const INSTALL_DISMISSED_KEY = 'install-dismissed-at';

export function isDismissed(storedAt: string | null, now: number): boolean {
  const at = Number(storedAt);
  return Number.isFinite(at) && at > 0 && now - at < INSTALL_DISMISS_MS;
}

/** iOS Safari has no install prompt: the card explains Share → Add to Home Screen instead. */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios && /Safari/.test(userAgent) && !/CriOS|FxiOS|EdgiOS/.test(userAgent);
}

interface InstallState {
  prompt: BeforeInstallPromptEvent | null;
  dismissedAt: string | null;
  installed: boolean;
  dismiss(): void;
  install(): Promise<void>;
}

const readDismissed = () => {
  try {
    return localStorage.getItem(INSTALL_DISMISSED_KEY);
  } catch {
    return null;
  }
};

export const useInstallStore = create<InstallState>((set, get) => ({
  prompt: null,
  dismissedAt: typeof localStorage === 'undefined' ? null : readDismissed(),
  installed: typeof window !== 'undefined' && window.matchMedia?.('(display-mode: standalone)').matches === true,
  dismiss() {
    const at = String(Date.now());
    try {
      localStorage.setItem(INSTALL_DISMISSED_KEY, at);
    } catch {
      // Storage blocked: hidden for this visit only.
    }
    set({ dismissedAt: at });
  },
  async install() {
    const prompt = get().prompt;
    if (!prompt) return;
    await prompt.prompt();
    const { outcome } = await prompt.userChoice;
    set({ prompt: null, installed: outcome === 'accepted' });
    if (outcome === 'dismissed') get().dismiss();
  },
}));

// The offer caught at start-up (and any later change) flows into the store.
if (typeof window !== 'undefined') {
  watchInstallPrompt(({ prompt, installed }) =>
    useInstallStore.setState((state) => ({ prompt, installed: state.installed || installed })),
  );
}
