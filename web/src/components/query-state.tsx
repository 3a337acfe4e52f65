import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { FormAlert } from "@/components/form/fields";
import { errorMessageFor } from "@/lib/errors";

type Load = { isPending: boolean; error: unknown };

/** What stands in for a query's content: "Loading…" as a status line while it loads, its error when it failed; else undefined. */
export function loadState(load: Load | undefined): ReactNode | undefined {
  if (load?.isPending) {
    return (
      <p role="status">
        <FormattedMessage id="common.loading" />
      </p>
    );
  }
  if (load?.error) return <FormAlert>{errorMessageFor(load.error)}</FormAlert>;
  return undefined;
}

/** A page's content from one query: its loading line or error until `children` can render the data. */
export function QueryState<T>({ query, children }: { query: Load & { data: T | undefined }; children: (data: T) => ReactNode }) {
  return <>{loadState(query) ?? children(query.data as T)}</>;
}
