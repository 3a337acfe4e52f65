import { z } from "zod";
import { companyIdByUrlKey } from "../company/company";
import { Db } from "../db/service";
import { notFound } from "../shared/errors";
import { fn } from "../shared/fn";
import { guardedWrite, lookupUnique } from "../db/guarded-write";
import { newId } from "../shared/ids";
import { DAYS, MENU_LANGUAGES } from "../shared/model";
import { uniqueValue } from "../records/unique.entity";
import { UrlKey } from "../shared/url-key";
import { translationsInfo, TranslationsInfo } from "../shared/translations-info";
import { StoreEntity } from "../records/store.entity";
import { storeTranslations } from "./texts";

export type StoreRecord = NonNullable<Awaited<ReturnType<ReturnType<typeof StoreEntity.get>["go"]>>["data"]>;

/** SPEC.md section 3, "Company/store lookup object". */
export const CsObject = z.object({
  company_id: z.string(),
  store_id: z.string(),
  company_url_key: z.string(),
  store_url_key: z.string(),
});
export type CsObject = z.infer<typeof CsObject>;

/** The guard value of a store URL name: unique within its company. */
export const storeUrlValue = (company_id: string, url_key: string) => uniqueValue(company_id, url_key);

export const CreateStore = z.object({
  company_id: z.string().min(1),
  name: z.string().trim().min(1).max(120),
  url_key: UrlKey,
  languages: z.array(z.enum(MENU_LANGUAGES)).optional(),
  preparation_ends_at: z.string().optional(),
});

export const createStore = fn(CreateStore, async (input) => {
  const store_id = newId();
  await guardedWrite(
    { claim: [{ kind: "storeUrl", value: storeUrlValue(input.company_id, input.url_key), ref: store_id, company_id: input.company_id }] },
    (e) => [e.store.create({ ...input, store_id }).commit()],
  );
  return storeById(store_id);
});

export async function storeById(store_id: string): Promise<StoreRecord> {
  const { data } = await Db().entities.store.query.byId({ store_id }).go();
  const store = data[0];
  if (!store) throw notFound("storeNotFound");
  return store;
}

export async function storesOfCompany(company_id: string) {
  const { data } = await Db().entities.store.query.byCompany({ company_id }).go({ pages: "all" });
  return data;
}

/** Resolves a /{company}/{store} pair to ids, or throws not found. */
export const resolveCsObject = fn(
  z.object({ companyKey: z.string().min(1), storeKey: z.string().min(1) }),
  async ({ companyKey, storeKey }): Promise<CsObject> => {
    const company_id = await companyIdByUrlKey(companyKey);
    if (!company_id) throw notFound("companyNotFound");
    const store_id = await lookupUnique("storeUrl", storeUrlValue(company_id, storeKey));
    if (!store_id) throw notFound("storeNotFound");
    const [company, store] = await Promise.all([
      Db().entities.company.get({ company_id }).go(),
      Db().entities.store.get({ company_id, store_id }).go(),
    ]);
    if (!company.data || !store.data) throw notFound("storeNotFound");
    return { company_id, store_id, company_url_key: company.data.url_key, store_url_key: store.data.url_key };
  },
);

/** What the public and the admin screens read of a store (SPEC.md section 7, store-settings). */
export const StoreSettings = z.object({
  id: z.string(),
  company_id: z.string(),
  name: z.string(),
  url_key: z.string(),
  address: z.string(),
  /**
   * Per menu language other than Russian: the name staff wrote in settings, and the address and
   * phone notes as translated (machine-made, hand-made or checked).
   */
  translations: TranslationsInfo,
  phones: z.array(z.object({ description: z.string().optional(), number: z.string() })),
  working_hours: z.array(z.object({ days: z.array(z.string()), open: z.string(), close: z.string() })),
  socials: z.array(z.object({ network: z.string(), url: z.string() })),
  seo_title: z.string(),
  seo_description: z.string(),
  logo_light: z.string().optional(),
  logo_dark: z.string().optional(),
  time_zone: z.string(),
  languages: z.array(z.string()),
  currency: z.string(),
  wifi: z
    .object({ ssid: z.string(), encryption: z.string(), hidden: z.boolean(), password: z.string().optional() })
    .optional(),
  reviews_org_id: z.string().optional(),
});
export type StoreSettings = z.infer<typeof StoreSettings>;

export function toSettings(s: StoreRecord): StoreSettings {
  return {
    id: s.store_id,
    company_id: s.company_id,
    name: s.name,
    url_key: s.url_key,
    address: s.address ?? "",
    translations: translationsInfo(storeTranslations(s.translations)),
    phones: s.phones ?? [],
    // Days are a set in the table: answered in week order.
    working_hours: (s.working_hours ?? []).map((h: { days?: string[]; open: string; close: string }) => ({
      ...h,
      days: DAYS.filter((d) => h.days?.includes(d)),
    })),
    socials: s.socials ?? [],
    seo_title: s.seo_title ?? "",
    seo_description: s.seo_description ?? "",
    logo_light: s.logo_light,
    logo_dark: s.logo_dark,
    time_zone: s.time_zone ?? "Europe/Minsk",
    languages: s.languages ?? ["ru"],
    currency: s.currency ?? "BYN",
    wifi: s.wifi ? { ...s.wifi, hidden: s.wifi.hidden ?? false } : undefined,
    reviews_org_id: s.reviews_org_id,
  };
}
