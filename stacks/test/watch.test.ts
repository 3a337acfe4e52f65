/**
 * Issue 47, point 1: the guest path watched from us-east-1 (stacks/watch/sst.config.ts,
 * stacks/GuestWatch.ts), synthesized offline: CloudFront's 5xx rate, each CloudFront Function's errors
 * and throttles, the WAF's blocked rate and the guest check, all mailed to ALARM_EMAIL within 10 minutes;
 * and the check itself (stacks/watch/guest-check.ts) against a local server answering as the site would.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { Template } from "aws-cdk-lib/assertions";
import { getStack } from "sst/constructs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import watchConfig from "../watch/sst.config";
import { EDGE_5XX_PERCENT, GuestWatch, WAF_BLOCKED_PERCENT, watchSettings } from "../GuestWatch";
import { checkWithRulePacks } from "../nag";
import { EDGE_FUNCTIONS } from "../edge-functions";
import { checkGuestPath, USER_AGENT } from "../watch/guest-check";
import { root, ruleFindings, synth } from "./synth";

/** CloudFormation template JSON, which has no static type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Cfn = any;
const ENV = {
  DISTRIBUTION_ID: "E2EXAMPLE",
  WEB_ACL_ARN: "arn:aws:wafv2:us-east-1:123456789012:global/webacl/prod-qr-menu-waf-web-acl/0123-abcd",
  ALARM_EMAIL: "ops@example.com",
  DOMAIN_NAME: "menu.example.com",
  GUEST_CHECK_STORE: "demo/main",
  GUEST_CHECK_QR: "k7q2",
  GUEST_CHECK_LANG: undefined,
  PUBLIC_BASE_URL: undefined,
  DEVELOPMENT_STAGE: undefined,
};
let template: Template;
let region: string;
let built: string[];
let findings: string[] = [];

beforeAll(async () => {
  let app;
  ({ built, app } = await synth("prod", ENV, { dir: path.join(root, "stacks/watch"), config: watchConfig, region: "us-east-1", before: checkWithRulePacks }));
  // AWS's rule packs, as over the main app (nag.test.ts) and the WAF app.
  ({ findings } = ruleFindings(app));
  template = Template.fromStack(getStack(GuestWatch));
  region = getStack(GuestWatch).region;
}, 120_000);

const alarms = () => Object.values(template.findResources("AWS::CloudWatch::Alarm")).map((a) => a.Properties as Cfn);
const alarm = (id: string) => {
  const hit = alarms().find((a) => a.AlarmName === `prod-qr-menu-${id}`);
  expect(hit, id).toBeDefined();
  return hit;
};
const metricsOf = (a: Cfn) => (a.Metrics ?? [{ MetricStat: { Metric: { Namespace: a.Namespace, MetricName: a.MetricName, Dimensions: a.Dimensions } } }]).filter((m: Cfn) => m.MetricStat).map((m: Cfn) => m.MetricStat.Metric);

describe("guest path watch (us-east-1)", () => {
  it("is an app of its own in us-east-1 whose every alarm mails ALARM_EMAIL within 10 minutes", () => {
    expect(watchConfig.config()).toEqual({ name: "qr-menu-watch", region: "us-east-1" });
    expect(region).toBe("us-east-1");
    const topicId = Object.keys(template.findResources("AWS::SNS::Topic"))[0]!;
    template.hasResourceProperties("AWS::SNS::Subscription", { Protocol: "email", Endpoint: "ops@example.com", TopicArn: { Ref: topicId } });
    expect(alarms()).toHaveLength(2 + 2 * EDGE_FUNCTIONS.length + 1);
    // docs/deploy.md's figures table says so (prod.test.ts checks the rest of it).
    const doc = readFileSync(path.join(root, "docs/deploy.md"), "utf8");
    expect(doc).toContain(`| Alarms of the watch app (us-east-1) | ${alarms().length} |`);
    // Alarms are billed per metric (the idle cost).
    const metrics = alarms().reduce((n, a) => n + (a.MetricName ? 1 : a.Metrics.filter((m: Cfn) => m.MetricStat).length), 0);
    expect(doc).toContain(`the watch app's ${alarms().length} on ${metrics} metrics`);
    for (const a of alarms()) {
      expect(a.AlarmActions, a.AlarmName).toEqual([{ Ref: topicId }]);
      expect(a.AlarmDescription).toMatch(/Runbook: docs\/deploy.md/);
      // Time to the mail: evaluation periods x period.
      const period = a.Period ?? a.Metrics.find((m: Cfn) => m.MetricStat)?.MetricStat.Period;
      expect(a.EvaluationPeriods * period, a.AlarmName).toBeLessThanOrEqual(600);
    }
  });

  it("alarms on the distribution's 5xx rate and on each CloudFront Function's errors and throttles, by their names", () => {
    expect(alarm("edge-5xx-rate")).toMatchObject({
      Namespace: "AWS/CloudFront", MetricName: "5xxErrorRate", Statistic: "Average", Threshold: EDGE_5XX_PERCENT,
      Dimensions: expect.arrayContaining([{ Name: "DistributionId", Value: "E2EXAMPLE" }, { Name: "Region", Value: "Global" }]),
    });
    for (const fn of EDGE_FUNCTIONS) {
      const errors = metricsOf(alarm(`edge-errors-${fn}`));
      expect(errors.map((m: Cfn) => m.MetricName).sort()).toEqual(["FunctionExecutionErrors", "FunctionValidationErrors"]);
      for (const m of errors) expect(m.Dimensions).toContainEqual({ Name: "FunctionName", Value: `prod-qr-menu-${fn}` });
      expect(alarm(`edge-throttles-${fn}`)).toMatchObject({ MetricName: "FunctionThrottles", Threshold: 1 });
    }
  });

  it("alarms when the web ACL blocks over 10 % of at least 100 requests", () => {
    const a = alarm("waf-blocked-rate");
    expect(a.Threshold).toBe(WAF_BLOCKED_PERCENT);
    expect(a.Metrics.find((m: Cfn) => m.Expression).Expression).toContain(">= 100");
    for (const m of metricsOf(a)) expect(m.Dimensions).toEqual(expect.arrayContaining([{ Name: "WebACL", Value: "prod-qr-menu-waf-web-acl" }, { Name: "Rule", Value: "ALL" }]));
  });

  it("runs the guest check every 5 minutes without retries, and pages after two failed (or missing) runs", () => {
    expect(built).toEqual(["guest-check.handler"]);
    template.hasResourceProperties("AWS::Events::Rule", { ScheduleExpression: "rate(5 minutes)" });
    const fn = Object.values(template.findResources("AWS::Lambda::Function")).find((f) => f.Properties.Handler === "guest-check.handler")!;
    expect(fn.Properties.Environment.Variables).toMatchObject({
      GUEST_CHECK_BASE_URL: "https://menu.example.com", GUEST_CHECK_STORE: "demo/main", GUEST_CHECK_LANG: "ru", GUEST_CHECK_QR: "k7q2",
    });
    template.hasResourceProperties("AWS::Lambda::EventInvokeConfig", { MaximumRetryAttempts: 0 });
    expect(alarm("guest-check")).toMatchObject({ MetricName: "Errors", Namespace: "AWS/Lambda", EvaluationPeriods: 2, DatapointsToAlarm: 2, Period: 300, TreatMissingData: "breaching" });
  });

  it("leaves no unsuppressed finding of AWS's rule packs (cdk-nag)", () => {
    expect(findings).toEqual([]);
  });

  it("refuses to build without what it watches", () => {
    expect(() => watchSettings({ ...ENV, DISTRIBUTION_ID: "" })).toThrow(/DISTRIBUTION_ID/);
    expect(() => watchSettings({ ...ENV, ALARM_EMAIL: "" })).toThrow(/ALARM_EMAIL/);
    expect(watchSettings({ ...ENV, ALARM_EMAIL: "", DEVELOPMENT_STAGE: "true" }).alarmEmail).toBeUndefined();
    expect(() => watchSettings({ ...ENV, GUEST_CHECK_STORE: "demo" })).toThrow(/company\/store/);
  });
});

describe("guest check", () => {
  let server: Server;
  let baseUrl: string;
  /** What the site answers, per path; a test changes it to break one piece of the path. */
  let answers: Record<string, { status: number; type?: string; body?: string; location?: string }>;
  const agents: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      agents.push(String(req.headers["user-agent"]));
      const a = answers[req.url!] ?? { status: 404 };
      res.writeHead(a.status, { ...(a.type ? { "content-type": a.type } : {}), ...(a.location ? { location: a.location } : {}) }).end(a.body ?? "");
    }).listen(0, "127.0.0.1");
    await new Promise((ok) => server.once("listening", ok));
    baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise((ok) => server.close(ok)));
  const healthy = () => ({
    "/demo/main/menu": { status: 200, type: "text/html; charset=utf-8", body: "<!doctype html><html><title>Menu</title></html>" },
    "/m/demo/main/ru/index.json": { status: 200, type: "application/json", body: '{"format":2}' },
    "/t/k7q2": { status: 302, location: "https://menu.example.com/demo/main/menu?table=7" },
  });
  const target = () => ({ baseUrl, store: "demo/main", lang: "ru", qrKey: "k7q2" });

  it("passes when the page, its index and the QR redirect answer as a guest needs, sending a User-Agent", async () => {
    answers = healthy();
    expect(await checkGuestPath(target())).toEqual([]);
    expect(agents.every((a) => a === USER_AGENT)).toBe(true);
  });

  it("names each broken piece: S3's 403, an index that is not JSON, a QR code that no longer redirects", async () => {
    answers = {
      ...healthy(),
      "/demo/main/menu": { status: 403, type: "application/xml", body: "<Error><Code>AccessDenied</Code></Error>" },
      "/m/demo/main/ru/index.json": { status: 200, type: "text/html", body: "<html>" },
      "/t/k7q2": { status: 200, type: "text/html", body: "<html>" },
    };
    const failures = await checkGuestPath(target());
    expect(failures).toHaveLength(3);
    expect(failures[0]).toMatch(/^\/demo\/main\/menu: 403/);
    expect(failures[1]).toMatch(/^\/m\/demo\/main\/ru\/index.json: 200, not the menu's index/);
    expect(failures[2]).toMatch(/^\/t\/k7q2: 200/);
  });

  it("fails when the site does not answer at all", async () => {
    const failures = await checkGuestPath({ ...target(), baseUrl: "http://127.0.0.1:1" });
    expect(failures).toHaveLength(3);
    for (const f of failures) expect(f).toMatch(/no answer/);
  });
});
