import { SecretValue } from "aws-cdk-lib";
import type { StackContext } from "sst/constructs";
import { ORIGIN_SECRET_HEADER } from "../packages/api/src/origin-guard";

/** The origin secret's name, by which both sides read it (a name, so no cross-stack export is needed). */
export const originSecretName = (app: StackContext["app"]) => app.logicalPrefixedName("origin-secret");

/**
 * Both sides of the origin secret, as dynamic references CloudFormation resolves at deploy: the API (its
 * function and its authorizer) accepts the whole secret, `{"current", "previous"}`; CloudFront sends
 * `current`. CloudFormation re-reads a reference only when the resource holding it changes, so both name
 * the stage's ORIGIN_SECRET_VERSION: a rotation (scripts/secret-rotate.ts) sets a new version, which
 * changes the text of both references, and both resources are updated in the same deploy (the Api
 * stack before the Web stack, so the API accepts the new value before CloudFront sends it).
 */
export function originSecretReferences(app: StackContext["app"], versionId: string | undefined) {
  const name = originSecretName(app);
  const version = versionId ? { versionId } : {};
  return {
    accepted: SecretValue.secretsManager(name, version).unsafeUnwrap(),
    sent: SecretValue.secretsManager(name, { jsonField: "current", ...version }).unsafeUnwrap(),
  };
}

/**
 * The HTTP API's authorizer (inline, no bundle): API Gateway refuses a request without the header itself
 * (401, no function runs, since the header is the identity source); one with it runs this, whose answer
 * is cached per value for AUTHORIZER_CACHE_SECONDS, so CloudFront's requests cost one run per value and
 * period and a wrong value never reaches the API function. Same rule as packages/api/src/origin-guard.ts.
 */
export const ORIGIN_AUTHORIZER_CODE = `
const { timingSafeEqual } = require("node:crypto");
function accepted(secret) {
  try {
    const parsed = JSON.parse(secret);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return Object.values(parsed).filter((v) => typeof v === "string" && v.length > 0);
  } catch {}
  return secret ? [secret] : [];
}
const values = accepted(process.env.ORIGIN_SECRET || "").map((v) => Buffer.from(v));
exports.handler = async (event) => {
  const sent = Buffer.from((event.headers && event.headers["${ORIGIN_SECRET_HEADER}"]) || "");
  let isAuthorized = false;
  for (const value of values) if (sent.length === value.length && timingSafeEqual(sent, value)) isAuthorized = true;
  if (!isAuthorized) console.log(JSON.stringify({ refused: "origin secret", sourceIp: event.requestContext && event.requestContext.http && event.requestContext.http.sourceIp }));
  return { isAuthorized };
};
`;

/** A denied value is refused without a run for this long, an accepted one let in. */
export const AUTHORIZER_CACHE_SECONDS = 300;
