/**
 * Chromium offers installation once, early (beforeinstallprompt). This tiny module catches the
 * offer at start-up and hands it to the install card's store whenever that loads.
 */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

type Listener = (change: { prompt: BeforeInstallPromptEvent | null; installed: boolean }) => void;

let offered: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((l) => l({ prompt: offered, installed }));

export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offered = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    installed = true;
    offered = null;
    notify();
  });
}

/** The current offer, then every change. Returns a stop function. */
export function watchInstallPrompt(listener: Listener): () => void {
  listeners.add(listener);
  listener({ prompt: offered, installed });
  return () => listeners.delete(listener);
}
