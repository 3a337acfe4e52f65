import { Link, useRouter, type ErrorComponentProps } from "@tanstack/react-router";
import { isApiError } from "@/lib/api-error";
import { ErrorScreen, type HomeLinkProps } from "./error-screen";

function RouterHomeLink({ className, children }: HomeLinkProps) {
  return (
    <Link to="/" className={className}>
      {children}
    </Link>
  );
}

/** 404 for unknown paths and `throw notFound()` in loaders. */
export function NotFoundScreen() {
  return <ErrorScreen notFound HomeLink={RouterHomeLink} />;
}

/** Any other route error (loader, render). An API 404 is shown as "Page not found". */
export function RouteErrorScreen({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  if (isApiError(error) && error.status === 404) return <NotFoundScreen />;
  return (
    <ErrorScreen
      error={error}
      HomeLink={RouterHomeLink}
      onRetry={() => {
        reset();
        void router.invalidate();
      }}
    />
  );
}
