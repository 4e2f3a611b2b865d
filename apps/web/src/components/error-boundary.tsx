import { Component } from 'react';
import type { ComponentType, ErrorInfo, ReactNode } from 'react';

export interface ErrorFallbackProps {
  error: unknown;
  reset: () => void;
}

interface ErrorBoundaryProps {
  children: ReactNode;
  fallback: ComponentType<ErrorFallbackProps>;
  /** When this value changes (e.g. the route), a shown error is cleared. */
  resetKey?: unknown;
}

interface ErrorBoundaryState {
  failed: boolean;
  error: unknown;
  resetKey: unknown;
}

/** Catches render errors below it and shows the fallback instead of a blank page. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = {
    failed: false,
    error: null,
    resetKey: this.props.resetKey,
  };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    if (Object.is(props.resetKey, state.resetKey)) return null;
    return { failed: false, error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Screen error', error, info.componentStack);
  }

  reset = (): void => {
    this.setState({ failed: false, error: null });
  };

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const Fallback = this.props.fallback;
    return <Fallback error={this.state.error} reset={this.reset} />;
  }
}
