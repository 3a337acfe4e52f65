/** The state of the store settings form: values, the last saved ones, and the errors shown per field path. */
import { StoreSettingsForm } from "@menu/core/store/schemas";
import type { StoreSettings } from "@menu/core/store/store";
import { useMemo, useState } from "react";
import { issueMessage, type FieldMessage } from "@/components/form/validation";

export type Values = {
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
  /** The name per menu language other than Russian (empty: guests see the fallback). */
  translations: Record<string, { name: string }>;
};
export type Errors = Record<string, FieldMessage | undefined>;

export const toValues = (s: StoreSettings): Values => ({
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
    Object.entries(s.translations ?? {}).map(([lang, t]) => [lang, { name: t?.name ?? "" }]),
  ),
});

/** Every field path's first message, and the parsed form when nothing is wrong. */
export const checkValues = (next: Values) => {
  const result = StoreSettingsForm.safeParse(next);
  const all: Errors = {};
  if (!result.success) for (const issue of result.error.issues) all[issue.path.join(".")] ??= issueMessage(issue);
  return { all, data: result.success ? result.data : undefined };
};

export function useSettingsForm(initial: Values) {
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const dirty = useMemo(() => JSON.stringify(values) !== JSON.stringify(saved), [values, saved]);

  /** Changes a field; a field showing an error is checked again while it is corrected. */
  const update = (change: Partial<Values>) => {
    const next = { ...values, ...change };
    setValues(next);
    if (Object.values(errors).some(Boolean)) {
      const { all } = checkValues(next);
      setErrors((current) => Object.fromEntries(Object.keys(current).map((k) => [k, all[k]])));
    }
    // The URL name says "Only Latin letters are allowed" as the letter is typed (also after "taken").
    if (change.url_key) setErrors((current) => ({ ...current, url_key: checkValues(next).all.url_key }));
  };
  const blur = (path: string) => setErrors((current) => ({ ...current, [path]: checkValues(values).all[path] }));
  const bind = (path: "name" | "url_key" | "address" | "seo_title" | "seo_description") => ({
    name: path,
    value: values[path],
    error: errors[path],
    onChange: (v: unknown) => update({ [path]: String(v) }),
    onBlur: () => blur(path),
  });
  const list = <K extends "phones" | "working_hours" | "socials">(key: K) => ({
    set: (i: number, change: Partial<Values[K][number]>) =>
      update({ [key]: values[key].map((row, j) => (j === i ? { ...row, ...change } : row)) } as Partial<Values>),
    remove: (i: number) => {
      update({ [key]: values[key].filter((_, j) => j !== i) } as Partial<Values>);
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([k]) => !k.startsWith(`${key}.`))));
    },
  });
  /** What the server answered to a save is both shown and saved. */
  const commit = (next: Values) => {
    setSaved(next);
    setValues(next);
  };

  return { values, saved, errors, setErrors, dirty, update, blur, bind, list, commit };
}

export type SettingsForm = ReturnType<typeof useSettingsForm>;
