import { create } from 'zustand';
import type { Workbox } from 'workbox-window';
import { SW_MESSAGES, SW_URL } from '../../sw/protocol.ts';
import { onAfterSignOut } from '../data/session/lifecycle.ts';
import { hasUnsavedWork, useUnsavedStore } from './unsaved.ts';

/** Spec §9: look for a new version every 10 seconds. */
export const UPDATE_CHECK_INTERVAL_MS = 10_000;

interface UpdateState {
  /** A new version is installed and waiting. */
  waiting: boolean;
  /** The person chose "later" for this waiting version. */
  dismissed: boolean;
  /** The person chose "now" while a form had unsaved typing: apply once it is saved. */
  pendingApply: boolean;
  applyNow(): void;
  later(): void;
}

let workbox: Workbox | undefined;

export const useUpdateStore = create<UpdateState>((set) => ({
  waiting: false,
  dismissed: false,
  pendingApply: false,
  applyNow() {
    if (hasUnsavedWork()) {
      set({ pendingApply: true });
      return;
    }
    activateWaitingWorker();
  },
  later: () => set({ dismissed: true, pendingApply: false }),
}));

function activateWaitingWorker() {
  if (!workbox) return;
  // Reload only once the new worker controls the page, so the reload gets the new version.
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}

// "Now" pressed during typing: the update goes through as soon as the last form is saved.
useUnsavedStore.subscribe((s) => {
  if (s.forms.size === 0 && useUpdateStore.getState().pendingApply) activateWaitingWorker();
});

/** Registers the service worker (production builds only) and watches for new versions. */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  workbox = new Workbox(SW_URL);
  // The worker's queue of pushes that failed offline holds the signed-out person's writes.
  onAfterSignOut(() => navigator.serviceWorker.controller?.postMessage({ type: SW_MESSAGES.forgetQueuedPushes }));
  // Each newly installed version gets its own card, even after "later" on the previous one.
  workbox.addEventListener('waiting', () => useUpdateStore.setState({ waiting: true, dismissed: false, pendingApply: false }));
  const registration = await workbox.register();
  if (registration?.waiting && navigator.serviceWorker.controller) useUpdateStore.setState({ waiting: true });
  setInterval(() => {
    if (navigator.onLine) void workbox?.update().catch(() => {});
  }, UPDATE_CHECK_INTERVAL_MS);
}
