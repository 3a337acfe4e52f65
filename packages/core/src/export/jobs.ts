/**
 * Menu export jobs (issue 17): staff ask for a file, the `export` queue's worker writes it to the
 * object store (`exports/{companyId}/{exportId}.{format}`), the admin panel polls the job's row for
 * progress and then downloads the file through a presigned URL. The row is the job; the queue only
 * delivers, so jobs whose message was lost are sent again (resumeMenuExports).
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { Db } from "../db/service";
import { usePorts } from "../ports";
import { clock } from "../shared/clock";
import { UserError } from "../shared/errors";
import { MENU_LANGUAGES } from "../shared/model";
import { storeCommand } from "../command/store-command";
import { loadStoreState } from "../publish/store-state";
import { storeMayUse } from "../billing/gate";
import { EXPORT_FORMATS, EXPORT_STATUSES } from "../records/menu-export.entity";

export type Keys = { company_id: string; store_id: string };
const PENDING = "export";
export const pendingKey = (ref: Keys & { export_id: string }) => ({ partition: PENDING, ...ref });

export const CONTENT_TYPES = { pdf: "application/pdf", xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" } as const;
/** Deliveries that may fail before the job ends in error. */
export const MAX_ATTEMPTS = 3;
/** A queued or running job untouched for this long is taken as lost (the worker's timeout is 300 s). */
export const RESUME_AFTER_MS = 6 * 60_000;
/** How long a download URL works: enough to start the download it was asked for. */
export const DOWNLOAD_URL_SECONDS = 5 * 60;
/** The row (and, by the bucket's lifecycle rule, the file) is kept a week. */
const KEEP_DAYS = 7;

export const objectKey = (job: Keys & { export_id: string; format: string }) => `exports/${job.company_id}/${job.export_id}.${job.format}`;

export const MenuExportInput = z.object({
  storeId: z.string().min(1).max(64),
  language: z.enum(MENU_LANGUAGES),
  format: z.enum(EXPORT_FORMATS),
});

export const MenuExportJob = z.object({
  id: z.string(),
  language: z.enum(MENU_LANGUAGES),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(EXPORT_STATUSES),
  /** 0–100 */
  progress: z.number(),
  file_name: z.string(),
  error: z.string().optional(),
  size: z.number().optional(),
  /** A presigned download URL, short-lived, while the job is done. */
  download_url: z.string().optional(),
  created_at: z.string(),
});
export type MenuExportJob = z.infer<typeof MenuExportJob>;

type Row = Awaited<ReturnType<typeof rowOf>>;
export async function rowOf(keys: Keys, export_id: string) {
  return (await Db().entities.menuExport.get({ ...keys, export_id }).go()).data;
}

async function view(row: NonNullable<Row>): Promise<MenuExportJob> {
  const download_url =
    row.status === "done" ? await usePorts().objects.presignGet(objectKey(row), { expiresInSeconds: DOWNLOAD_URL_SECONDS, fileName: row.file_name }) : undefined;
  return {
    id: row.export_id,
    language: row.language,
    format: row.format,
    status: row.status,
    progress: row.progress,
    file_name: row.file_name,
    ...(row.error ? { error: row.error } : {}),
    ...(row.size !== undefined ? { size: row.size } : {}),
    ...(download_url ? { download_url } : {}),
    created_at: row.created_at,
  };
}

/** POST /api/menu-exports: staff of the store, on a plan with menu export. Queues the job. */
export const requestMenuExport = storeCommand(MenuExportInput, {}, async ({ store }, { language, format }) => {
  if (!(await storeMayUse(store, "menu_export"))) throw new UserError("featureNotInPlan", 409);
  const keys = { company_id: store.company_id, store_id: store.store_id };
  const { languages } = await loadStoreState(keys, clock.now());
  if (!languages.includes(language)) throw new UserError("valueIncorrect", 400);
  const export_id = randomUUID();
  const { data } = await Db()
    .entities.menuExport.create({
      ...keys,
      export_id,
      language,
      format,
      status: "queued",
      progress: 0,
      file_name: `menu-${store.url_key}-${language}.${format}`,
      expiresAt: Math.ceil(clock.now().getTime() / 1000) + KEEP_DAYS * 86_400,
    })
    .go();
  await Db().entities.menuExportPending.put(pendingKey({ ...keys, export_id })).go();
  await usePorts().queue.send("export", { ...keys, export_id });
  return view(data);
});

export const MenuExportRef = z.object({ storeId: z.string().min(1).max(64), exportId: z.string().min(1).max(64) });

/** GET /api/menu-exports/{exportId}: the job's state, with a fresh download URL once it is done. */
export const menuExportStatus = storeCommand(MenuExportRef, {}, async ({ store }, { exportId }) => {
  const row = await rowOf({ company_id: store.company_id, store_id: store.store_id }, exportId);
  if (!row) throw new UserError("notFound", 404);
  return view(row);
});

/**
 * Sends again the jobs whose message was lost (queued or running, untouched for `staleMs`): the
 * scheduled job runs it on every tick, the local runtime at start with 0.
 */
export async function resumeMenuExports(now = clock.now(), staleMs = RESUME_AFTER_MS) {
  const { data: pending } = await Db().entities.menuExportPending.query.byPartition({ partition: PENDING }).go({ pages: "all" });
  const before = new Date(now.getTime() - staleMs).toISOString();
  let sent = 0;
  for (const { company_id, store_id, export_id } of pending) {
    const ref = { company_id, store_id, export_id };
    const row = await rowOf({ company_id, store_id }, export_id);
    if (!row || row.status === "done" || row.status === "error") await Db().entities.menuExportPending.delete(pendingKey(ref)).go();
    else if (row.updated_at <= before) {
      await usePorts().queue.send("export", ref);
      sent++;
    }
  }
  return sent;
}
