/**
 * A production stage, synthesized offline with the settings docs/deploy.md asks for (stacks/test/synth.ts).
 * Issue 47, point 4: it is named `production`, not `prod`, and not declared a development stage, so it
 * must get every production rule by declaration, not by name. The same file checks what only production
 * gets (issue 34), the rotation's references, the API's only way in, backups, rollouts, edge logs (issue
 * 47, points 2, 3, 5, 6, 7), and the figures docs/deploy.md states against the templates.
 *
 * A second synthesis (a rotated secret version, a restored table) shows what changes with those settings.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Stack } from "aws-cdk-lib";
import { Match, Template } from "aws-cdk-lib/assertions";
import { getStack } from "sst/constructs";
import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN_SECRET_HEADER } from "../../packages/api/src/origin-guard";
import { Api, EVENTS_ROUTE } from "../Api";
import { Backups, BACKUP_DAYS } from "../Backups";
import { Database } from "../Database";
import { Storage } from "../Storage";
import { Monitoring } from "../Monitoring";
import { AUTHORIZER_CACHE_SECONDS } from "../origin-secret";
import { ROLLOUTS } from "../rollout";
import { readSettings } from "../settings";
import { EDGE_FUNCTIONS, edgeFunctionName } from "../edge-functions";
import { Web } from "../Web";
import { Workers, WORKERS } from "../Workers";
import { root, synth } from "./synth";

/** CloudFormation template JSON, which has no static type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Cfn = any;
const stage = "production";
const WEB_ACL_ARN = "arn:aws:wafv2:us-east-1:123456789012:global/webacl/production-qr-menu-waf-web-acl/0123-abcd";
const COPY_VAULT = "arn:aws:backup:eu-west-1:123456789012:backup-vault:production-qr-menu-copy";
const VERSION_1 = "11111111-2222-4333-8444-555555555555";
const VERSION_2 = "99999999-8888-4777-8666-555555555555";
const SETTINGS = {
  DEVELOPMENT_STAGE: undefined,
  DOMAIN_NAME: "menu.example.com",
  CERTIFICATE_ARN: "arn:aws:acm:us-east-1:123456789012:certificate/abc",
  MAIL_FROM: "no-reply@example.com",
  WEB_ACL_ARN,
  ALARM_EMAIL: "ops@example.com",
  BACKUP_COPY_VAULT_ARN: COPY_VAULT,
  LOG_RETENTION_DAYS: "90",
  MONTHLY_BUDGET_USD: "250",
  PUBLIC_BASE_URL: undefined,
  ORIGIN_SECRET_VERSION: VERSION_1,
  TABLE_NAME: undefined,
  PRICE_CLASS: undefined,
};
let web: Template;
let monitoring: Template;
let api: Template;
let workers: Template;
let database: Template;
let storage: Template;
let backups: Template;
/** Every stack of the app, by name. */
let all: Record<string, Template>;
/** After the second synthesis: the rotated version, the restored table. */
let rotated: { api: Template; web: Template; database: Template; workers: Template; backups: Template };

beforeAll(async () => {
  const { app } = await synth(stage, SETTINGS);
  web = Template.fromStack(getStack(Web));
  monitoring = Template.fromStack(getStack(Monitoring));
  api = Template.fromStack(getStack(Api));
  workers = Template.fromStack(getStack(Workers));
  database = Template.fromStack(getStack(Database));
  storage = Template.fromStack(getStack(Storage));
  backups = Template.fromStack(getStack(Backups));
  all = Object.fromEntries(app.node.children.filter((c): c is Stack => c instanceof Stack).map((s) => [s.stackName, Template.fromStack(s)]));

  await synth(stage, { ...SETTINGS, ORIGIN_SECRET_VERSION: VERSION_2, TABLE_NAME: "production-qr-menu-restored-0612" });
  rotated = {
    api: Template.fromStack(getStack(Api)),
    web: Template.fromStack(getStack(Web)),
    database: Template.fromStack(getStack(Database)),
    workers: Template.fromStack(getStack(Workers)),
    backups: Template.fromStack(getStack(Backups)),
  };
}, 120_000);

