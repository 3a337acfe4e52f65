import { FormattedMessage, useIntl } from "react-intl";
import type { AdminCategory } from "./api";
import { scheduleSummary, useDayNames } from "./schedule-text";

/** "Hidden" and the schedule (or "schedule off") as small badges beside a category's name. */
export function CategoryBadges({ category, compact = false }: { category: AdminCategory; compact?: boolean }) {
  const intl = useIntl();
  const dayNames = useDayNames("short");
  const schedule = category.schedule;
  if (category.visible && !schedule) return null;
  return (
    <span className="category-badges">
      {!category.visible ? (
        <span className="pill pill--off" data-testid="badge-hidden">
          <FormattedMessage id="categories.hidden" />
        </span>
      ) : null}
      {schedule ? (
        <span
          className={schedule.enabled ? "pill pill--wait" : "pill"}
          data-testid="badge-schedule"
          title={intl.formatMessage({ id: schedule.enabled ? "categories.scheduleBadge" : "categories.scheduleOffBadge" }, { when: scheduleSummary(schedule, intl, dayNames) })}
        >
          <span aria-hidden="true">🕒</span>
          {compact ? (
            <span className="visually-hidden">
              <FormattedMessage id={schedule.enabled ? "categories.scheduleBadge" : "categories.scheduleOffBadge"} values={{ when: scheduleSummary(schedule, intl, dayNames) }} />
            </span>
          ) : (
            <span>
              {schedule.enabled ? scheduleSummary(schedule, intl, dayNames) : <FormattedMessage id="categories.scheduleOff" />}
            </span>
          )}
        </span>
      ) : null}
    </span>
  );
}
