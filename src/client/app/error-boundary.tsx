import { Component, type ErrorInfo, type ReactNode } from 'react';
import { MSG } from '../../shared/messages/member';

interface State {
  error: Error | null;
}

/** The Korean error screen: what went wrong, and a reload. */
function ErrorScreen() {
  return (
    <section className="page" role="alert">
      <h1 className="page-title">{MSG.shell.errorTitle}</h1>
      <p className="muted">{MSG.shell.errorBody}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {MSG.shell.reload}
      </button>
    </section>
  );
}

/** Catches a rendering failure and offers a reload instead of a blank screen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <ErrorScreen />;
  }
}