const distributionOf = (template: Template): Cfn => {
  const found = Object.values(template.findResources("AWS::CloudFront::Distribution"));
  expect(found).toHaveLength(1);
  return found[0]!.Properties.DistributionConfig;
};
const distribution = () => distributionOf(web);
const apiFunction = (template: Template) => Object.entries(template.findResources("AWS::Lambda::Function")).find(([, f]) => f.Properties.Handler === "packages/functions/src/api.handler")!;
const authorizerFunction = (template: Template) =>
  Object.values(template.findResources("AWS::Lambda::Function")).find((f) => String(f.Properties.Code?.ZipFile).includes(ORIGIN_SECRET_HEADER))!;
const originHeader = (template: Template) => distributionOf(template).Origins.find((o: Cfn) => o.OriginCustomHeaders).OriginCustomHeaders[0];

describe("a stage not declared a development stage (issue 47, point 4)", () => {
  it("serves its own domain with the TLSv1.2_2021 policy over SNI", () => {
    const config = distribution();
    expect(config.Aliases).toEqual(["menu.example.com"]);
    expect(config.ViewerCertificate).toEqual({
      AcmCertificateArn: "arn:aws:acm:us-east-1:123456789012:certificate/abc",
      MinimumProtocolVersion: "TLSv1.2_2021",
      SslSupportMethod: "sni-only",
    });
  });

  it("puts the WAF app's web ACL in front of the distribution", () => {
    expect(distribution().WebACLId).toBe(WEB_ACL_ARN);
  });

  it("mails the alarms topic to ALARM_EMAIL, with the stage's budget and log retention", () => {
    const topicId = Object.keys(monitoring.findResources("AWS::SNS::Topic"))[0]!;
    monitoring.hasResourceProperties("AWS::SNS::Subscription", { Protocol: "email", Endpoint: "ops@example.com", TopicArn: { Ref: topicId } });
    monitoring.hasResourceProperties("AWS::Budgets::Budget", { Budget: Match.objectLike({ BudgetLimit: { Amount: 250, Unit: "USD" } }) });
    for (const template of [api, workers]) {
      const retentions = Object.values(template.findResources("Custom::LogRetention"));
      expect(retentions.length).toBeGreaterThan(0);
      for (const r of retentions) expect(r.Properties.RetentionInDays).toBe(90);
    }
    expect(Object.values(api.findResources("AWS::Logs::LogGroup"))[0]!.Properties.RetentionInDays).toBe(90);
  });

  it("protects the table from deletion and lets only the site's origin read upload answers", () => {
    database.hasResourceProperties("AWS::DynamoDB::Table", { DeletionProtectionEnabled: true });
    const [, uploads] = Object.entries(storage.findResources("AWS::S3::Bucket")).find(([id]) => id.startsWith("uploads"))!;
    expect(uploads.Properties.CorsConfiguration.CorsRules[0].AllowedOrigins).toEqual(["https://menu.example.com"]);
  });

  it("refuses to build, whatever its name, when a production rule lacks its setting; a declared development stage needs none", () => {
    const complete = Object.fromEntries(Object.entries(SETTINGS).filter(([, v]) => v !== undefined)) as Record<string, string>;
    expect(readSettings("live", complete).production).toBe(true);
    for (const name of ["DOMAIN_NAME", "WEB_ACL_ARN", "ALARM_EMAIL", "BACKUP_COPY_VAULT_ARN"]) {
      expect(() => readSettings("live", { ...complete, [name]: "" }), name).toThrow(new RegExp(`live stage is not declared a development stage.*${name}`));
    }
    // Everything missing is named at once.
    expect(() => readSettings("production", {})).toThrow(/DOMAIN_NAME.*WEB_ACL_ARN.*ALARM_EMAIL.*BACKUP_COPY_VAULT_ARN/);
    expect(readSettings("prod", { DEVELOPMENT_STAGE: "true" })).toMatchObject({ development: true, production: false });
    expect(() => readSettings("dev", { DEVELOPMENT_STAGE: "yes" })).toThrow(/DEVELOPMENT_STAGE/);
  });
});

