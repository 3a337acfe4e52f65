import { useQuery } from "@tanstack/react-query";
import { FormattedMessage, useIntl } from "react-intl";
import { translationsQueryOptions } from "./api";

/** "12 340 of 100 000 characters", or the volume used and "unlimited" when the plan has no cap. */
export function UsageText({ used, cap }: { used: number; cap: number | null }) {
  const intl = useIntl();
  return cap === null ? (
    <FormattedMessage id="translationsPanel.usageUnlimited" values={{ used: intl.formatNumber(used) }} />
  ) : (
    <FormattedMessage id="translationsPanel.usageValue" values={{ used: intl.formatNumber(used), cap: intl.formatNumber(cap) }} />
  );
}

/** The subscription page's fact (inside its <dl>): this month's automatic translation volume against the plan's cap. */
export function TranslationVolumeFact({ storeId }: { storeId: string }) {
  const overview = useQuery(translationsQueryOptions(storeId));
  if (overview.error) return null;
  return (
    <div data-testid="translation-volume">
      <dt>
        <FormattedMessage id="translationsPanel.monthTitle" />
      </dt>
      <dd>
        {overview.data ? (
          <UsageText used={overview.data.usage.used} cap={overview.data.usage.cap} />
        ) : (
          <FormattedMessage id="common.loading" />
        )}
      </dd>
    </div>
  );
}
