import { Component, type ReactNode } from 'react';
import { ErrorCard } from '../components/ErrorCard.tsx';
import { track } from '../analytics/analytics.ts';

interface State {
  error: Error | null;
}

interface Props {
  children: ReactNode;
  /** Called before a retry and when the boundary goes away: forget what failed, so it is tried anew. */
  onReset?: () => void;
}

/** Catches render errors below it and shows the error card (message, retry, go home). */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: Error) {
    track('exception', { message: error.message.slice(0, 200) });
  }

  componentWillUnmount() {
    this.props.onReset?.();
  }

  retry = () => {
    this.props.onReset?.();
    this.setState({ error: null });
  };

  render() {
    if (this.state.error) return <ErrorCard message={this.state.error.message} onRetry={this.retry} />;
    return this.props.children;
  }
}
