import path from "node:path";
import type { Stack } from "aws-cdk-lib";
import * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import { useProject } from "sst/project.js";

/** The guest path's CloudFront Functions by name, which the us-east-1 watch app alarms on (stacks/GuestWatch.ts). */
export const EDGE_FUNCTIONS = ["spa-fallback", "guest-pages", "guest-status", "viewer-host"] as const;
export const edgeFunctionName = (app: { stage: string; name: string }, id: (typeof EDGE_FUNCTIONS)[number]) => `${app.stage}-${app.name}-${id}`;

/** The distribution's CloudFront Functions (stacks/Web.ts), named so the watch app can find them. */
export function edgeFunctions(stack: Stack, app: { stage: string; name: string }, guestRoutes: cloudfront.IKeyValueStore) {
  // SPA fallback as a viewer-request function on the default behaviour only, not
  // as distribution-wide error responses: those would also turn the API's 403/404
  // JSON answers and missing menus into index.html with status 200.
  const spaFallback = new cloudfront.Function(stack, "spa-fallback", {
    functionName: edgeFunctionName(app, "spa-fallback"),
    runtime: cloudfront.FunctionRuntime.JS_2_0,
    code: cloudfront.FunctionCode.fromInline(`
function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf("/") + 1);
  if (last.indexOf(".") === -1) request.uri = "/index.html";
  return request;
}`),
  });

  // The guest pages, answered at the edge as the local runtime answers them (docs/decisions.md).
  const guestPages = new cloudfront.Function(stack, "guest-pages", {
    functionName: edgeFunctionName(app, "guest-pages"),
    runtime: cloudfront.FunctionRuntime.JS_2_0,
    code: cloudfront.FunctionCode.fromFile({ filePath: path.join(useProject().paths.root, "stacks/edge/guest-pages.js") }),
    keyValueStore: guestRoutes,
  });
  const guestStatus = new cloudfront.Function(stack, "guest-status", {
    functionName: edgeFunctionName(app, "guest-status"),
    runtime: cloudfront.FunctionRuntime.JS_2_0,
    code: cloudfront.FunctionCode.fromFile({ filePath: path.join(useProject().paths.root, "stacks/edge/guest-status.js") }),
  });
  // The API sees API Gateway's host; links it builds from the request use the viewer's (X-Forwarded-Host).
  const viewerHost = new cloudfront.Function(stack, "viewer-host", {
    functionName: edgeFunctionName(app, "viewer-host"),
    runtime: cloudfront.FunctionRuntime.JS_2_0,
    code: cloudfront.FunctionCode.fromInline(`
function handler(event) {
  var request = event.request;
  request.headers["x-forwarded-host"] = { value: request.headers.host.value };
  return request;
}`),
  });
  return { spaFallback, guestPages, guestStatus, viewerHost };
}
