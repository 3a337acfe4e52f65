import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { PERIODS, type RangeQuery } from "./api";

/** 7 / 30 / 90 days or a custom range (two dates and "Show"). */
export function PeriodPicker({ value, onChange, today }: { value: RangeQuery; onChange: (r: RangeQuery) => void; today?: string }) {
  const intl = useIntl();
  const [custom, setCustom] = useState({ from: value.from ?? "", to: value.to ?? "" });
  const [open, setOpen] = useState(value.period === "custom");
  const valid = !!custom.from && !!custom.to && custom.from <= custom.to;
  return (
    <div className="period">
      <fieldset className="period__choices">
        <legend className="visually-hidden">
          <FormattedMessage id="overview.period.label" />
        </legend>
        {PERIODS.map((p) => (
          <label key={p} className="period__choice">
            <input
              type="radio"
              name="overview-period"
              value={p}
              checked={p === "custom" ? open : !open && value.period === p}
              onChange={() => {
                if (p === "custom") setOpen(true);
                else {
                  setOpen(false);
                  onChange({ period: p });
                }
              }}
              data-testid={`period-${p}`}
            />
            <span>{intl.formatMessage({ id: `overview.period.${p}` })}</span>
          </label>
        ))}
      </fieldset>
      {open ? (
        <form
          className="period__custom"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid) onChange({ period: "custom", ...custom });
          }}
        >
          <label className="period__date">
            <span>
              <FormattedMessage id="overview.period.from" />
            </span>
            <input className="input" type="date" value={custom.from} max={custom.to || today} onChange={(e) => setCustom((c) => ({ ...c, from: e.target.value }))} required data-testid="period-from" />
          </label>
          <label className="period__date">
            <span>
              <FormattedMessage id="overview.period.to" />
            </span>
            <input className="input" type="date" value={custom.to} min={custom.from || undefined} max={today} onChange={(e) => setCustom((c) => ({ ...c, to: e.target.value }))} required data-testid="period-to" />
          </label>
          <button type="submit" className="btn btn--primary btn--sm" disabled={!valid} data-testid="period-apply">
            <FormattedMessage id="overview.period.apply" />
          </button>
        </form>
      ) : null}
    </div>
  );
}
