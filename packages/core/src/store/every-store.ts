/**
 * A data migration over every store of the table, run once (a `migration` marker row; one GetItem
 * after that): at the local runtime's start and on the cloud's scheduled tick. Companies come from
 * the directory partition page by page, each one's stores from its partition (a company has few).
 */
import { Db } from "../db/service";
import { storesOfCompany } from "./store";

type Keys = { company_id: string; store_id: string };

/** Runs `migrate` for every store unless `name` has run; answers how many stores it changed. */
export async function onceForEveryStore(name: string, migrate: (keys: Keys) => Promise<boolean>) {
  const e = Db().entities;
  if ((await e.migration.get({ name }).go()).data) return 0;
  let changed = 0;
  let cursor: string | null = null;
  do {
    const page: { data: { company_id: string }[]; cursor: string | null } = await e.company.query
      .directory({ directory: "companies" })
      .go({ cursor, limit: 25 });
    for (const company of page.data) {
      for (const store of await storesOfCompany(company.company_id)) {
        if (await migrate({ company_id: store.company_id, store_id: store.store_id })) changed++;
      }
    }
    cursor = page.cursor;
  } while (cursor);
  await e.migration.put({ name }).go();
  return changed;
}
