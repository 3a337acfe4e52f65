import { Component, type ErrorInfo, type ReactNode } from "react";

type Props = { fallback: (error: unknown) => ReactNode; onError?: (error: unknown, info: ErrorInfo) => void; children: ReactNode };
type State = { error: unknown; failed: boolean };

/** Last line of defence around the providers; route errors are handled by the router itself. */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
