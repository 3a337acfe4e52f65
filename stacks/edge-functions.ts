import path from "node:path";
import type { Stack } from "aws-cdk-lib";
import * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import { useProject } from "sst/project.js";

/** The guest path's CloudFront Functions by name, which the us-east-1 watch app alarms on (stacks/GuestWatch.ts). */
export const EDGE_FUNCTIONS = ["spa-fallback", "guest-pages", "guest-status", "viewer-host"] as const;
export const edgeFunctionName = (app: { stage: string; name: string }, id: (typeof EDGE_FUNCTIONS)[number]) => `${app.stage}-${app.name}-${id}`;

/** The distribution's CloudFront Functions (stacks/Web.ts), named so the watch app can find them. */
export function edgeFunctions(stack: Stack, app: { stage: string; name: string }, guestRoutes: cloudfront.IKeyValueStore) {
  /** A JS 2.0 CloudFront Function named for the watch app. */
  const edgeFunction = (id: (typeof EDGE_FUNCTIONS)[number], code: cloudfront.FunctionCode, keyValueStore?: cloudfront.IKeyValueStore) =>
    new cloudfront.Function(stack, id, { functionName: edgeFunctionName(app, id), runtime: cloudfront.FunctionRuntime.JS_2_0, code, ...(keyValueStore ? { keyValueStore } : {}) });
  const fromFile = (file: string) => cloudfront.FunctionCode.fromFile({ filePath: path.join(useProject().paths.root, "stacks/edge", file) });

  // SPA fallback as a viewer-request function on the default behaviour only, not
  // as distribution-wide error responses: those would also turn the API's 403/404
  // JSON answers and missing menus into index.html with status 200.
  const spaFallback = edgeFunction(
    "spa-fallback",
    cloudfront.FunctionCode.fromInline(`
function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf("/") + 1);
  if (last.indexOf(".") === -1) request.uri = "/index.html";
  return request;
}`),
  );
  // The guest pages, answered at the edge as the local runtime answers them (docs/decisions.md).
  const guestPages = edgeFunction("guest-pages", fromFile("guest-pages.js"), guestRoutes);
  const guestStatus = edgeFunction("guest-status", fromFile("guest-status.js"));
  // The API sees API Gateway's host; links it builds from the request use the viewer's (X-Forwarded-Host).
  const viewerHost = edgeFunction(
    "viewer-host",
    cloudfront.FunctionCode.fromInline(`
function handler(event) {
  var request = event.request;
  request.headers["x-forwarded-host"] = { value: request.headers.host.value };
  return request;
}`),
  );
  return { spaFallback, guestPages, guestStatus, viewerHost };
}
