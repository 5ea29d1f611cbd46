import { Component, type ReactNode } from 'react';
import { ErrorCard } from '../components/ErrorCard.tsx';
import { MissingPartCard } from '../components/MissingPartCard.tsx';
import { trackException } from '../analytics/analytics.ts';
import { forgetFailedStyles, isMissingPart } from './missing-part.ts';

interface State {
  error: Error | null;
}

interface Props {
  children: ReactNode;
  /** Called before a retry and when the boundary goes away: forget what failed, so it is tried anew. */
  onReset?: () => void;
}

/**
 * Catches render errors below it and shows the error card (message, retry, go home) — or, for a
 * part of the app this phone could not download (offline on a first visit, issue 29), says so in
 * the app's words and tries again by itself when the network returns.
 */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: Error) {
    trackException(error, 'render');
  }

  componentDidUpdate() {
    if (this.state.error && isMissingPart(this.state.error)) window.addEventListener('online', this.retry);
    else window.removeEventListener('online', this.retry);
  }

  componentWillUnmount() {
    window.removeEventListener('online', this.retry);
    this.props.onReset?.();
  }

  retry = () => {
    window.removeEventListener('online', this.retry);
    if (this.state.error && isMissingPart(this.state.error)) forgetFailedStyles();
    this.props.onReset?.();
    this.setState({ error: null });
  };

  render() {
    const { error } = this.state;
    if (error && isMissingPart(error)) return <MissingPartCard onRetry={this.retry} />;
    if (error) return <ErrorCard message={error.message} onRetry={this.retry} />;
    return this.props.children;
  }
}
