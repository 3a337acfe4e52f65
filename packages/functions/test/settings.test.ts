import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCloudSettings } from "../src/settings";

/**
 * A fake SSM Parameter Store speaking its JSON protocol (`X-Amz-Target: AmazonSSM.GetParameters`):
 * SSM cannot run here. It holds what `sst secrets set` and the Web stack write.
 */
function fakeSsm(parameters: Record<string, string>) {
  const calls: string[][] = [];
  const authorizations: string[] = [];
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (d: Buffer) => (raw += d.toString()));
    req.on("end", () => {
      if (req.headers["x-amz-target"] !== "AmazonSSM.GetParameters") {
        res.writeHead(400, { "content-type": "application/x-amz-json-1.1" }).end(JSON.stringify({ __type: "UnknownOperationException" }));
        return;
      }
      const { Names } = JSON.parse(raw) as { Names: string[] };
      calls.push(Names);
      authorizations.push(String(req.headers.authorization));
      res.writeHead(200, { "content-type": "application/x-amz-json-1.1" }).end(
        JSON.stringify({
          Parameters: Names.filter((n) => n in parameters).map((Name) => ({ Name, Value: parameters[Name], Type: "SecureString", Version: 1 })),
          InvalidParameters: Names.filter((n) => !(n in parameters)),
        }),
      );
    });
  });
  return { server, calls, authorizations };
}

/** What SST's binding and stacks/Workers.ts put into the function's environment, against the fake at `port`. */
const functionEnv = (port: number, prefix: string) => ({
  SST_APP: "qr-menu",
  SST_STAGE: "prod",
  SST_SSM_PREFIX: prefix,
  SST_Secret_value_AUTH_SECRET: "__FETCH_FROM_SSM__",
  SST_Secret_value_PAYMENT_WEBHOOK_SECRET: "__FETCH_FROM_SSM__",
  SST_Parameter_value_PUBLIC_BASE_URL: "__FETCH_FROM_SSM__",
  AWS_REGION: "eu-central-1",
  AWS_ACCESS_KEY_ID: "AKIDEXAMPLE",
  AWS_SECRET_ACCESS_KEY: "secret",
  AWS_ENDPOINT_URL_SSM: `http://127.0.0.1:${port}`,
});

const listen = async (server: Server) => {
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  return (server.address() as { port: number }).port;
};

describe("cold start settings from SSM", () => {
  const prefix = "/sst/qr-menu/prod/";
  const ssm = fakeSsm({
    [`${prefix}Secret/AUTH_SECRET/value`]: "a-secret-of-at-least-thirty-two-characters",
    [`${prefix}Secret/PAYMENT_WEBHOOK_SECRET/value`]: "whsec-1",
    [`${prefix}Parameter/PUBLIC_BASE_URL/value`]: "https://d111111abcdef8.cloudfront.net",
  });
  const saved = { ...process.env };

  beforeAll(async () => {
    Object.assign(process.env, functionEnv(await listen(ssm.server), prefix));
    for (const name of ["AUTH_SECRET", "PAYMENT_WEBHOOK_SECRET", "PUBLIC_BASE_URL"]) delete process.env[name];
  });
  afterAll(() => {
    ssm.server.close();
    process.env = saved;
  });

  it("puts the bound secrets and the site's address into the environment the code reads", async () => {
    await loadCloudSettings();
    expect(process.env.AUTH_SECRET).toBe("a-secret-of-at-least-thirty-two-characters");
    expect(process.env.PAYMENT_WEBHOOK_SECRET).toBe("whsec-1");
    expect(process.env.PUBLIC_BASE_URL).toBe("https://d111111abcdef8.cloudfront.net");
    expect(ssm.calls.flat().sort()).toEqual(
      [`${prefix}Parameter/PUBLIC_BASE_URL/value`, `${prefix}Secret/AUTH_SECRET/value`, `${prefix}Secret/PAYMENT_WEBHOOK_SECRET/value`].sort(),
    );
    // Signed with SigV4 for SSM in the function's region.
    expect(ssm.authorizations[0]).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-central-1\/ssm\/aws4_request, SignedHeaders=[^,]*x-amz-target[^,]*, Signature=[0-9a-f]{64}$/,
    );
    // The webhook check reads it from there.
    const { createHmac } = await import("node:crypto");
    const { verifySignature } = await import("@menu/api/routes/subscription");
    const body = '{"event":"paid"}';
    expect(verifySignature(body, `sha256=${createHmac("sha256", "whsec-1").update(body).digest("hex")}`)).toBe(true);
  });
});

describe("cold start settings missing from the stage", () => {
  const prefix = "/sst/qr-menu/prod/";
  const fallback = "/sst/qr-menu/.fallback/Secret/PAYMENT_WEBHOOK_SECRET/value";
  const saved = { ...process.env };
  // The SDK's credential chain reads the process's environment, as on Lambda.
  beforeAll(() => void Object.assign(process.env, { AWS_ACCESS_KEY_ID: "AKIDEXAMPLE", AWS_SECRET_ACCESS_KEY: "secret" }));
  afterAll(() => void (process.env = saved));

  async function load(parameters: Record<string, string>) {
    const ssm = fakeSsm(parameters);
    const env: NodeJS.ProcessEnv = functionEnv(await listen(ssm.server), prefix);
    try {
      return { env, calls: ssm.calls, error: await loadCloudSettings(env).then(() => undefined, (e: Error) => e) };
    } finally {
      ssm.server.close();
    }
  }

  it("takes a secret the stage lacks from the app's fallback, and starts without the site's address mid first deploy", async () => {
    const { env, calls, error } = await load({
      [`${prefix}Secret/AUTH_SECRET/value`]: "a-secret-of-at-least-thirty-two-characters",
      [fallback]: "whsec-fallback",
    });
    expect(error).toBeUndefined();
    expect(env.PAYMENT_WEBHOOK_SECRET).toBe("whsec-fallback");
    expect(env.AUTH_SECRET).toBe("a-secret-of-at-least-thirty-two-characters");
    expect(env.PUBLIC_BASE_URL).toBeUndefined();
    // The fallback is asked for the missing secret only, never for the parameter.
    expect(calls[1]).toEqual([fallback]);
  });

  it("refuses to start, naming the secret, when neither the stage nor the fallback has it", async () => {
    const { error } = await load({ [`${prefix}Secret/AUTH_SECRET/value`]: "a-secret-of-at-least-thirty-two-characters" });
    expect(error?.message).toContain("PAYMENT_WEBHOOK_SECRET");
    expect(error?.message).toContain('"prod" stage');
  });
});
