/*
 * CloudFront Function (JS 2.0 runtime), viewer response of the guest pages: the not-found pages in
 * the menus bucket carry the S3 metadata `guest-status: 404` (packages/core/src/adapters/
 * cloudfront-guest-edge.ts), which becomes the status, as the local runtime answers unknown stores.
 * No validators on them, so a browser never turns a 404 into a revalidated 304.
 */
function handler(event) {
  const response = event.response;
  const status = response.headers["x-amz-meta-guest-status"];
  if (!status) return response;
  delete response.headers["x-amz-meta-guest-status"];
  if (response.statusCode !== 200) return response;
  response.statusCode = Number(status.value);
  response.statusDescription = "Not Found";
  delete response.headers["etag"];
  delete response.headers["last-modified"];
  response.headers["cache-control"] = { value: "no-cache" };
  response.headers["vary"] = { value: "Cookie" };
  return response;
}
