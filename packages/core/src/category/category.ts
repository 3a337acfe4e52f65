import { z } from "zod";
import { Db } from "../db/service";
import { fn } from "../shared/fn";
import { severalGet, SeveralIds } from "../shared/several-get";
import { CATEGORY_TYPES, DAYS, SECTIONS } from "../shared/model";
import { TranslationsInfo, translationsInfo } from "../shared/translations-info";

export const Schedule = z.object({
  enabled: z.boolean(),
  days: z.array(z.enum(DAYS)),
  start: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Value is incorrect"),
  end: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Value is incorrect"),
});

export const CategoryInfo = z.object({
  id: z.string(),
  company_id: z.string(),
  store_id: z.string(),
  section: z.enum(SECTIONS),
  type: z.enum(CATEGORY_TYPES),
  name: z.string(),
  icon: z.string(),
  parent_id: z.string(),
  position: z.number(),
  visible: z.boolean(),
  schedule: Schedule.optional(),
  translations: TranslationsInfo,
  updated_at: z.string(),
});
export type CategoryInfo = z.infer<typeof CategoryInfo>;

type CategoryRecord = Awaited<ReturnType<ReturnType<ReturnType<typeof Db>["entities"]["category"]["query"]["byId"]>["go"]>>["data"][number];

export const toCategoryInfo = ({ category_id, created_at: _, ...r }: CategoryRecord): CategoryInfo => ({
  ...r,
  id: category_id,
  icon: r.icon ?? "",
  parent_id: r.parent_id ?? "",
  position: r.position ?? 0,
  visible: r.visible ?? true,
  schedule: r.schedule ? { ...r.schedule, days: r.schedule.days ?? [] } : undefined,
  translations: translationsInfo(r.translations),
});

async function categoryById(category_id: string) {
  const { data } = await Db().entities.category.query.byId({ category_id }).go();
  return data[0];
}

/** POST /api/categories/several-get. */
export const severalCategories = fn(SeveralIds, async ({ ids }) =>
  (await severalGet(ids, categoryById)).map(toCategoryInfo),
);

export async function categoriesOfStore(company_id: string, store_id: string) {
  const { data } = await Db().entities.category.query.byStore({ company_id, store_id }).go({ pages: "all" });
  return data.map(toCategoryInfo);
}
