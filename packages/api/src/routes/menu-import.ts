import { createRoute, z } from "@hono/zod-openapi";
import { ApplyImportInput, applyImport, PreviewImportInput, previewImport } from "@menu/core/import/menu-import";
import { IMPORT_ERROR_CODES } from "@menu/core/import/menu-import-errors";
import { TEMPLATE_FORMATS, templateFile } from "@menu/core/import/menu-template";
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

const preview = createRoute({
  method: "post",
  path: "/menu-import/preview",
  summary:
    "What importing this spreadsheet (.xlsx or .csv, the export's columns) would create and change, with errors per row and cell. A workbook's parse is limited by 10 s of CPU time; a server too busy to parse it answers 503 with Retry-After",
  ...session,
  request: jsonBody(PreviewImportInput),
  responses: { 200: json(Preview), 404: errorResponse("Store not found"), 413: errorResponse("Request is too large"), 429: TWO_AT_ONCE },
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
  .openapi(preview, async (c) => c.json(await previewImport(c.req.valid("json")), 200))
  .openapi(apply, async (c) => c.json(await applyImport(c.req.valid("json")), 200));