describe("origin secret rotation (issue 47, point 2)", () => {
  it("makes CloudFront send the secret's current value and the API and its authorizer accept the whole secret, at the stage's version", () => {
    const name = `${stage}-qr-menu-origin-secret`;
    expect(originHeader(web)).toEqual({ HeaderName: ORIGIN_SECRET_HEADER, HeaderValue: `{{resolve:secretsmanager:${name}:SecretString:current::${VERSION_1}}}` });
    const accepted = `{{resolve:secretsmanager:${name}:SecretString:::${VERSION_1}}}`;
    expect(apiFunction(api)[1].Properties.Environment.Variables.ORIGIN_SECRET).toBe(accepted);
    expect(authorizerFunction(api).Properties.Environment.Variables.ORIGIN_SECRET).toBe(accepted);
  });

  it("changes the distribution's header and the function's and authorizer's accepted values together when the version changes", () => {
    const before = [originHeader(web).HeaderValue, apiFunction(api)[1].Properties.Environment.Variables.ORIGIN_SECRET, authorizerFunction(api).Properties.Environment.Variables.ORIGIN_SECRET];
    const after = [originHeader(rotated.web).HeaderValue, apiFunction(rotated.api)[1].Properties.Environment.Variables.ORIGIN_SECRET, authorizerFunction(rotated.api).Properties.Environment.Variables.ORIGIN_SECRET];
    // Each of the three resources' properties differ, so CloudFormation updates (and re-resolves) all three.
    for (const [i, value] of before.entries()) {
      expect(value).toContain(VERSION_1);
      expect(after[i]).toBe(value.replace(VERSION_1, VERSION_2));
    }
    // The API (Api stack) is updated before CloudFront (Web stack), which depends on it.
    expect(JSON.stringify(web.toJSON())).toContain("Fn::ImportValue");
    expect(getStack(Web).dependencies.map((s) => s.stackName)).toContain(getStack(Api).stackName);
  });
});

describe("only CloudFront gets in (issue 47, point 3)", () => {
  const authorizerCode = () => authorizerFunction(api).Properties.Code.ZipFile as string;
  /** The inline authorizer as Lambda runs it, with the secret CloudFormation would resolve. */
  function authorizer(secret: string): (event: Cfn) => Promise<{ isAuthorized: boolean }> {
    const exports: { handler?: (event: Cfn) => Promise<{ isAuthorized: boolean }> } = {};
    const quiet = { log: () => {} };
    new Function("require", "exports", "process", "console", authorizerCode())(createRequire(import.meta.url), exports, { env: { ORIGIN_SECRET: secret } }, quiet);
    return exports.handler!;
  }

  it("refuses requests without the origin header before any function runs, and wrong values before the API function", () => {
    const [authorizerId] = Object.entries(api.findResources("AWS::ApiGatewayV2::Authorizer"))[0]!;
    api.hasResourceProperties("AWS::ApiGatewayV2::Authorizer", {
      AuthorizerType: "REQUEST",
      IdentitySource: [`$request.header.${ORIGIN_SECRET_HEADER}`],
      EnableSimpleResponses: true,
      AuthorizerResultTtlInSeconds: AUTHORIZER_CACHE_SECONDS,
    });
    const routes = Object.values(api.findResources("AWS::ApiGatewayV2::Route"));
    expect(routes).toHaveLength(2);
    for (const r of routes) expect(r.Properties).toMatchObject({ AuthorizationType: "CUSTOM", AuthorizerId: { Ref: authorizerId } });
  });

  it("lets in the current and the previous value of the secret and nothing else (the authorizer's code as deployed)", async () => {
    const check = authorizer(JSON.stringify({ current: "new-0123456789abcdef", previous: "old-0123456789abcdef" }));
    const sent = (value?: string) => check({ headers: value === undefined ? {} : { [ORIGIN_SECRET_HEADER]: value }, requestContext: { http: { sourceIp: "203.0.113.9" } } });
    expect(await sent("new-0123456789abcdef")).toEqual({ isAuthorized: true });
    expect(await sent("old-0123456789abcdef")).toEqual({ isAuthorized: true });
    for (const value of [undefined, "", "new-0123456789abcde", "new-0123456789abcdefx", "{}"]) expect(await sent(value), String(value)).toEqual({ isAuthorized: false });
    expect(await authorizer("")({ headers: { [ORIGIN_SECRET_HEADER]: "" } })).toEqual({ isAuthorized: false });
  });

  it("throttles guests' event posts and the other calls apart, at the rates deploy.md sizes", () => {
    const stageProps = Object.values(api.findResources("AWS::ApiGatewayV2::Stage"))[0]!.Properties;
    expect(stageProps.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: 500, ThrottlingBurstLimit: 1000 });
    expect(Object.keys(stageProps.RouteSettings)).toEqual([EVENTS_ROUTE]);
    expect(stageProps.RouteSettings[EVENTS_ROUTE]).toMatchObject({ ThrottlingRateLimit: 1000, ThrottlingBurstLimit: 2000 });
    // Created after the route it names (API Gateway refuses settings for an unknown route key).
    const [stageEntry] = Object.values(api.findResources("AWS::ApiGatewayV2::Stage"));
    const [eventsRouteId] = Object.entries(api.findResources("AWS::ApiGatewayV2::Route")).find(([, r]) => r.Properties.RouteKey === EVENTS_ROUTE)!;
    expect(stageEntry!.DependsOn).toContain(eventsRouteId);
  });

  it("counts requests refused before any integration in the access log and pages on them", () => {
    const filter = Object.values(api.findResources("AWS::Logs::MetricFilter"))[0]!.Properties;
    expect(filter.FilterPattern).toBe('{ ($.status = "401" || $.status = "403") && $.integrationRequestId = "-" }');
    expect(filter.MetricTransformations[0]).toMatchObject({ MetricName: "ApiDirectCalls", MetricNamespace: `qr-menu/${stage}` });
    const alarm = Object.values(monitoring.findResources("AWS::CloudWatch::Alarm")).find((a) => a.Properties.AlarmName === `${stage}-qr-menu-api-direct-calls`)!;
    expect(alarm.Properties).toMatchObject({ MetricName: "ApiDirectCalls", Namespace: `qr-menu/${stage}`, Threshold: 20 });
  });
});

