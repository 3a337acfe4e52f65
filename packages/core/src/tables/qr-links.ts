/**
 * Published QR links: a table QR scan (`/t/{qrKey}`) is answered from one small object per key,
 * `m/qr/{qrKey}.json` in the object store (the menus bucket in the cloud), so a scan touches no
 * database. The objects are written when a table is created, edited or gets a new key, when the
 * store's URL name changes, and on every publish of the store (which also deletes the objects of
 * keys that no longer exist, from the list it keeps on the store's `publication` row). A key that
 * was re-issued or deleted is removed at once by the change that retired it.
 */
import { Db } from "../db/service";
import { usePorts } from "../ports";

type Keys = { company_id: string; store_id: string };

/** What a QR link object holds (SPEC.md section 7's lookup answer, without a database). */
/** `name`: the table's own name ("Терраса 3"), put in the table pass so the guest's page and the board say it (issue 48). */
export type PublishedQrLink = { format: 1; company_url_key: string; store_url_key: string; position: number; name?: string };
/** A retired key's object: no table any more, but the store is known, so its page can link to the menu. */
export type RetiredQrLink = { format: 1; retired: true; company_url_key: string; store_url_key: string };

/** QR keys are short tokens of letters and digits (`newToken`); anything else is no key at all. */
const QR_KEY = /^[A-Za-z0-9]{1,64}$/;

export const qrLinkKey = (qr_key: string) => `m/qr/${qr_key}.json`;

/** Where a scan of the link lands: the store's menu with the table number. */
export const qrLocation = (link: Pick<PublishedQrLink, "company_url_key" | "store_url_key" | "position">) =>
  `/${link.company_url_key}/${link.store_url_key}/menu?table=${link.position}`;

const JSON_TYPE = "application/json; charset=utf-8";

/** The URL names a store's links point at (company and store GetItem). */
async function urlNamesOf({ company_id, store_id }: Keys) {
  const [company, store] = await Promise.all([
    Db().entities.company.get({ company_id }).go(),
    Db().entities.store.get({ company_id, store_id }).go(),
  ]);
  if (!company.data || !store.data) return undefined;
  return { company_url_key: company.data.url_key, store_url_key: store.data.url_key };
}

type UrlNames = NonNullable<Awaited<ReturnType<typeof urlNamesOf>>>;

async function put(qr_key: string, names: UrlNames, position: number, name?: string) {
  const link: PublishedQrLink = { format: 1, ...names, position, ...(name ? { name } : {}) };
  await usePorts().objects.put(qrLinkKey(qr_key), JSON.stringify(link), JSON_TYPE);
}

/** Writes the link of one table (after it was created, edited or got a new key). */
export async function putQrLink(keys: Keys, table: { qr_key: string; position: number; name?: string }, names?: UrlNames) {
  const resolved = names ?? (await urlNamesOf(keys));
  if (resolved) await put(table.qr_key, resolved, table.position, table.name);
}

/** Writes the links of new tables (a bulk add), reading the store's URL names once. */
export async function putQrLinks(keys: Keys, tables: { qr_key: string; position: number; name?: string }[]) {
  const names = await urlNamesOf(keys);
  if (names) await Promise.all(tables.map((t) => put(t.qr_key, names, t.position, t.name)));
}

/**
 * Retires the link of a key that was re-issued or whose table was deleted: its printed code stops
 * leading to a table, and its object keeps only the store's URL names, so a scan can say the code is
 * no longer valid and link to the store's menu (a former URL name redirects to the current one).
 */
export async function deleteQrLink(qr_key: string) {
  const link = await publishedQrLink(qr_key);
  if (!link || "retired" in link) return;
  const retired: RetiredQrLink = { format: 1, retired: true, company_url_key: link.company_url_key, store_url_key: link.store_url_key };
  await usePorts().objects.put(qrLinkKey(qr_key), JSON.stringify(retired), JSON_TYPE);
}

const tablesOf = async ({ company_id, store_id }: Keys) =>
  (await Db().entities.table.query.byStore({ company_id, store_id }).go({ pages: "all" })).data;

/** Rewrites the links of every table of the store (its URL name changed). Retires nothing: the publish job does. */
export async function putQrLinksOfStore(keys: Keys) {
  const names = await urlNamesOf(keys);
  if (!names) return;
  await Promise.all((await tablesOf(keys)).map((t) => put(t.qr_key, names, t.position, t.name)));
}

/**
 * The publish job's part (it runs under the store's publish lease, so one run at a time): writes
 * the link of every table, marks retired the links of keys published before that no table has any
 * more (kept with the store's URL names, so a scan says the code is no longer valid and links to
 * the menu), and remembers the published keys on the `publication` row. A key retired while a run
 * was writing is retired by the change itself, or at the latest by the run that change requested.
 */
export async function publishQrLinks(keys: Keys, names: UrlNames) {
  const tables = await tablesOf(keys);
  await Promise.all(tables.map((t) => put(t.qr_key, names, t.position, t.name)));
  const current = new Set(tables.map((t) => t.qr_key));
  const { data } = await Db().entities.publication.get(keys).go();
  const stale = (data?.qr_keys ?? []).filter((k) => !current.has(k));
  await Promise.all(stale.map(deleteQrLink));
  await Db().entities.publication.update(keys).set({ qr_keys: [...current] }).go();
  return tables;
}

/**
 * The target of a scanned key from its published link, its store when the key was retired, or
 * undefined (unknown, malformed or unreadable key). Reads the object store only.
 */
export async function publishedQrLink(qr_key: string): Promise<PublishedQrLink | RetiredQrLink | undefined> {
  if (!QR_KEY.test(qr_key)) return undefined;
  try {
    const object = await usePorts().objects.get(qrLinkKey(qr_key));
    if (!object) return undefined;
    const link = JSON.parse(Buffer.from(object.body).toString("utf8")) as Partial<PublishedQrLink & RetiredQrLink>;
    const urlName = (v: unknown): v is string => typeof v === "string" && /^[A-Za-z][A-Za-z0-9-]{0,39}$/.test(v);
    if (!urlName(link.company_url_key) || !urlName(link.store_url_key)) return undefined;
    if (link.retired === true) return { format: 1, retired: true, company_url_key: link.company_url_key, store_url_key: link.store_url_key };
    if (!Number.isInteger(link.position)) return undefined;
    const name = typeof link.name === "string" && link.name.trim() ? { name: link.name.slice(0, 60) } : {};
    return { format: 1, company_url_key: link.company_url_key, store_url_key: link.store_url_key, position: link.position!, ...name };
  } catch (error) {
    console.error("Reading a published QR link failed", error);
    return undefined;
  }
}
