import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useBlocker, useNavigate } from "@tanstack/react-router";
import { DAYS, type MenuLanguage } from "@menu/core/shared/model";
import { PREMIUM_LANGUAGES, SOCIAL_NETWORKS, StoreSettingsForm } from "@menu/core/store/schemas";
import type { StoreSettings } from "@menu/core/store/store";
import { useEffect, useId, useMemo, useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { Dialog } from "@/components/dialog";
import { FieldMessageText, FormAlert, SelectField, SubmitButton, TextField } from "@/components/form/fields";
import { apiFieldError, issueMessage, type FieldMessage } from "@/components/form/validation";
import { ImageField } from "@/components/image-field";
import "@/components/layout/staff.css";
import { AvailabilityStatus, useAvailability } from "@/components/form/availability";
import type { MessageId } from "@/i18n/catalogs";
import { languageNames, menuLanguages } from "@/i18n/languages";
import { activeSubscriptionQueryOptions, storeSettingsQueryOptions, type CsObject } from "@/lib/admin-scope";
import { api, unwrap } from "@/lib/api";
import { errorMessageFor } from "@/lib/errors";
import { adminPanelPath } from "@/lib/session";
import { TIME_ZONES } from "./time-zones";
import "./store-settings.css";

type Values = {
  name: string;
  url_key: string;
  address: string;
  phones: { description: string; number: string }[];
  working_hours: { days: string[]; open: string; close: string }[];
  socials: { network: string; url: string }[];
  seo_title: string;
  seo_description: string;
  logo_light?: string;
  logo_dark?: string;
  time_zone: string;
  languages: string[];
  currency: string;
  /** Name and address per menu language other than Russian (empty: guests see the fallback). */
  translations: Record<string, { name: string; address: string }>;
};
type Errors = Record<string, FieldMessage | undefined>;

/** settings/store: what guests see about the venue, and how its menu is offered. */
export function StoreSettingsPage({ cs }: { cs: CsObject }) {
  const intl = useIntl();
  const settings = useQuery(storeSettingsQueryOptions(cs.store_id));
  useEffect(() => {
    document.title = `${intl.formatMessage({ id: "storeSettings.title" })} — QR Menu`;
  }, [intl]);
  return (
    <>
      <div className="page-head">
        <div>
          <h1 className="page-head__title">
            <FormattedMessage id="storeSettings.title" />
          </h1>
          <p className="page-head__lead">
            <FormattedMessage id="storeSettings.lead" />
          </p>
        </div>
      </div>
      {settings.isPending ? (
        <p role="status">
          <FormattedMessage id="common.loading" />
        </p>
      ) : settings.error ? (
        <FormAlert>{errorMessageFor(settings.error)}</FormAlert>
      ) : (
        <StoreSettingsEditor key={settings.data.url_key} cs={cs} initial={toValues(settings.data)} />
      )}
    </>
  );
}

const toValues = (s: StoreSettings): Values => ({
  name: s.name,
  url_key: s.url_key,
  address: s.address,
  phones: s.phones.map((p) => ({ description: p.description ?? "", number: p.number })),
  working_hours: s.working_hours.map((h) => ({ days: [...h.days], open: h.open, close: h.close })),
  socials: s.socials.map((x) => ({ ...x })),
  seo_title: s.seo_title,
  seo_description: s.seo_description,
  logo_light: s.logo_light,
  logo_dark: s.logo_dark,
  time_zone: s.time_zone,
  languages: [...s.languages],
  currency: s.currency,
  translations: Object.fromEntries(
    Object.entries(s.translations ?? {}).map(([lang, t]) => [lang, { name: t.name ?? "", address: t.address ?? "" }]),
  ),
});

function StoreSettingsEditor({ cs, initial }: { cs: CsObject; initial: Values }) {
  const intl = useIntl();
  const formId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [uploading, setUploading] = useState(0);
  const subscription = useQuery(activeSubscriptionQueryOptions(cs.store_id));
  const premiumLanguages = subscription.data?.features.extra_languages ?? false;
  const dirty = useMemo(() => JSON.stringify(values) !== JSON.stringify(saved), [values, saved]);
  const urlKey = useAvailability("store_url_key", values.url_key, { companyKey: cs.company_url_key, unchanged: saved.url_key });

  const check = (next: Values) => {
    const result = StoreSettingsForm.safeParse(next);
    const all: Errors = {};
    if (!result.success) for (const issue of result.error.issues) all[issue.path.join(".")] ??= issueMessage(issue);
    return { all, data: result.success ? result.data : undefined };
  };
  /** Changes a field; a field showing an error is checked again while it is corrected. */
  const update = (change: Partial<Values>) => {
    const next = { ...values, ...change };
    setValues(next);
    if (Object.values(errors).some(Boolean)) {
      const { all } = check(next);
      setErrors((current) => Object.fromEntries(Object.keys(current).map((k) => [k, all[k]])));
    }
    // The URL name says "Only Latin letters are allowed" as the letter is typed (also after "taken").
    if (change.url_key) setErrors((current) => ({ ...current, url_key: check(next).all.url_key }));
  };
  const blur = (path: string) => setErrors((current) => ({ ...current, [path]: check(values).all[path] }));
  const bind = (path: "name" | "url_key" | "address" | "seo_title" | "seo_description") => ({
    name: path,
    value: values[path],
    error: errors[path],
    onChange: (v: unknown) => update({ [path]: String(v) }),
    onBlur: () => blur(path),
  });

  const save = useMutation({
    mutationFn: (json: StoreSettingsForm) => unwrap(api.api["store-settings"].$put({ json: { storeId: cs.store_id, ...json } })),
    meta: { silentError: true },
    onSuccess: (answer) => {
      const next = toValues(answer);
      setSaved(next);
      setValues(next);
      queryClient.setQueryData(storeSettingsQueryOptions(cs.store_id).queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: ["me", "stores"] });
      toast.success(intl.formatMessage({ id: "storeSettings.saved" }));
      if (answer.url_key !== cs.store_url_key) {
        void queryClient.invalidateQueries({ queryKey: ["cs-object"] });
        void navigate({ href: `${adminPanelPath({ company_url_key: cs.company_url_key, store_url_key: answer.url_key })}/settings/store`, replace: true });
      }
    },
    onError: (error) => {
      const field = apiFieldError(error, ["store_url_key"]);
      if (field) setErrors((current) => ({ ...current, url_key: field[1] }));
    },
  });

  const blocker = useBlocker({ shouldBlockFn: () => dirty && !save.isPending, enableBeforeUnload: () => dirty, withResolver: true });

  const submit = () => {
    const { all, data } = check(values);
    setErrors(all);
    if (!data) {
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`[aria-invalid="true"]`)?.focus());
      return;
    }
    save.mutate(data);
  };

  const list = <K extends "phones" | "working_hours" | "socials">(key: K) => ({
    set: (i: number, change: Partial<Values[K][number]>) =>
      update({ [key]: values[key].map((row, j) => (j === i ? { ...row, ...change } : row)) } as Partial<Values>),
    remove: (i: number) => {
      update({ [key]: values[key].filter((_, j) => j !== i) } as Partial<Values>);
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([k]) => !k.startsWith(`${key}.`))));
    },
  });
  const phones = list("phones");
  const hours = list("working_hours");
  const socials = list("socials");

  return (
    <form
      id={formId}
      className="store-settings"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {save.error && !apiFieldError(save.error, ["store_url_key"]) ? <FormAlert>{errorMessageFor(save.error)}</FormAlert> : null}

      <Section title="storeSettings.section.main">
        <TextField label="storeSettings.name" required {...bind("name")} />
        <TextField
          label="storeSettings.urlKey"
          prefix={`/${cs.company_url_key}/`}
          autoComplete="off"
          hint={<FormattedMessage id="storeSettings.urlKeyHint" />}
          status={errors.url_key ? undefined : <AvailabilityStatus status={urlKey} />}
          invalid={urlKey.state === "taken"}
          {...bind("url_key")}
        />
        <TextField label="storeSettings.address" autoComplete="street-address" {...bind("address")} />
        {values.languages.some((l) => l !== "ru") ? (
          <fieldset className="store-texts" aria-describedby={`${formId}-texts-hint`} data-testid="store-texts">
            <legend className="field__label">
              <FormattedMessage id="guest.storeTexts.title" />
            </legend>
            <p id={`${formId}-texts-hint`} className="field__hint">
              <FormattedMessage id="guest.storeTexts.hint" />
            </p>
            {values.languages
              .filter((l) => l !== "ru")
              .map((lang) => {
                const text = values.translations[lang] ?? { name: "", address: "" };
                const language = languageNames[lang as MenuLanguage] ?? lang;
                const setText = (change: Partial<typeof text>) => update({ translations: { ...values.translations, [lang]: { ...text, ...change } } });
                return (
                  <div key={lang} className="form__row form__row--2">
                    {(["name", "address"] as const).map((field) => {
                      const path = `translations.${lang}.${field}`;
                      return (
                        <label key={field} className={errors[path] ? "field field--invalid" : "field"}>
                          <span className="field__label">
                            <FormattedMessage id={field === "name" ? "guest.storeTexts.name" : "guest.storeTexts.address"} values={{ lang: language }} />
                          </span>
                          <input
                            className="input"
                            name={path}
                            lang={lang}
                            dir="auto"
                            value={text[field]}
                            placeholder={field === "name" ? values.name : values.address}
                            onChange={(e) => setText({ [field]: e.target.value })}
                            onBlur={() => blur(path)}
                            aria-invalid={errors[path] ? true : undefined}
                            data-testid={`store-text-${lang}-${field}`}
                          />
                          {errors[path] ? (
                            <span className="field__error" role="alert">
                              <FieldMessageText message={errors[path]} />
                            </span>
                          ) : null}
                        </label>
                      );
                    })}
                  </div>
                );
              })}
          </fieldset>
        ) : null}
      </Section>

      <Section title="storeSettings.section.logo" lead="storeSettings.logoLead">
        <div className="store-settings__logos">
          <ImageField
            label="storeSettings.logoLight"
            kind="logo"
            storeId={cs.store_id}
            value={values.logo_light}
            onChange={(key) => update({ logo_light: key })}
            onBusyChange={(busy) => setUploading((n) => Math.max(0, n + (busy ? 1 : -1)))}
          />
          <ImageField
            label="storeSettings.logoDark"
            kind="logo"
            tone="dark"
            storeId={cs.store_id}
            value={values.logo_dark}
            onChange={(key) => update({ logo_dark: key })}
            onBusyChange={(busy) => setUploading((n) => Math.max(0, n + (busy ? 1 : -1)))}
          />
        </div>
      </Section>

      <Section title="storeSettings.section.hours" lead="storeSettings.hoursLead">
        {values.working_hours.length === 0 ? (
          <p className="store-settings__empty">
            <FormattedMessage id="storeSettings.hoursEmpty" />
          </p>
        ) : null}
        {values.working_hours.map((h, i) => (
          <fieldset key={i} className="hours-row" data-testid="hours-row">
            <legend className="visually-hidden">
              <FormattedMessage id="storeSettings.hoursRow" values={{ n: i + 1 }} />
            </legend>
            <div className="hours-row__days" role="group" aria-label={intl.formatMessage({ id: "storeSettings.days" })}>
              {DAYS.map((d) => (
                <label key={d} className="day-chip">
                  <input
                    type="checkbox"
                    checked={h.days.includes(d)}
                    onChange={(e) => hours.set(i, { days: e.target.checked ? DAYS.filter((x) => x === d || h.days.includes(x)) : h.days.filter((x) => x !== d) })}
                  />
                  <span>{intl.formatMessage({ id: `menu.day.${d}` as MessageId })}</span>
                </label>
              ))}
            </div>
            <div className="hours-row__times">
              <label className="time-field">
                <span>
                  <FormattedMessage id="storeSettings.opens" />
                </span>
                <input className="input" type="time" value={h.open} onChange={(e) => hours.set(i, { open: e.target.value })} aria-invalid={errors[`working_hours.${i}.open`] ? true : undefined} />
              </label>
              <label className="time-field">
                <span>
                  <FormattedMessage id="storeSettings.closes" />
                </span>
                <input className="input" type="time" value={h.close} onChange={(e) => hours.set(i, { close: e.target.value })} aria-invalid={errors[`working_hours.${i}.close`] ? true : undefined} />
              </label>
              <RemoveButton label="storeSettings.removeHours" onClick={() => hours.remove(i)} />
            </div>
            {h.close && h.open && h.close < h.open ? (
              <p className="field__hint">
                <FormattedMessage id="storeSettings.overnight" />
              </p>
            ) : null}
            <RowError errors={errors} paths={[`working_hours.${i}.days`, `working_hours.${i}.open`, `working_hours.${i}.close`]} />
          </fieldset>
        ))}
        <AddButton label="storeSettings.addHours" onClick={() => update({ working_hours: [...values.working_hours, { days: [], open: "10:00", close: "22:00" }] })} />
      </Section>

      <Section title="storeSettings.section.phones">
        {values.phones.map((p, i) => (
          <div key={i} className="list-row" data-testid="phone-row">
            <label className="list-row__field">
              <span>
                <FormattedMessage id="storeSettings.phoneDescription" />
              </span>
              <input className="input" value={p.description} placeholder={intl.formatMessage({ id: "storeSettings.phoneDescriptionExample" })} onChange={(e) => phones.set(i, { description: e.target.value })} />
            </label>
            <label className="list-row__field">
              <span>
                <FormattedMessage id="storeSettings.phoneNumber" />
              </span>
              <input
                className="input"
                type="tel"
                dir="ltr"
                inputMode="tel"
                autoComplete="tel"
                value={p.number}
                placeholder="+375 29 123-45-67"
                onChange={(e) => phones.set(i, { number: e.target.value })}
                onBlur={() => blur(`phones.${i}.number`)}
                aria-invalid={errors[`phones.${i}.number`] ? true : undefined}
              />
            </label>
            <RemoveButton label="storeSettings.removePhone" onClick={() => phones.remove(i)} />
            <RowError errors={errors} paths={[`phones.${i}.number`, `phones.${i}.description`]} />
          </div>
        ))}
        <AddButton label="storeSettings.addPhone" onClick={() => update({ phones: [...values.phones, { description: "", number: "" }] })} />
      </Section>

      <Section title="storeSettings.section.socials">
        {values.socials.map((s, i) => (
          <div key={i} className="list-row" data-testid="social-row">
            <label className="list-row__field list-row__field--narrow">
              <span>
                <FormattedMessage id="storeSettings.network" />
              </span>
              <select className="input select" value={s.network} onChange={(e) => socials.set(i, { network: e.target.value })}>
                {SOCIAL_NETWORKS.map((n) => (
                  <option key={n} value={n}>
                    {intl.formatMessage({ id: `storeSettings.network.${n}` as MessageId })}
                  </option>
                ))}
              </select>
            </label>
            <label className="list-row__field">
              <span>
                <FormattedMessage id="storeSettings.link" />
              </span>
              <input
                className="input"
                type="url"
                dir="ltr"
                inputMode="url"
                value={s.url}
                placeholder="https://"
                onChange={(e) => socials.set(i, { url: e.target.value })}
                onBlur={() => blur(`socials.${i}.url`)}
                aria-invalid={errors[`socials.${i}.url`] ? true : undefined}
              />
            </label>
            <RemoveButton label="storeSettings.removeSocial" onClick={() => socials.remove(i)} />
            <RowError errors={errors} paths={[`socials.${i}.url`]} />
          </div>
        ))}
        <AddButton label="storeSettings.addSocial" onClick={() => update({ socials: [...values.socials, { network: "instagram", url: "" }] })} />
      </Section>

      <Section title="storeSettings.section.menu">
        <fieldset className="languages" aria-describedby={`${formId}-lang-hint`}>
          <legend className="field__label">
            <FormattedMessage id="storeSettings.languages" />
          </legend>
          <div className="languages__list">
            {menuLanguages.map((lang) => {
              const locked = (PREMIUM_LANGUAGES as readonly string[]).includes(lang) && !premiumLanguages;
              const checked = values.languages.includes(lang);
              return (
                <label key={lang} className={locked ? "lang-chip lang-chip--locked" : "lang-chip"}>
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={lang === "ru" || (locked && !checked)}
                    onChange={(e) =>
                      update({ languages: e.target.checked ? menuLanguages.filter((l) => l === lang || values.languages.includes(l)) : values.languages.filter((l) => l !== lang) })
                    }
                  />
                  <span lang={lang}>{languageNames[lang as MenuLanguage]}</span>
                  {locked ? (
                    <span className="pill" data-testid={`locked-${lang}`}>
                      <FormattedMessage id="subscription.plan.premium" />
                    </span>
                  ) : null}
                </label>
              );
            })}
          </div>
          <p id={`${formId}-lang-hint`} className="field__hint">
            <FormattedMessage id={premiumLanguages ? "storeSettings.languagesHint" : "storeSettings.languagesLocked"} />{" "}
            {premiumLanguages ? null : (
              <Link to="/$company/$store/admin-panel/subscription" params={{ company: cs.company_url_key, store: cs.store_url_key }}>
                <FormattedMessage id="wifi.toSubscription" />
              </Link>
            )}
          </p>
        </fieldset>
        <div className="form__row form__row--2">
          <SelectField
            label="storeSettings.currency"
            name="currency"
            value={values.currency}
            onChange={(v) => update({ currency: String(v) })}
            options={[
              { value: "BYN", label: intl.formatMessage({ id: "storeSettings.currency.BYN" }) },
              { value: "USD", label: intl.formatMessage({ id: "storeSettings.currency.USD" }) },
            ]}
          />
          <SelectField
            label="storeSettings.timeZone"
            name="time_zone"
            value={values.time_zone}
            error={errors.time_zone}
            onChange={(v) => update({ time_zone: String(v) })}
            hint={<FormattedMessage id="storeSettings.timeZoneHint" />}
            options={(TIME_ZONES.includes(values.time_zone) ? TIME_ZONES : [values.time_zone, ...TIME_ZONES]).map((tz) => ({ value: tz, label: tz.replace(/_/g, " ") }))}
          />
        </div>
      </Section>

      <Section title="storeSettings.section.seo" lead="storeSettings.seoLead">
        <TextField label="storeSettings.seoTitle" {...bind("seo_title")} />
        <TextAreaField label="storeSettings.seoDescription" {...bind("seo_description")} />
      </Section>

      <div className="store-settings__bar">
        <span className="store-settings__state" aria-live="polite">
          {uploading ? <FormattedMessage id="storeSettings.uploading" /> : dirty ? <FormattedMessage id="storeSettings.unsaved" /> : null}
        </span>
        <SubmitButton pending={save.isPending} label="common.save" className="btn btn--primary" form={formId} />
      </div>

      <Dialog
        open={blocker.status === "blocked"}
        onClose={() => blocker.reset?.()}
        title={<FormattedMessage id="storeSettings.leaveTitle" />}
        size="sm"
        testId="leave-dialog"
        footer={
          <>
            <button type="button" className="btn btn--secondary" onClick={() => blocker.reset?.()}>
              <FormattedMessage id="storeSettings.stay" />
            </button>
            <button type="button" className="btn btn--danger" onClick={() => blocker.proceed?.()}>
              <FormattedMessage id="storeSettings.leave" />
            </button>
          </>
        }
      >
        <p>
          <FormattedMessage id="storeSettings.leaveText" />
        </p>
      </Dialog>
    </form>
  );
}

