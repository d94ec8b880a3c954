import { Component, type ReactNode } from 'react';

interface Props { fallback: (error: Error, reset: () => void) => ReactNode; children: ReactNode; resetKey?: unknown }
interface State { error: Error | null }

/** Catches a render/lazy-load error below it and renders the fallback instead of a blank page. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };
  static getDerivedStateFromError(error: Error): State { return { error }; }
  componentDidUpdate(prev: Props) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }
  reset = () => this.setState({ error: null });
  render() {
    return this.state.error ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}
