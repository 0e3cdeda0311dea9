import { Component, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router';
import { RouteError } from './route-error';

type Props = { children: ReactNode; location: Location };
type State = { failed: boolean; error: unknown; location: Location };

class Boundary extends Component<Props, State> {
  override state: State = { failed: false, error: undefined, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, error };
  }

  // As the router's own error boundary: a navigation clears the error (the next page gets its chance).
  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.location !== state.location ? { failed: false, error: undefined, location: props.location } : null;
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/**
 * What a route's `errorElement` did under the data router, for the declarative router the app runs on (app.tsx):
 * an error while rendering the wrapped route shows RouteError in its place until the next navigation.
 */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <Boundary location={location}>{children}</Boundary>;
}
