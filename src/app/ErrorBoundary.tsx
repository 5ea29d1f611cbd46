import { Component, createContext, useContext, type ReactNode } from 'react';
import { ErrorCard } from '../components/ErrorCard.tsx';
import { track } from '../analytics/analytics.ts';

/**
 * How many times the person pressed retry. Lazy pages read it so a retry re-requests a chunk
 * that failed to load (bad signal) instead of rethrowing React.lazy's cached failure.
 */
const RetryAttemptContext = createContext(0);
export const useRetryAttempt = () => useContext(RetryAttemptContext);

interface State {
  error: Error | null;
  attempt: number;
}

/** Catches render errors below it and shows the error card (message, retry, go home). */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: Error) {
    track('exception', { message: error.message.slice(0, 200) });
  }

  retry = () => this.setState((s) => ({ error: null, attempt: s.attempt + 1 }));

  render() {
    if (this.state.error) return <ErrorCard message={this.state.error.message} onRetry={this.retry} />;
    return <RetryAttemptContext.Provider value={this.state.attempt}>{this.props.children}</RetryAttemptContext.Provider>;
  }
}