function Section({ title, lead, children }: { title: MessageId; lead?: MessageId; children: ReactNode }) {
  const id = useId();
  return (
    <section className="panel store-settings__section" aria-labelledby={id}>
      <h2 id={id} className="panel__title">
        <FormattedMessage id={title} />
      </h2>
      {lead ? (
        <p className="panel__lead">
          <FormattedMessage id={lead} />
        </p>
      ) : null}
      <div className="store-settings__fields">{children}</div>
    </section>
  );
}

function TextAreaField({ label, name, value, error, onChange, onBlur }: { label: MessageId; name: string; value: unknown; error?: FieldMessage; onChange: (v: unknown) => void; onBlur: () => void }) {
  const id = useId();
  return (
    <div className={error ? "field field--invalid" : "field"}>
      <label className="field__label" htmlFor={id}>
        <FormattedMessage id={label} />
      </label>
      <textarea id={id} name={name} className="input textarea" rows={3} value={String(value ?? "")} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} aria-invalid={error ? true : undefined} />
      {error ? (
        <p className="field__error" role="alert">
          <FieldMessageText message={error} />
        </p>
      ) : null}
    </div>
  );
}

function RowError({ errors, paths }: { errors: Errors; paths: string[] }) {
  const message = paths.map((p) => errors[p]).find(Boolean);
  return message ? (
    <p className="field__error list-row__error" role="alert">
      <FieldMessageText message={message} />
    </p>
  ) : null;
}

function AddButton({ label, onClick }: { label: MessageId; onClick: () => void }) {
  return (
    <button type="button" className="btn btn--ghost store-settings__add" onClick={onClick}>
      + <FormattedMessage id={label} />
    </button>
  );
}

function RemoveButton({ label, onClick }: { label: MessageId; onClick: () => void }) {
  const intl = useIntl();
  return (
    <button type="button" className="icon-button icon-button--danger list-row__remove" aria-label={intl.formatMessage({ id: label })} title={intl.formatMessage({ id: label })} onClick={onClick}>
      <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M6 6l12 12M18 6 6 18" />
      </svg>
    </button>
  );
}
