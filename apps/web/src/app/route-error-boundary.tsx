/**
 * Shown when a page fails to render or its code fails to load (spec §8 "Unresolvable route components"): the 500
 * page, inside the shell for the signed-in pages so the menu stays usable. Going to another address clears it.
 */
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorPage } from './error-pages';

interface Props {
  inShell: boolean;
  /** The address: a new one clears the error. */
  resetKey: string;
  children: ReactNode;
}

class Boundary extends Component<Props, { failed: boolean; resetKey: string }> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: { failed: boolean; resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <ErrorPage kind="server-error" inShell={this.props.inShell} /> : this.props.children;
  }
}

export function RouteErrorBoundary({ inShell = false, children }: { inShell?: boolean; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Boundary inShell={inShell} resetKey={pathname}>
      {children}
    </Boundary>
  );
}
