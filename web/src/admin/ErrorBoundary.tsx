// SPEC 8: a view error boundary reports to the error-reporting service and shows fallback content.
// One wraps each screen, so a broken screen leaves the navigation usable.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { OwnerUiMessages } from '@sc/contracts';
import { api } from '../lib/api.js';
import { apiPath } from '../api/client.js';
import { adminQueryClient } from './query.js';

/** SPEC 9: stacks are trimmed to 5000 characters; at most 20 reports per page. */
const MAX_STACK = 5000;
const MAX_REPORTS = 20;
let reported = 0;

/** Sends one caught error to the analytics service's error endpoint (SPEC 7); failures are ignored. */
export function reportError(error: unknown, componentStack?: string | null): void {
  if (reported >= MAX_REPORTS) return;
  reported++;
  const failure = error instanceof Error ? error : new Error(String(error));
  // The analytics service's JavascriptErrorReport shape.
  const event = {
    message: failure.message.slice(0, 2000) || failure.name,
    name: failure.name.slice(0, 100),
    stack: `${failure.stack ?? ''}${componentStack ?? ''}`.slice(0, MAX_STACK),
    url: window.location.href,
    timestamp: Date.now(),
    caught: true,
  };
  api('POST', apiPath('/events/RecordJavascriptErrors'), [event]).catch(() => undefined);
}

interface State {
  failed: boolean;
}

export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportError(error, info.componentStack);
    // The answer that broke the screen may be cached: the screens shown next ask again.
    void adminQueryClient.resetQueries();
  }

  override componentDidUpdate(previous: { resetKey?: string }): void {
    // Going to another screen leaves the failure behind.
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="problem boundary">
        <h2>{OwnerUiMessages.somethingWentWrong}</h2>
        <p>This part of the admin could not be shown. The problem has been reported.</p>
        <button type="button" onClick={() => this.setState({ failed: false })}>
          Try again
        </button>
      </div>
    );
  }
}
