import { useQuery } from "@tanstack/react-query";
import { Email } from "@menu/core/shared/account-forms";
import { UrlKey } from "@menu/core/shared/url-key";
import { useEffect, useState, type ComponentProps } from "react";
import { FormattedMessage } from "react-intl";
import type { MessageId } from "@/i18n/catalogs";
import { api, unwrap } from "@/lib/api";
import { TextField } from "./fields";

type Field = "email" | "company_url_key" | "store_url_key";
const FORMAT = { email: Email, company_url_key: UrlKey, store_url_key: UrlKey } as const;

function useDebounced<T>(value: T, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * Live availability of an e-mail or URL name while it is typed (checked 400 ms after the last key).
 * A store URL name is checked within `companyKey`; the `unchanged` value (the store's own) is not checked.
 */
export function useAvailability(field: Field, value: string, { companyKey, unchanged }: { companyKey?: string; unchanged?: string } = {}) {
  const debounced = useDebounced(value.trim(), 400);
  const wellFormed = FORMAT[field].safeParse(debounced).success && debounced.toLowerCase() !== unchanged?.toLowerCase();
  const query = useQuery({
    queryKey: ["availability", field, companyKey ?? "", debounced.toLowerCase()],
    queryFn: () => unwrap(api.api.auth.availability.$get({ query: { field, value: debounced, ...(companyKey ? { companyKey } : {}) } })),
    enabled: wellFormed,
    staleTime: 10_000,
    meta: { silentError: true },
  });
  if (!wellFormed || debounced !== value.trim()) return { state: "idle" as const };
  if (query.isPending) return { state: "checking" as const };
  if (query.data?.available) return { state: "available" as const };
  if (query.data?.code) return { state: "taken" as const, code: query.data.code, suggestion: query.data.suggestion };
  return { state: "idle" as const };
}

export function AvailabilityStatus({ status, onSuggestion }: { status: ReturnType<typeof useAvailability>; onSuggestion?: (value: string) => void }) {
  if (status.state === "checking") {
    return (
      <span className="field__status">
        <FormattedMessage id="register.checking" />
      </span>
    );
  }
  if (status.state === "available") {
    return (
      <span className="field__status field__status--ok">
        ✓ <FormattedMessage id="register.available" />
      </span>
    );
  }
  if (status.state === "taken") {
    const { suggestion } = status;
    return (
      <span className="field__error">
        <FormattedMessage id={`errors.api.${status.code}` as MessageId} />
        {suggestion && onSuggestion ? (
          <>
            {" "}
            <button type="button" className="link-button" data-testid="use-suggestion" onClick={() => onSuggestion(suggestion)}>
              <FormattedMessage id="register.useSuggestion" values={{ name: suggestion }} />
            </button>
          </>
        ) : null}
      </span>
    );
  }
  return null;
}

/**
 * A text field checked while typed: the check's answer shows under it, unless the value is not well
 * formed. A taken URL name offers its next free variant when `onSuggestion` takes it.
 */
export function AvailabilityField({
  availability,
  onSuggestion,
  ...field
}: ComponentProps<typeof TextField> & { availability: ReturnType<typeof useAvailability>; onSuggestion?: (value: string) => void }) {
  return <TextField status={field.error ? undefined : <AvailabilityStatus status={availability} onSuggestion={onSuggestion} />} invalid={availability.state === "taken"} {...field} />;
}