describe("backups (issue 47, point 5)", () => {
  it("backs up the table and the uploads bucket nightly, kept 35 days, copied to the second region's vault", () => {
    backups.hasResourceProperties("AWS::Backup::BackupVault", { BackupVaultName: `${stage}-qr-menu-backups` });
    const plan = Object.values(backups.findResources("AWS::Backup::BackupPlan"))[0]!.Properties.BackupPlan;
    expect(plan.BackupPlanRule).toHaveLength(1);
    expect(plan.BackupPlanRule[0]).toMatchObject({
      RuleName: "nightly",
      ScheduleExpression: "cron(0 3 * * ? *)",
      Lifecycle: { DeleteAfterDays: BACKUP_DAYS },
      CopyActions: [{ DestinationBackupVaultArn: COPY_VAULT, Lifecycle: { DeleteAfterDays: BACKUP_DAYS } }],
    });
    const selection = JSON.stringify(Object.values(backups.findResources("AWS::Backup::BackupSelection"))[0]!.Properties.BackupSelection.Resources);
    expect(selection).toMatch(/menuTable.*Arn/);
    expect(selection).toMatch(/uploadsBucket.*Arn/);
    const role = JSON.stringify(Object.values(backups.findResources("AWS::IAM::Role")).find((r) => JSON.stringify(r.Properties.AssumeRolePolicyDocument).includes("backup.amazonaws.com"))!.Properties.ManagedPolicyArns);
    for (const policy of ["ForBackup", "ForRestores", "ForS3Backup", "ForS3Restore"]) expect(role).toContain(`AWSBackupServiceRolePolicy${policy}"`);
    // Recovery points outlive the stack.
    expect(Object.values(backups.findResources("AWS::Backup::BackupVault"))[0]!.DeletionPolicy).toBe("Retain");
  });

  it("runs a stage on a restored table named by TABLE_NAME: no table of its own, every function, grant and backup on that one", () => {
    rotated.database.resourceCountIs("AWS::DynamoDB::Table", 0);
    const restored = "production-qr-menu-restored-0612";
    expect(JSON.stringify(rotated.database.findOutputs("TableName"))).toContain(restored);
    const workers = Object.values(rotated.workers.findResources("AWS::Lambda::Function")).filter((f) => String(f.Properties.Handler).startsWith("packages/functions/"));
    expect(workers).toHaveLength(5);
    for (const f of workers) expect(f.Properties.Environment.Variables.TABLE_NAME).toBe(restored);
    expect(JSON.stringify(rotated.workers.findResources("AWS::IAM::Policy"))).toContain(`table/${restored}/index/*`);
    expect(JSON.stringify(rotated.backups.toJSON())).toContain(`table/${restored}`);
  });
});

