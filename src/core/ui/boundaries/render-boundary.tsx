import { Component, type ErrorInfo, type ReactNode } from "react";

export interface RenderBoundaryProps {
  children: ReactNode;
  /** What replaces the children after one of them threw while rendering; `retry` renders them again. */
  fallback(error: unknown, retry: () => void): ReactNode;
  /** A new value (other data, another route) renders the children again. */
  resetKey?: unknown;
}

/** Catches a throw while rendering its children, so only this part of the screen shows the failure. */
export class RenderBoundary extends Component<RenderBoundaryProps, { failed: boolean; error: unknown }> {
  state = { failed: false, error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  componentDidUpdate(previous: RenderBoundaryProps) {
    if (this.state.failed && !Object.is(previous.resetKey, this.props.resetKey)) this.retry();
  }

  retry = () => this.setState({ failed: false, error: undefined });

  render() {
    return this.state.failed ? this.props.fallback(this.state.error, this.retry) : this.props.children;
  }
}
