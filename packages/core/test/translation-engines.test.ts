import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { amazonTranslate } from "../src/adapters/amazon-translate";
import { libreTranslate } from "../src/adapters/libretranslate";
import { EngineError, noEngine, resilient, type TranslationEngine } from "../src/ports/translator";
import { NO_ENGINE_REASON } from "../src/shared/model";
import {
  startFakeAmazonTranslate,
  startFakeLibreTranslate,
  type AmazonTranslateRequest,
  type FakeTranslateServer,
  type LibreTranslateRequest,
} from "./support/fake-translate-servers";

/** Tiny back-off: retries are asserted by the fake's call count, never by timing. */
const retrying = (engine: TranslationEngine, attempts = 3) => resilient(engine, { concurrency: 4, attempts, baseDelayMs: 1 });

/** The rejection of `promise`, which must be an EngineError. */
async function engineError(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

/** A URL where nothing listens: a port that was just freed. */
async function deadUrl() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe("LibreTranslate adapter", () => {
  let fake: FakeTranslateServer<LibreTranslateRequest>;
  let engine: TranslationEngine;
  beforeAll(async () => {
    fake = await startFakeLibreTranslate();
    engine = libreTranslate({ url: fake.url });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it("translates a batch in one request, in order", async () => {
    expect(await engine.translate(["Борщ", "Пельмени", "Чай"], "ru", "en")).toEqual(["[en] Борщ", "[en] Пельмени", "[en] Чай"]);
    expect(engine.name).toBe("libretranslate");
    expect(fake.calls).toBe(1);
    expect(fake.requests[0]!.body).toEqual({ q: ["Борщ", "Пельмени", "Чай"], source: "ru", target: "en", format: "text" });
    expect(fake.chars).toBe(15);
  });

  it("answers empty and blank segments as-is without sending them", async () => {
    expect(await engine.translate(["", "Суп", "  "], "ru", "zh")).toEqual(["", "[zh] Суп", "  "]);
    expect(fake.requests.map((r) => r.body?.q)).toEqual([["Суп"]]);
    expect(await engine.translate(["", " "], "ru", "fr")).toEqual(["", " "]);
    expect(fake.calls).toBe(1);
  });

  it("splits large calls into bounded batches and keeps the order", async () => {
    const texts = Array.from({ length: 120 }, (_, i) => `блюдо ${i}`);
    expect(await engine.translate(texts, "ru", "en")).toEqual(texts.map((t) => `[en] ${t}`));
    expect(fake.requests.map((r) => r.body?.q?.length)).toEqual([50, 50, 20]);

    fake.reset();
    const long = ["а".repeat(3000), "б".repeat(3000), "в".repeat(1000), "г".repeat(6000)];
    expect(await engine.translate(long, "ru", "en")).toEqual(long.map((t) => `[en] ${t}`));
    expect(fake.requests.map((r) => r.body?.q?.length)).toEqual([1, 2, 1]);
  });

  it("sends the api_key when configured; a wrong or missing key is refused without retries", async () => {
    const keyed = await startFakeLibreTranslate({ apiKey: "s3cret" });
    try {
      expect(await libreTranslate({ url: keyed.url, apiKey: "s3cret" }).translate(["Хлеб"], "ru", "tr")).toEqual(["[tr] Хлеб"]);
      expect(keyed.requests[0]!.body?.api_key).toBe("s3cret");
      for (const apiKey of ["wrong", undefined]) {
        const error = await engineError(retrying(libreTranslate({ url: keyed.url, apiKey })).translate(["Хлеб"], "ru", "tr"));
        expect(error).toMatchObject({ reason: "translation engine refused the API key", retryable: false });
      }
      expect(keyed.calls).toBe(3);
    } finally {
      await keyed.close();
    }
  });

  it("retries throttling and then succeeds", async () => {
    fake.failNext("throttle", 2);
    expect(await retrying(engine).translate(["Квас"], "ru", "en")).toEqual(["[en] Квас"]);
    expect(fake.calls).toBe(3);
  });

  it("ends a throttle that never stops in a retryable error after the attempts", async () => {
    fake.failNext("throttle", Infinity);
    const error = await engineError(retrying(engine, 3).translate(["Квас"], "ru", "en"));
    expect(error).toMatchObject({ reason: "translation engine is rate-limiting requests", retryable: true });
    expect(fake.calls).toBe(3);
  });

  it("retries 5xx, also non-JSON ones from a proxy", async () => {
    fake.failNext("server-error");
    fake.failNext("unavailable");
    expect(await retrying(engine).translate(["Квас"], "ru", "ar")).toEqual(["[ar] Квас"]);
    expect(fake.calls).toBe(3);
  });

  it("fails an unsupported language pair at once, without retries", async () => {
    const error = await engineError(retrying(engine).translate(["Квас"], "ru", "xx"));
    expect(error).toMatchObject({ reason: "unsupported language pair ru→xx", retryable: false });
    expect(fake.calls).toBe(1);

    fake.failNext("unsupported");
    expect(await engineError(retrying(engine).translate(["Квас"], "ru", "en"))).toMatchObject({ reason: "unsupported language pair ru→en", retryable: false });
    expect(fake.calls).toBe(2);
  });

  it("maps our language codes to the server's when told to", async () => {
    const hans = await startFakeLibreTranslate({ languages: ["ru", "zh-Hans"] });
    try {
      expect(await libreTranslate({ url: hans.url, codes: { zh: "zh-Hans" } }).translate(["Чай"], "ru", "zh")).toEqual(["[zh-Hans] Чай"]);
    } finally {
      await hans.close();
    }
  });

  it("reports an unreachable server as retryable", async () => {
    const error = await engineError(libreTranslate({ url: await deadUrl() }).translate(["Чай"], "ru", "en"));
    expect(error).toMatchObject({ reason: "translation engine unreachable", retryable: true });
  });
});

describe("Amazon Translate adapter", () => {
  let fake: FakeTranslateServer<AmazonTranslateRequest>;
  let engine: TranslationEngine;
  const credentials = { accessKeyId: "AKIDTEST", secretAccessKey: "test" };
  beforeAll(async () => {
    fake = await startFakeAmazonTranslate();
    engine = amazonTranslate({ region: "eu-central-1", endpoint: fake.url, credentials });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it("translates a batch with one signed TranslateText request per segment, in order", async () => {
    expect(await engine.translate(["Борщ", "Пельмени", "Чай"], "ru", "en")).toEqual(["[en] Борщ", "[en] Пельмени", "[en] Чай"]);
    expect(engine.name).toBe("amazon");
    expect(fake.calls).toBe(3);
    const [request] = fake.requests;
    expect(request!.headers["x-amz-target"]).toBe("AWSShineFrontendService_20170701.TranslateText");
    expect(request!.headers["content-type"]).toBe("application/x-amz-json-1.1");
    expect(request!.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d+\/eu-central-1\/translate\//);
    expect(fake.requests.map((r) => r.body).sort((a, b) => a!.Text!.localeCompare(b!.Text!))).toEqual(
      ["Борщ", "Пельмени", "Чай"].map((Text) => ({ Text, SourceLanguageCode: "ru", TargetLanguageCode: "en" })),
    );
  });

  it("answers empty and blank segments as-is without calls", async () => {
    expect(await engine.translate(["", "Суп", " \n"], "ru", "zh")).toEqual(["", "[zh] Суп", " \n"]);
    expect(fake.calls).toBe(1);
  });

  it("retries throttling (ThrottlingException and TooManyRequestsException) and then succeeds", async () => {
    fake.failNext("throttle");
    fake.failNext("too-many-requests");
    expect(await retrying(engine).translate(["Квас"], "ru", "en")).toEqual(["[en] Квас"]);
    expect(fake.calls).toBe(3);
  });

  it("ends a throttle that never stops in a retryable error after the attempts (the SDK itself does not retry)", async () => {
    fake.failNext("throttle", Infinity);
    const error = await engineError(retrying(engine, 3).translate(["Квас"], "ru", "en"));
    expect(error).toMatchObject({ reason: "translation engine is rate-limiting requests", retryable: true });
    expect(fake.calls).toBe(3);
  });

  it("retries InternalServerException and ServiceUnavailableException", async () => {
    fake.failNext("server-error");
    fake.failNext("unavailable");
    expect(await retrying(engine).translate(["Квас"], "ru", "fr")).toEqual(["[fr] Квас"]);
    expect(fake.calls).toBe(3);
  });

  it("fails an unsupported language pair at once, without retries", async () => {
    const error = await engineError(retrying(engine).translate(["Квас"], "ru", "xx"));
    expect(error).toMatchObject({ reason: "unsupported language pair ru→xx", retryable: false });
    expect(fake.calls).toBe(1);
  });

  it("sends one request at a time within a call, and retries the call after a throttled segment", async () => {
    fake.failNext("throttle");
    expect(await retrying(engine).translate(["Квас", "Чай"], "ru", "en")).toEqual(["[en] Квас", "[en] Чай"]);
    expect(fake.calls).toBe(3); // throttled Квас, then Квас and Чай
    expect(fake.maxInFlight).toBe(1);
  });

  it("rejects a text over the size limit without retries", async () => {
    const error = await engineError(retrying(engine).translate(["я".repeat(6000)], "ru", "en"));
    expect(error).toMatchObject({ reason: "text too long for the translation engine", retryable: false });
    expect(fake.calls).toBe(1);
  });

  it("reports an unreachable endpoint as retryable", async () => {
    const dead = amazonTranslate({ region: "eu-central-1", endpoint: await deadUrl(), credentials });
    expect(await engineError(dead.translate(["Чай"], "ru", "en"))).toMatchObject({ reason: "translation engine unreachable", retryable: true });
  });
});

describe("resilient", () => {
  it("keeps at most `concurrency` calls in flight", async () => {
    const fake = await startFakeLibreTranslate();
    try {
      const engine = resilient(libreTranslate({ url: fake.url }), { concurrency: 3, baseDelayMs: 1 });
      fake.pause();
      const all = Promise.all(Array.from({ length: 10 }, (_, i) => engine.translate([`блюдо ${i}`], "ru", "en")));
      await vi.waitFor(() => expect(fake.inFlight).toBe(3));
      fake.resume();
      expect(await all).toEqual(Array.from({ length: 10 }, (_, i) => `[en] блюдо ${i}`).map((t) => [t]));
      expect(fake.maxInFlight).toBe(3);
      expect(fake.calls).toBe(10);
    } finally {
      await fake.close();
    }
  });
});

describe("noEngine", () => {
  it("fails with a clear, non-retryable reason", async () => {
    const error = await engineError(resilient(noEngine, { baseDelayMs: 1 }).translate(["Чай"], "ru", "en"));
    expect(error).toMatchObject({ reason: NO_ENGINE_REASON, retryable: false });
    expect(error.reason).toBe("no translation engine configured");
  });
});