describe("rollouts (issue 47, point 6)", () => {
  const groups = (template: Template) => Object.values(template.findResources("AWS::CodeDeploy::DeploymentGroup")).map((g) => g.Properties);

  it("publishes the API and each worker as a version behind a `live` alias that CodeDeploy shifts gradually", () => {
    const canary = groups(api);
    expect(canary).toHaveLength(1);
    expect(canary[0].DeploymentConfigName).toBe("CodeDeployDefault.LambdaCanary10Percent5Minutes");
    const linear = groups(workers);
    expect(linear).toHaveLength(5);
    for (const g of linear) expect(g.DeploymentConfigName).toBe("CodeDeployDefault.LambdaLinear10PercentEvery1Minute");
    for (const template of [api, workers]) {
      for (const alias of Object.values(template.findResources("AWS::Lambda::Alias"))) {
        expect(alias.Properties.Name).toBe("live");
        expect(alias.Properties.FunctionVersion["Fn::GetAtt"][1]).toBe("Version");
        expect(alias.UpdatePolicy.CodeDeployLambdaAliasUpdate).toBeDefined();
      }
    }
    expect(ROLLOUTS.api.minutes).toBe(5);
  });

  it("rolls back on its own when the alias's error alarm goes off, on a failed or a stopped deployment", () => {
    for (const template of [api, workers]) {
      const alarms = template.findResources("AWS::CloudWatch::Alarm");
      for (const g of groups(template)) {
        expect(g.AutoRollbackConfiguration).toEqual({ Enabled: true, Events: expect.arrayContaining(["DEPLOYMENT_FAILURE", "DEPLOYMENT_STOP_ON_ALARM", "DEPLOYMENT_STOP_ON_REQUEST"]) });
        expect(g.AlarmConfiguration.Enabled).toBe(true);
        const [alarmRef] = g.AlarmConfiguration.Alarms.map((a: Cfn) => a.Name.Ref);
        const alarm = alarms[alarmRef]!.Properties;
        expect(alarm).toMatchObject({ MetricName: "Errors", Namespace: "AWS/Lambda", Period: 60 });
        // On the alias (the versions being shifted between), not on the whole function.
        expect(alarm.Dimensions.map((d: Cfn) => d.Name)).toEqual(expect.arrayContaining(["FunctionName", "Resource"]));
      }
    }
  });

  it("points API Gateway and every SQS event source at the alias", () => {
    const aliasIds = (template: Template) => Object.keys(template.findResources("AWS::Lambda::Alias"));
    for (const i of Object.values(api.findResources("AWS::ApiGatewayV2::Integration"))) expect(aliasIds(api)).toContain(i.Properties.IntegrationUri.Ref);
    const mappings = Object.values(workers.findResources("AWS::Lambda::EventSourceMapping"));
    expect(mappings).toHaveLength(Object.keys(WORKERS).length);
    for (const m of mappings) expect(aliasIds(workers)).toContain(m.Properties.FunctionName.Ref);
  });
});

describe("records (issue 47, point 7)", () => {
  it("logs every edge request to a bucket that keeps them for the log retention, and takes price class 100 by default", () => {
    const config = distribution();
    expect(config.PriceClass).toBe("PriceClass_100");
    const bucketId = config.Logging.Bucket["Fn::GetAtt"][0];
    expect(config.Logging.Prefix).toBe("cloudfront/");
    const bucket = web.findResources("AWS::S3::Bucket")[bucketId]!;
    expect(bucket.Properties.LifecycleConfiguration.Rules).toEqual([expect.objectContaining({ ExpirationInDays: 90, Status: "Enabled" })]);
    expect(bucket.Properties.OwnershipControls.Rules).toEqual([{ ObjectOwnership: "BucketOwnerPreferred" }]);
    expect(bucket.DeletionPolicy).toBe("Retain");
    expect(() => readSettings("dev", { DEVELOPMENT_STAGE: "true", PRICE_CLASS: "50" })).toThrow(/PRICE_CLASS/);
    expect(readSettings("dev", { DEVELOPMENT_STAGE: "true", PRICE_CLASS: "All" }).priceClass).toBe("PriceClass_All");
  });

  it("names the guest path's CloudFront Functions as the us-east-1 watch app alarms on them", () => {
    const names = Object.values(web.findResources("AWS::CloudFront::Function")).map((f) => f.Properties.Name).sort();
    expect(names).toEqual(EDGE_FUNCTIONS.map((id) => edgeFunctionName({ stage, name: "qr-menu" }, id)).sort());
  });
});

/**
 * docs/deploy.md's figures table and the sentences that repeat its numbers: every one is what the
 * templates say, so the document cannot drift from the stacks.
 */
