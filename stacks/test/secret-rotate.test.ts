/**
 * Issue 47, point 2: the scripted rotation (scripts/secret-rotate.ts) against a fake Secrets Manager that
 * speaks its real protocol (JSON 1.1 over HTTP, X-Amz-Target), called by the real AWS CLI, with each
 * deploy standing for what CloudFormation does: the Api stack resolves the secret at the stage's version
 * (the API accepts every value of it), then the Web stack (CloudFront sends `current`). At no moment does
 * CloudFront send a value the API refuses.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptedOriginSecrets } from "../../packages/api/src/origin-guard";
import { describePlan, originSecretName, recordedVersion, rotateOriginSecret, rotationPlan, type AwsCli } from "../../scripts/secret-rotate";

type Version = { id: string; value: string; stages: string[] };
const stage = "prod";
const name = originSecretName(stage);
let server: Server;
let endpoint: string;
/** The fake's versions of the one secret, and the calls it got (its X-Amz-Target). */
let versions: Version[] = [];
const calls: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (d: Buffer) => (body += d));
    req.on("end", () => {
      const target = String(req.headers["x-amz-target"]);
      const input = JSON.parse(body) as Record<string, string>;
      calls.push(target);
      const answer = (status: number, json: object) => res.writeHead(status, { "content-type": "application/x-amz-json-1.1" }).end(JSON.stringify(json));
      if (input.SecretId !== name) return answer(400, { __type: "ResourceNotFoundException", Message: "Secrets Manager can't find the specified secret." });
      if (target === "secretsmanager.GetSecretValue") {
        const v = input.VersionId ? versions.find((x) => x.id === input.VersionId) : versions.find((x) => x.stages.includes(input.VersionStage ?? "AWSCURRENT"));
        if (!v) return answer(400, { __type: "ResourceNotFoundException", Message: "no such version" });
        return answer(200, { ARN: `arn:aws:secretsmanager:eu-central-1:123456789012:secret:${name}-AbCdEf`, Name: name, VersionId: v.id, SecretString: v.value, VersionStages: v.stages, CreatedDate: 1767225600 });
      }
      if (target === "secretsmanager.PutSecretValue") {
        for (const v of versions) v.stages = v.stages.includes("AWSCURRENT") ? ["AWSPREVIOUS"] : [];
        versions.push({ id: input.ClientRequestToken!, value: input.SecretString!, stages: ["AWSCURRENT"] });
        return answer(200, { ARN: `arn:aws:secretsmanager:eu-central-1:123456789012:secret:${name}-AbCdEf`, Name: name, VersionId: input.ClientRequestToken, VersionStages: ["AWSCURRENT"] });
      }
      return answer(400, { __type: "InvalidRequestException", Message: target });
    });
  }).listen(0, "127.0.0.1");
  await new Promise((ok) => server.once("listening", ok));
  endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise((ok) => server.close(ok)));

/** Credentials for the fake only: none of the shell's profiles or sessions. */
const fakeCredentials = {
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("AWS_"))),
  AWS_ACCESS_KEY_ID: "AKIDEXAMPLE",
  AWS_SECRET_ACCESS_KEY: "secret",
  AWS_CONFIG_FILE: "/dev/null",
  AWS_SHARED_CREDENTIALS_FILE: "/dev/null",
  // Version 2 (Debian's awscli, what .ci/run installs) would page its output otherwise.
  AWS_PAGER: "",
};
/** The real AWS CLI, pointed at the fake. */
const aws: AwsCli = (args) =>
  new Promise((ok, fail) => {
    execFile("aws", [...args, "--endpoint-url", endpoint, "--output", "json"], {
      env: fakeCredentials,
    }, (error, stdout, stderr) => (error ? fail(new Error(stderr || error.message)) : ok(JSON.parse(stdout))));
  });

/**
 * The same calls made in-process over the same protocol (the CLI takes ~3 s a call to start: the real
 * CLI runs the main case, this one the failure case).
 */
const awsHttp: AwsCli = async (args) => {
  const option = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const operation = { "get-secret-value": "GetSecretValue", "put-secret-value": "PutSecretValue" }[args[1]!]!;
  const input = { SecretId: option("--secret-id"), VersionId: option("--version-id"), ClientRequestToken: option("--client-request-token"), SecretString: option("--secret-string") };
  const res = await fetch(endpoint, { method: "POST", headers: { "x-amz-target": `secretsmanager.${operation}`, "content-type": "application/x-amz-json-1.1" }, body: JSON.stringify(input) });
  if (!res.ok) throw new Error(await res.text());
  return (await res.json()) as Record<string, unknown>;
};

