import { z } from "zod";
import { Db } from "../db/service";
import { assertCanUseOperatorView } from "../shared/policy";
import { storesOfCompany } from "./store";

export const DirectoryPage = z.object({
  companies: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      url_key: z.string(),
      created_at: z.string(),
      stores: z.array(
        z.object({ id: z.string(), name: z.string(), url_key: z.string(), preparation_ends_at: z.string().optional() }),
      ),
    }),
  ),
  /** Pass back as `cursor` for the next page; null on the last page. */
  cursor: z.string().nullable(),
});
export type DirectoryPage = z.infer<typeof DirectoryPage>;

/**
 * The operator view (admins): every company, newest first, with its stores. Companies come from
 * the directory partition on gsi2 (one key query per page, no Scan); stores from each company's
 * partition.
 */
export async function companyDirectory(opts: { cursor?: string; limit?: number } = {}): Promise<DirectoryPage> {
  assertCanUseOperatorView();
  const page = await Db()
    .entities.company.query.directory({ directory: "companies" })
    .go({ order: "desc", limit: opts.limit ?? 25, cursor: opts.cursor ?? null });
  const companies = await Promise.all(
    page.data.map(async (c) => ({
      id: c.company_id,
      name: c.name,
      url_key: c.url_key,
      created_at: c.created_at,
      stores: (await storesOfCompany(c.company_id))
        .sort((a, b) => a.created_at.localeCompare(b.created_at))
        .map((s) => ({ id: s.store_id, name: s.name, url_key: s.url_key, preparation_ends_at: s.preparation_ends_at })),
    })),
  );
  return { companies, cursor: page.cursor };
}