describe("docs/deploy.md's figures", () => {
  const doc = readFileSync(path.join(root, "docs/deploy.md"), "utf8");
  const table = () => {
    const section = doc.split("<!-- figures: checked by stacks/test/prod.test.ts -->")[1]!.split("\n\n")[1]!;
    return Object.fromEntries(
      section.split("\n").filter((l) => /^\| [^-]/.test(l)).slice(1).map((l) => {
        const [label, value] = l.split("|").slice(1, 3).map((c) => c.trim());
        return [label!, value!];
      }),
    );
  };
  const resources = (type: string) => Object.values(all).reduce((n, t) => n + Object.keys(t.findResources(type)).length, 0);
  const reserved = () => Object.values(all).flatMap((t) => Object.values(t.findResources("AWS::Lambda::Function"))).reduce((n, f) => n + (f.Properties.ReservedConcurrentExecutions ?? 0), 0);

  it("states the templates' numbers in its figures table", () => {
    const alarms = Object.values(all).flatMap((t) => Object.values(t.findResources("AWS::CloudWatch::Alarm")));
    const rollback = alarms.filter((a) => String(a.Properties.AlarmName).includes("-rollback-")).length;
    const stageProps = Object.values(api.findResources("AWS::ApiGatewayV2::Stage"))[0]!.Properties;
    const expected: Record<string, string> = {
      "Stacks in the main app": String(Object.keys(all).length),
      "Resources in the main app": String(Object.values(all).reduce((n, t) => n + Object.keys(t.toJSON().Resources).length, 0)),
      "Alarms in the main app (mailed)": String(alarms.length - rollback),
      "Rollback alarms (CodeDeploy's)": String(rollback),
      "Reserved concurrency": String(reserved()),
      "Lambda concurrency quota needed": String(100 + reserved()),
      "Queue consumers": String(resources("AWS::Lambda::EventSourceMapping")),
      "Functions behind a `live` alias": String(resources("AWS::Lambda::Alias")),
      "Staff and other calls: rate / burst per second": `${stageProps.DefaultRouteSettings.ThrottlingRateLimit} / ${stageProps.DefaultRouteSettings.ThrottlingBurstLimit}`,
      "Guests' event posts: rate / burst per second": `${stageProps.RouteSettings[EVENTS_ROUTE].ThrottlingRateLimit} / ${stageProps.RouteSettings[EVENTS_ROUTE].ThrottlingBurstLimit}`,
      "Backups kept (days, each region)": String(BACKUP_DAYS),
    };
    const stated = table();
    for (const [label, value] of Object.entries(expected)) expect(stated[label], label).toBe(value);
  });

  it("repeats them nowhere with another value", () => {
    const stated = table();
    expect(doc).toContain(`registers ${stated["Stacks in the main app"]} stacks`);
    expect(doc).toContain(`reserve ${stated["Reserved concurrency"]} in all`);
    expect(doc).toContain(`below ${stated["Lambda concurrency quota needed"]}`);
    const watch = Number(stated["Alarms of the watch app (us-east-1)"]);
    expect(doc).toContain(`${Number(stated["Alarms in the main app (mailed)"]) + Number(stated["Rollback alarms (CodeDeploy's)"]) + watch} CloudWatch alarms`);
    for (const sentence of doc.match(/\b(six|seven|eight) stacks\b|\b(19|20|23) alarms\b/g) ?? []) expect.fail(`stale figure: ${sentence}`);
    // Each function's reservation, as step 3 lists them.
    const caps = Object.values(all).flatMap((t) => Object.values(t.findResources("AWS::Lambda::Function")))
      .filter((f) => f.Properties.ReservedConcurrentExecutions)
      .map((f) => [/([a-z-]+)\.handler$/.exec(f.Properties.Handler)![1]!.replace("-", " "), f.Properties.ReservedConcurrentExecutions] as const);
    const listed = /reserve \d+ in all\s+\(([^;]+);/.exec(doc)![1]!.split(/,\s*/).map((p) => [p.replace(/ \d+$/, ""), Number(/\d+$/.exec(p)![0])] as const);
    expect(Object.fromEntries(listed)).toEqual(Object.fromEntries(caps));
    // Alarms are billed per metric: the main app's alarms and their metrics in the idle cost.
    const alarms = Object.values(all).flatMap((t) => Object.values(t.findResources("AWS::CloudWatch::Alarm"))).map((a) => a.Properties);
    const metrics = alarms.reduce((n, a) => n + (a.MetricName ? 1 : a.Metrics.filter((m: Cfn) => m.MetricStat).length), 0);
    expect(doc).toContain(`the main app's ${alarms.length} on ${metrics}\nmetrics`);
  });
});