/** The deployed stacks, as CloudFormation leaves them: what the API accepts and what CloudFront sends. */
function stacks(initial: string) {
  const state = { accepted: [initial], sent: initial, versions: [] as string[], refused: [] as string[] };
  const valueAt = (version: string) => versions.find((v) => v.id === version)!.value;
  const deploy = async (root: string, version: string, fail = false) => {
    // sst deploy reads .env.<stage>: the version the script wrote there.
    expect(recordedVersion(root, stage)).toBe(version);
    if (fail) throw new Error("stack update failed, rolled back");
    state.versions.push(version);
    // The Api stack first: from here until the Web stack is done, CloudFront still sends the former value.
    state.accepted = acceptedOriginSecrets(valueAt(version));
    if (!state.accepted.includes(state.sent)) state.refused.push(state.sent);
    state.sent = JSON.parse(valueAt(version)).current;
    if (!state.accepted.includes(state.sent)) state.refused.push(state.sent);
  };
  return { state, deploy };
}

describe("origin secret rotation script", () => {
  it("puts new-and-old, deploys, puts new alone, deploys, with CloudFront's value accepted throughout", async () => {
    const root = mkdtempSync(join(tmpdir(), "rotate-"));
    writeFileSync(join(root, `.env.${stage}`), "DOMAIN_NAME=menu.example.com\n");
    // A secret from before rotation: a plain string, no version recorded yet.
    versions = [{ id: "00000000-0000-4000-8000-000000000000", value: "old-plain-secret-0123456789", stages: ["AWSCURRENT"] }];
    calls.length = 0;
    const { state, deploy } = stacks("old-plain-secret-0123456789");
    const log: string[] = [];
    const ids: [string, string] = ["11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222"];
    await rotateOriginSecret({ stage, region: "eu-central-1", root, aws, deploy: (v) => deploy(root, v), log: (l) => log.push(l), versions: ids, newValue: "new-secret-abcdefghij" });

    expect(calls).toEqual(["secretsmanager.GetSecretValue", "secretsmanager.PutSecretValue", "secretsmanager.PutSecretValue"]);
    expect(versions.slice(1).map((v) => [v.id, JSON.parse(v.value)])).toEqual([
      [ids[0], { current: "new-secret-abcdefghij", previous: "old-plain-secret-0123456789" }],
      [ids[1], { current: "new-secret-abcdefghij" }],
    ]);
    expect(state.versions).toEqual(ids);
    expect(state.refused).toEqual([]);
    expect(state).toMatchObject({ accepted: ["new-secret-abcdefghij"], sent: "new-secret-abcdefghij" });
    // The env file keeps its settings and the deployed version, for every later deploy.
    expect(readFileSync(join(root, `.env.${stage}`), "utf8")).toBe(`DOMAIN_NAME=menu.example.com\nORIGIN_SECRET_VERSION=${ids[1]}\n`);
    expect(log.filter((l) => /^deploying|^put/.test(l))).toEqual([`put version ${ids[0]}`, `deploying prod with ORIGIN_SECRET_VERSION=${ids[0]}`, `put version ${ids[1]}`, `deploying prod with ORIGIN_SECRET_VERSION=${ids[1]}`]);
  });

  it("after a failed deploy, keeps the deployed version in the env file, and the next run keeps CloudFront's value accepted", async () => {
    const root = mkdtempSync(join(tmpdir(), "rotate-"));
    const v0 = "33333333-3333-4333-8333-333333333333";
    writeFileSync(join(root, `.env.${stage}`), `ORIGIN_SECRET_VERSION=${v0}\n`);
    versions = [{ id: v0, value: JSON.stringify({ current: "deployed-value-0123456789" }), stages: ["AWSCURRENT"] }];
    const { state, deploy } = stacks("deployed-value-0123456789");
    const failing = rotateOriginSecret({ stage, region: "eu-central-1", root, aws: awsHttp, deploy: (v) => deploy(root, v, true), log: () => {}, newValue: "lost-value-0123456789" });
    await expect(failing).rejects.toThrow(/rolled back/);
    expect(recordedVersion(root, stage)).toBe(v0);

    // The secret's AWSCURRENT is now the failed run's {lost, deployed}; CloudFront still sends the deployed value.
    await rotateOriginSecret({ stage, region: "eu-central-1", root, aws: awsHttp, deploy: (v) => deploy(root, v), log: () => {}, newValue: "next-value-0123456789" });
    expect(state.refused).toEqual([]);
    expect(state.sent).toBe("next-value-0123456789");
    expect(JSON.parse(versions.find((v) => v.id === state.versions[0])!.value)).toEqual({ current: "next-value-0123456789", previous: "deployed-value-0123456789" });
  });

  it("prints its plan with --dry-run's words: two puts and two deploys, in that order", () => {
    const plan = rotationPlan(["v1", "v2"]);
    expect(plan.map((s) => s.kind)).toEqual(["put", "deploy", "put", "deploy"]);
    const text = describePlan(stage, "eu-central-1", plan);
    expect(text).toContain('1. put prod-qr-menu-origin-secret (eu-central-1) version v1: {"current": new, "previous": old}');
    expect(text).toContain("2. ORIGIN_SECRET_VERSION=v1 in .env.prod, sst deploy --stage prod: the API accepts new and old, CloudFront sends new");
    expect(text).toContain('3. put prod-qr-menu-origin-secret (eu-central-1) version v2: {"current": new}');
    expect(text).toContain("4. ORIGIN_SECRET_VERSION=v2 in .env.prod, sst deploy --stage prod: the API accepts new, CloudFront sends new");
  });
});
