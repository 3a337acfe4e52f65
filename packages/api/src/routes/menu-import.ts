import { createRoute, z } from "@hono/zod-openapi";
import { ApplyImportInput, applyImport, PreviewImportInput, previewImport } from "@menu/core/import/menu-import";
import { IMPORT_ERROR_CODES } from "@menu/core/import/menu-import-errors";
import { TEMPLATE_FORMATS, templateFile } from "@menu/core/import/menu-template";
import { DRAFT_DOUBTS, DRAFT_SOURCES } from "@menu/core/import/reading/draft";
import { SheetMapping } from "@menu/core/import/reading/sheet-columns";
import { menuReadingStatus } from "@menu/core/import/reading/reading-jobs";
import { CURRENCIES, UNITS } from "@menu/core/shared/model";
import { download } from "../download";
import { errorResponse } from "../errors";
import { router } from "../router";
import { requiresSession } from "../session";
import { json, jsonBody } from "../openapi";

const session = requiresSession("store_manager", "storeNotFound");
const TWO_AT_ONCE = errorResponse("A file of this store is being read and another waits for it: try again in a moment");
const Preview = z.object({
  language: z.string(),
  items: z.number(),
  creates: z.number().openapi({ description: "How many items the import would create (the list holds the first 100)" }),
  changes: z.number().openapi({ description: "How many items it would change (the list holds the first 100)" }),
  create: z.array(z.object({ row: z.number(), title: z.string(), category: z.string() })),
  change: z.array(z.object({ row: z.number(), id: z.string(), title: z.string(), fields: z.array(z.string()) })),
  unchanged: z.number(),
  categories: z.array(z.string()),
  errors: z
    .array(
      z.object({
        row: z.number(),
        column: z.string(),
        code: z.enum(IMPORT_ERROR_CODES),
        value: z.string().optional(),
        sheet: z.string().optional().openapi({ description: "A workbook refused for what it holds: the sheet where it was found (`row` and `column`, its letters, say the cell)" }),
      }),
    )
    .openapi({ description: "Errors per row and cell; a file refused as a whole is the one error, row 1 with no column unless the parse found where" }),
});

const Draft = z
  .object({
    source: z.enum(DRAFT_SOURCES),
    language: z.enum(["ru", "be", "en"]),
    pages: z.number(),
    items: z.array(
      z.object({
        section: z.enum(["kitchen", "drinks", "hookahs", "games"]),
        category: z.string(),
        title: z.string(),
        description: z.string(),
        portions: z.array(z.object({ weight: z.string(), unit: z.enum(UNITS), price: z.string(), currency: z.enum(CURRENCIES) })),
        doubts: z.array(z.enum(DRAFT_DOUBTS)),
      }),
    ),
    truncated: z.boolean(),
  })
  .openapi("MenuDraft", { description: "An owner's own menu as read, to check and correct before confirming (confirmed as the export's rows through apply)" });
const DraftPreview = z.object({
  draft: Draft,
  columns: z
    .object({ headers: z.array(z.string()), guess: SheetMapping, samples: z.array(z.array(z.string())), sheets: z.array(z.string()), remembered: z.boolean() })
    .optional()
    .openapi({ description: "A spreadsheet of the owner's own columns: the columns as guessed (or remembered), to change with `mapping`" }),
});
const READING_STATUSES = ["queued", "reading", "done", "error"] as const;

const preview = createRoute({
  method: "post",
  path: "/menu-import/preview",
  summary:
    "What importing this file would do. A spreadsheet with the export's columns (.xlsx or .csv): what it would create and change, with errors per row and cell. " +
    "An owner's own menu (another spreadsheet, a PDF, a Word .docx, pasted text as `pasted.txt`): the draft read from it. A photo (JPEG, PNG, WebP, HEIC): 202 and the job that reads it. " +
    "A parse is limited by 10 s of CPU time; a server too busy to parse it answers 503 with Retry-After",
  ...session,
  request: jsonBody(PreviewImportInput),
  responses: {
    200: json(z.union([Preview, DraftPreview])),
    202: json(z.object({ job_id: z.string() }).openapi({ description: "The photo is being read: poll GET /api/menu-import/jobs/{jobId}" })),
    404: errorResponse("Store not found"),
    413: errorResponse("Request is too large"),
    429: TWO_AT_ONCE,
  },
});
const job = createRoute({
  method: "get",
  path: "/menu-import/jobs/{jobId}",
  summary: "A photo being read: its state and progress, and its draft once read (a refusal's code in `error`)",
  ...session,
  request: { params: z.object({ jobId: z.string().min(1).max(64) }), query: z.object({ storeId: z.string().min(1).max(64) }) },
  responses: {
    200: json(z.object({ status: z.enum(READING_STATUSES), progress: z.number(), draft: Draft.optional(), error: z.string().optional() })),
    404: errorResponse("Store or job not found"),
  },
});
const apply = createRoute({
  method: "post",
  path: "/menu-import/apply",
  summary: "Import items [from, from + count) of the spreadsheet; nothing is written while any row is invalid",
  ...session,
  request: jsonBody(ApplyImportInput),
  responses: {
    200: json(
      z.object({
        done: z.number(),
        total: z.number(),
        categories: z.array(z.object({ id: z.string(), section: z.string(), name: z.string() })).openapi({ description: "The sheet's categories, in its order" }),
      }),
    ),
    400: errorResponse("The file has errors: nothing was imported"),
    404: errorResponse("Store not found"),
    413: errorResponse("Request is too large"),
    429: TWO_AT_ONCE,
  },
});

const template = createRoute({
  security: [],
  method: "get",
  path: "/menu-import/template",
  summary: "The import's template: the export's columns and two example rows (no session: it holds no store's data)",
  request: { query: z.object({ format: z.enum(TEMPLATE_FORMATS) }) },
  responses: { 200: { description: "The file", content: { "application/octet-stream": { schema: z.string() } } } },
});
const TYPES = { xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", csv: "text/csv; charset=utf-8" } as const;

export const menuImportRoutes = router()
  .openapi(template, async (c) => {
    const { format } = c.req.valid("query");
    return c.body(new Uint8Array(await templateFile(format)), 200, { "Content-Type": TYPES[format], ...download(`menu-template.${format}`) });
  })
  .openapi(preview, async (c) => {
    const answer = await previewImport(c.req.valid("json"));
    return "job_id" in answer ? c.json(answer, 202) : c.json(answer, 200);
  })
  .openapi(job, async (c) => c.json(await menuReadingStatus({ storeId: c.req.valid("query").storeId, jobId: c.req.valid("param").jobId }), 200))
  .openapi(apply, async (c) => c.json(await applyImport(c.req.valid("json")), 200));
