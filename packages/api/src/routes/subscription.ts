import { createHmac, timingSafeEqual } from "node:crypto";
import { createRoute, z } from "@hono/zod-openapi";
import { UserError, withActor } from "@menu/core";
import { billingOf, saveBilling } from "@menu/core/billing/billing";
import { BillingInfo } from "@menu/core/billing/schemas";
import { PLAN_CONFIG, PlanTableSchema } from "@menu/core/billing/plans";
import {
  ActiveSubscription,
  AddSubscription,
  activateSubscription,
  activeSubscription,
  addSubscription,
  InvoiceInfo,
  invoicesOf,
  markInvoicePaid,
  openMenuNow,
  subscriptionHistory,
} from "@menu/core/billing/subscription";
import { invoicePdf } from "@menu/core/billing/invoice-download";
import { errorResponse } from "../errors";
import { download, safeFileName } from "../download";
import { router } from "../router";
import { requiresSession } from "../session";
import { json, jsonBody } from "../openapi";

const StoreQuery = z.object({ storeId: z.string().min(1).max(64) });
const CompanyQuery = z.object({ companyId: z.string().min(1).max(64) });
const conflicts = { 404: errorResponse("Not found"), 409: errorResponse("Refused by a subscription rule") };

/**
 * Verifies a payment provider's webhook: `X-Signature: sha256=<hex HMAC-SHA256 of the raw body>`
 * with the shared secret PAYMENT_WEBHOOK_SECRET.
 */
export function verifySignature(raw: string, header: string | undefined, secret = process.env.PAYMENT_WEBHOOK_SECRET) {
  if (!secret || !header?.startsWith("sha256=")) return false;
  const expected = createHmac("sha256", secret).update(raw).digest();
  const given = Buffer.from(header.slice(7), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A body's JSON, or a 400 (never the 500 of a SyntaxError). */
function parsedJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new UserError("valueIncorrect", 400);
  }
}

export const subscriptionRoutes = router()
  .openapi(
    createRoute({ security: [], method: "get", path: "/plans", summary: "Plans with prices, languages and features", responses: { 200: json(PlanTableSchema) } }),
    (c) => c.json(PLAN_CONFIG, 200),
  )
  .openapi(
    createRoute({ method: "get", path: "/subscription/active", summary: "The store's current subscription state", request: { query: StoreQuery }, responses: { 200: json(ActiveSubscription), ...conflicts } }),
    async (c) => c.json(await activeSubscription(c.req.valid("query").storeId), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/subscription/history",
      summary: "The store's subscription history",
      request: { query: StoreQuery },
      responses: { 200: json(z.array(z.object({ at: z.string(), event: z.string(), plan: z.string(), subscription_id: z.string() }))), ...conflicts },
    }),
    async (c) => c.json(await subscriptionHistory(c.req.valid("query").storeId), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/subscription/add",
      summary: "Add (switch to) a paid plan; issues its invoice",
      request: jsonBody(AddSubscription),
      responses: { 200: json(z.object({ subscription_id: z.string(), invoice_id: z.string(), number: z.string(), features_lost: z.array(z.string()) })), ...conflicts },
    }),
    async (c) => c.json(await addSubscription(c.req.valid("json")), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/subscription/activate",
      summary: "Activate a paid subscription (now, or queued after the current period)",
      request: jsonBody(z.object({ storeId: z.string().min(1), subscriptionId: z.string().min(1) })),
      responses: { 200: json(z.object({ status: z.enum(["active", "available"]) })), ...conflicts },
    }),
    async (c) => c.json(await activateSubscription(c.req.valid("json")), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/subscription/open-now",
      summary: "End preparation now: the 14-day trial starts and the menu opens to guests",
      request: jsonBody(z.object({ storeId: z.string().min(1).max(64) })),
      responses: { 200: json(z.object({ ends_at: z.string() })), ...conflicts },
    }),
    async (c) => c.json(await openMenuNow(c.req.valid("json")), 200),
  )
  .openapi(
    createRoute({ method: "get", path: "/billing", summary: "The company's billing details", request: { query: CompanyQuery }, responses: { 200: json(BillingInfo.nullable()), ...conflicts } }),
    async (c) => c.json(await billingOf(c.req.valid("query").companyId), 200),
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/billing",
      summary: "Save the company's billing details",
      request: jsonBody(BillingInfo.extend({ company_id: z.string().min(1) })),
      responses: { 200: json(BillingInfo), ...conflicts },
    }),
    async (c) => c.json(await saveBilling(c.req.valid("json")), 200),
  )
  .openapi(
    createRoute({ method: "get", path: "/invoices", summary: "The company's invoices, newest first", request: { query: CompanyQuery }, responses: { 200: json(z.array(InvoiceInfo)), ...conflicts } }),
    async (c) => c.json(await invoicesOf(c.req.valid("query").companyId), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/invoices/pdf",
      summary: "An invoice as PDF",
      request: { query: CompanyQuery.extend({ invoiceId: z.string().min(1).max(64) }) },
      responses: { 200: { description: "PDF", content: { "application/pdf": { schema: z.string() } } }, ...conflicts },
    }),
    async (c) => {
      const { companyId, invoiceId } = c.req.valid("query");
      const pdf = await invoicePdf({ company_id: companyId, invoice_id: invoiceId });
      return c.body(new Uint8Array(pdf), 200, { "Content-Type": "application/pdf", ...download(`invoice-${safeFileName(invoiceId.slice(0, 8), "invoice")}.pdf`) });
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/invoices/mark-paid",
      summary: "Operator: mark an invoice paid",
      ...requiresSession("admin", "forbidden"),
      request: jsonBody(z.object({ company_id: z.string().min(1), invoice_id: z.string().min(1) })),
      responses: { 200: json(z.object({ already_paid: z.boolean() })), 403: errorResponse("Operator only"), ...conflicts },
    }),
    async (c) => c.json(await markInvoicePaid(c.req.valid("json")), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/payments/webhook",
      summary: "Payment provider webhook: `X-Signature: sha256=<hex HMAC-SHA256 of the raw body>`",
      // No session: the HMAC signature is the authentication.
      security: [],
      responses: {
        200: json(z.object({ already_paid: z.boolean() })),
        400: errorResponse("A signed body that is not an `invoice.paid` event"),
        401: errorResponse("Invalid signature"),
        404: errorResponse("Company or invoice not found"),
      },
    }),
    async (c) => {
      const raw = await c.req.text();
      if (!verifySignature(raw, c.req.header("x-signature"))) throw new UserError("invalidSignature", 401);
      const event = z.object({ type: z.literal("invoice.paid"), company_id: z.string(), invoice_id: z.string() }).parse(parsedJson(raw));
      const result = await withActor({ type: "system" }, () => markInvoicePaid(event));
      return c.json(result, 200);
    },
  );
