import { useConsentStore } from '../state/consent.ts';
import type { AnalyticsEventName, EventProps } from './events.ts';
import type { QueuedEvent } from './sender.ts';

const MAX_QUEUE = 100;

/** What analytics.ts (in the landing's entry) shares with consented.ts (loaded after consent): the
 * queue, whether analytics consent is given, and the loaded sender's wake-up. */
export const analyticsState: { queue: QueuedEvent[]; allowed: boolean; wake?: () => void } = { queue: [], allowed: false };

export function track<N extends AnalyticsEventName>(name: N, props: EventProps<N> = {} as EventProps<N>): void {
  // After a refusal we keep nothing; before a choice, a short queue.
  if (useConsentStore.getState().choice?.analytics === false) return;
  const event = { name, props: { ...(props as Record<string, unknown>) }, at: new Date().toISOString() };
  analyticsState.queue = [...analyticsState.queue, event].slice(-MAX_QUEUE);
  if (analyticsState.allowed) analyticsState.wake?.();
}

/** An error, by its kind only (its message may quote what a person wrote); an unknown kind goes as 'other'. */
export function trackException(error: unknown, where: EventProps<'exception'>['where']): void {
  track('exception', { where, error: (error instanceof Error ? error.name : 'other') as EventProps<'exception'>['error'] });
}
