/** Spec §3 analytics events, plus the page view sent on every route change. */
export type AnalyticsEventName =
  | 'page_view'
  | 'notebook_created'
  | 'notebook_shared'
  | 'answer_submitted'
  | 'collaboration_invite_sent'
  | 'collaboration_accepted'
  | 'sign_up'
  | 'login'
  | 'profile_updated'
  | 'purchase'
  | 'search'
  | 'exception';

export interface AnalyticsEvent {
  name: AnalyticsEventName;
  props: Record<string, string | number | boolean>;
  at: string;
}

/** Where events go. Swap it (tests, another provider) with setAnalyticsTransport(). */
export interface AnalyticsTransport {
  send(events: AnalyticsEvent[]): void;
}
