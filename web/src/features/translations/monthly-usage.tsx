import { FormattedMessage, useIntl, type IntlShape } from "react-intl";
import type { TranslationsOverview } from "./api";
import { UsageText } from "./translation-volume";

/** "2026-11" as "November 2026" in the interface language. */
function monthName(intl: IntlShape, month: string) {
  const [y, m] = month.split("-").map(Number);
  if (!y || !m) return month;
  return intl.formatDate(new Date(Date.UTC(y, m - 1, 1)), { month: "long", year: "numeric", timeZone: "UTC" });
}

/** This month's translated volume against the plan's cap, with a meter and a warning once the cap is reached. */
export function MonthlyUsage({ usage }: { usage: TranslationsOverview["usage"] }) {
  const intl = useIntl();
  const { used, cap } = usage;
  const capReached = cap !== null && used >= cap;
  return (
    <>
      <h3 className="tm-subtitle">
        <FormattedMessage id="translationsPanel.month" values={{ month: monthName(intl, usage.month) }} />
      </h3>
      <p className="tm-usage" data-testid="translation-usage">
        <UsageText used={used} cap={cap} />
      </p>
      {cap !== null ? (
        <div className={capReached ? "tm-meter tm-meter--full" : "tm-meter"} aria-hidden="true">
          <span style={{ width: `${Math.min(100, cap ? (used / cap) * 100 : 100)}%` }} />
        </div>
      ) : null}
      {capReached ? (
        <p className="tm-note tm-note--warn">
          <FormattedMessage id="translationsPanel.capReached" />
        </p>
      ) : null}
    </>
  );
}
