import { createRoute, z } from "@hono/zod-openapi";
import { CreateTablesInput, TABLE_CARDS_CHOSEN_MAX } from "@menu/core/tables/schemas";
import {
  CreateTableInput,
  createTableAs,
  createTablesAs,
  deleteTableAs,
  listTables,
  oneTable,
  ReorderTablesInput,
  reorderTables,
  reissueQrKey,
  TableInfo,
  UpdateTableInput,
  updateTableAs,
} from "@menu/core/tables/manage";
import { renderQr } from "@menu/core/render/qr";
import { tableCardsPdf } from "@menu/core/tables/cards";
import { errorResponse } from "../errors";
import { download, safeFileName } from "../download";
import { router } from "../router";
import { requiresSession } from "../session";
import { json, jsonBody } from "../openapi";

/** admin-panel/tables: every staff role of the store (SPEC.md section 2). */
const session = requiresSession("store_manager", "storeNotFound");
const StoreQuery = z.object({ storeId: z.string().min(1).max(64) });
const TableParams = z.object({ tableId: z.string().min(1).max(64) });
const notFound = { 404: errorResponse("Store or table not found") };

const list = createRoute({ method: "get", path: "/tables", summary: "The store's tables in index order", ...session, request: { query: StoreQuery }, responses: { 200: json(z.array(TableInfo)), ...notFound } });
const create = createRoute({
  method: "post",
  path: "/tables",
  summary: "Create a table (at the end of the list)",
  ...session,
  request: jsonBody(CreateTableInput),
  responses: { 201: json(TableInfo, "Created"), ...notFound, 409: errorResponse("Table name already exists") },
});
const bulk = createRoute({
  method: "post",
  path: "/tables/bulk",
  summary: "Create several tables at once (numbers from `from`, names from a pattern with {n}): all or none",
  ...session,
  request: jsonBody(CreateTablesInput),
  responses: {
    201: json(z.array(TableInfo), "Created, in number order"),
    ...notFound,
    409: errorResponse("Table name already exists (`details.names` lists the taken ones), or the store's table limit is reached"),
  },
});
const reorder = createRoute({
  method: "post",
  path: "/tables/order",
  summary: "Put the tables in this order",
  ...session,
  request: jsonBody(ReorderTablesInput),
  responses: { 200: json(z.array(TableInfo)), ...notFound, 409: errorResponse("You did not make any changes to the sorting") },
});
const update = createRoute({
  method: "patch",
  path: "/tables/{tableId}",
  summary: "Edit a table's number, name or note",
  ...session,
  request: { params: TableParams, ...jsonBody(UpdateTableInput) },
  responses: { 200: json(TableInfo), ...notFound, 409: errorResponse("Table name already exists") },
});
const remove = createRoute({
  method: "delete",
  path: "/tables/{tableId}",
  summary: "Delete a table (its printed code stops working)",
  ...session,
  request: { params: TableParams, query: StoreQuery },
  responses: { 200: json(z.object({ id: z.string() }), "Deleted"), ...notFound },
});
const reissue = createRoute({
  method: "post",
  path: "/tables/{tableId}/reissue-qr",
  summary: "Issue a new QR key; the old printed code stops working",
  ...session,
  request: { params: TableParams, ...jsonBody(z.object({ store_id: z.string().min(1).max(64) })) },
  responses: { 200: json(TableInfo), ...notFound },
});
const image = { description: "The QR code", content: { "image/svg+xml": { schema: z.string() }, "image/png": { schema: z.string() } } };
const qr = createRoute({
  method: "get",
  path: "/tables/{tableId}/qr",
  summary: "The table's QR code (absolute /t/{qrKey} link) as SVG or PNG",
  ...session,
  request: { params: TableParams, query: StoreQuery.extend({ format: z.enum(["svg", "png"]).default("svg") }) },
  responses: { 200: image, ...notFound },
});
const cards = createRoute({
  method: "get",
  path: "/tables/cards",
  summary: "A4 PDF of table cards (several per page); tableId for one table's card, tableIds (comma-separated) for the chosen ones",
  ...session,
  request: {
    query: StoreQuery.extend({
      tableId: z.string().min(1).max(64).optional(),
      tableIds: z
        .string()
        .max(TABLE_CARDS_CHOSEN_MAX * 65)
        .optional()
        .meta({ description: `Up to ${TABLE_CARDS_CHOSEN_MAX} table ids, separated by commas` }),
    }),
  },
  responses: { 200: { description: "PDF", content: { "application/pdf": { schema: z.string() } } }, ...notFound },
});

const safe = (s: string) => safeFileName(s, "table");

export const tableRoutes = router()
  .openapi(list, async (c) => c.json(await listTables(c.req.valid("query").storeId), 200))
  .openapi(create, async (c) => c.json(await createTableAs(c.req.valid("json")), 201))
  .openapi(bulk, async (c) => c.json(await createTablesAs(c.req.valid("json")), 201))
  .openapi(reorder, async (c) => c.json(await reorderTables(c.req.valid("json")), 200))
  .openapi(cards, async (c) => {
    const { storeId, tableId, tableIds } = c.req.valid("query");
    const table_ids = tableIds?.split(",").filter(Boolean).slice(0, TABLE_CARDS_CHOSEN_MAX);
    const pdf = await tableCardsPdf({ store_id: storeId, table_id: tableId, table_ids });
    return c.body(new Uint8Array(pdf.body), 200, { "Content-Type": "application/pdf", ...download(`${safe(pdf.name)}.pdf`) });
  })
  .openapi(update, async (c) => c.json(await updateTableAs({ ...c.req.valid("json"), table_id: c.req.valid("param").tableId }), 200))
  .openapi(remove, async (c) => c.json(await deleteTableAs({ store_id: c.req.valid("query").storeId, table_id: c.req.valid("param").tableId }), 200))
  .openapi(reissue, async (c) => c.json(await reissueQrKey({ store_id: c.req.valid("json").store_id, table_id: c.req.valid("param").tableId }), 200))
  .openapi(qr, async (c) => {
    const { storeId, format } = c.req.valid("query");
    const table = await oneTable({ store_id: storeId, table_id: c.req.valid("param").tableId });
    const { body, type } = await renderQr(table.qr_url, format);
    const headers = { "Content-Type": type, ...download(`table-${table.position}-${safe(table.name)}.${format}`) };
    return typeof body === "string" ? c.body(body, 200, headers) : c.body(new Uint8Array(body), 200, headers);
  });
