import { DAYS, type Section } from "@menu/core/shared/model";
import { ScheduleForm } from "@menu/core/category/schemas";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { Dialog } from "@/components/dialog";
import { FieldMessageText, FormAlert, SubmitButton } from "@/components/form/fields";
import { useZodForm } from "@/components/form/use-zod-form";
import { storeSettingsQueryOptions, type CsObject } from "@/lib/admin-scope";
import { errorMessageFor } from "@/lib/errors";
import { useSaveSchedule, type AdminCategory } from "./api";
import { useDayNames } from "./schedule-text";

type Props = { cs: CsObject; section: Section; category: AdminCategory; all: AdminCategory[]; onClose: () => void };

/**
 * A category's schedule: on/off, days of the week, from and to (in the venue's time zone; an end
 * before the start runs past midnight). Refused under a supercategory with its own schedule, and on
 * a supercategory whose categories have their own: the dialog says so before anyone tries.
 */
export function ScheduleDialog({ cs, section, category, all, onClose }: Props) {
  const intl = useIntl();
  const formId = useId();
  const store = useQuery(storeSettingsQueryOptions(cs.store_id));
  const dayNames = useDayNames("short");
  const longDayNames = useDayNames("long");
  const form = useZodForm(ScheduleForm, {
    enabled: category.schedule?.enabled ?? true,
    days: category.schedule?.days ?? [...DAYS],
    start: category.schedule?.start ?? "12:00",
    end: category.schedule?.end ?? "16:00",
  });
  const parent = all.find((c) => c.id === category.parent_id);
  const scheduledChild = all.find((c) => c.parent_id === category.id && c.schedule);
  const blocked = parent?.schedule ? "parent" : scheduledChild ? "child" : undefined;

  const save = useSaveSchedule(cs.store_id, section, category);
  const saveSchedule = (schedule: ScheduleForm | null) =>
    save.mutate(schedule, {
      onSuccess: () => {
        toast.success(intl.formatMessage({ id: schedule ? "categories.scheduleSaved" : "categories.scheduleRemoved" }));
        onClose();
      },
    });
  const days = (form.values.days ?? []) as string[];
  const toggleDay = (day: string) => form.set("days", days.includes(day) ? days.filter((d) => d !== day) : [...days, day]);
  const start = String(form.values.start);
  const end = String(form.values.end);

  return (
    <Dialog
      open
      onClose={onClose}
      testId="schedule-dialog"
      title={<FormattedMessage id="categories.scheduleTitle" values={{ name: category.name }} />}
      footer={
        <>
          {category.schedule ? (
            <button type="button" className="btn btn--ghost categories-dialog__left" disabled={save.isPending} onClick={() => saveSchedule(null)} data-testid="remove-schedule">
              <FormattedMessage id="categories.scheduleRemove" />
            </button>
          ) : null}
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            <FormattedMessage id="common.cancel" />
          </button>
          {!blocked ? <SubmitButton pending={save.isPending} label="common.save" className="btn btn--primary" form={formId} /> : null}
        </>
      }
    >
      {blocked ? (
        <FormAlert tone="info" testId="schedule-blocked">
          {blocked === "parent" ? (
            <FormattedMessage id="categories.scheduleParentHas" values={{ name: <strong>{parent!.name}</strong> }} />
          ) : (
            <FormattedMessage id="categories.scheduleChildHas" values={{ name: <strong>{scheduledChild!.name}</strong> }} />
          )}
        </FormAlert>
      ) : (
        <form
          id={formId}
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const values = form.validate();
            if (values) saveSchedule(values);
          }}
        >
          {save.error ? <FormAlert>{errorMessageFor(save.error)}</FormAlert> : null}
          <div className="checkbox">
            <input
              id={`${formId}-on`}
              type="checkbox"
              role="switch"
              checked={form.values.enabled === true}
              onChange={(e) => form.set("enabled", e.target.checked)}
            />
            <label htmlFor={`${formId}-on`}>
              <FormattedMessage id="categories.scheduleOn" />
            </label>
          </div>
          <fieldset className={form.errors.days ? "field day-field field--invalid" : "field day-field"} aria-describedby={form.errors.days ? `${formId}-days-error` : undefined}>
            <legend className="field__label">
              <FormattedMessage id="categories.scheduleDays" />
            </legend>
            <div className="day-picker">
              {DAYS.map((day) => (
                <label key={day} className="day-picker__day">
                  <input type="checkbox" checked={days.includes(day)} onChange={() => toggleDay(day)} aria-label={longDayNames[day]} />
                  <span aria-hidden="true">{dayNames[day]}</span>
                </label>
              ))}
            </div>
            {form.errors.days ? (
              <p id={`${formId}-days-error`} className="field__error" role="alert">
                <FieldMessageText message={form.errors.days} />
              </p>
            ) : null}
          </fieldset>
          <div className="form__row form__row--2">
            <TimeField label="categories.scheduleStart" {...form.bind("start")} />
            <TimeField label="categories.scheduleEnd" {...form.bind("end")} />
          </div>
          <p className="field__hint" data-testid="schedule-hint">
            {end < start ? (
              <FormattedMessage id="categories.scheduleOvernight" values={{ start, end }} />
            ) : null}{" "}
            <FormattedMessage id="categories.scheduleZone" values={{ zone: store.data?.time_zone ?? "…" }} />
          </p>
        </form>
      )}
    </Dialog>
  );
}

function TimeField({ label, name, value, error, onChange, onBlur }: ReturnType<ReturnType<typeof useZodForm>["bind"]> & { label: "categories.scheduleStart" | "categories.scheduleEnd" }) {
  const id = useId();
  return (
    <div className={error ? "field field--invalid" : "field"}>
      <label className="field__label" htmlFor={id}>
        <FormattedMessage id={label} />
      </label>
      <input
        id={id}
        name={name}
        className="input"
        type="time"
        step={300}
        required
        value={String(value ?? "")}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          <FieldMessageText message={error} />
        </p>
      ) : null}
    </div>
  );
}
