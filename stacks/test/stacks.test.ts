/**
 * Offline synth test of the whole SST app (sst.config.ts) for a development stage without a
 * domain (stacks/test/synth.ts); prod.test.ts synthesizes the production stage.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { IgnoreStrategy } from "aws-cdk-lib";
import { Match, Template } from "aws-cdk-lib/assertions";
import { getStack } from "sst/constructs";
import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN_SECRET_HEADER } from "../../packages/api/src/origin-guard";
import { securityHeaders } from "../../packages/api/src/security-headers";
import { WEB_BUILD_FILE } from "../../packages/core/src/publish/after-deploy";
import { ROUTE_NAMES } from "../../packages/core/src/shared/reserved-names";
import { Api } from "../Api";
import { Backups } from "../Backups";
import { Database } from "../Database";
import { Mail } from "../Mail";
import { Monitoring } from "../Monitoring";
import { Schedules } from "../Schedules";
import { siteOrigins, Storage } from "../Storage";
import { readSettings } from "../settings";
import { GUEST_PAGE_PATTERNS, SITE_ASSET_OPTIONS, Web } from "../Web";
import { Workers, WORKERS } from "../Workers";
import { root, synth } from "./synth";

const stage = "test";
const HANDLERS = {
  api: "packages/functions/src/api.handler",
  scheduler: "packages/functions/src/scheduler.handler",
  translate: "packages/functions/src/workers/translate.handler",
  export: "packages/functions/src/workers/export.handler",
  publish: "packages/functions/src/workers/publish.handler",
  copy: "packages/functions/src/workers/copy.handler",
  read: "packages/functions/src/workers/read.handler",
  mailFeedback: "packages/functions/src/mail-feedback.handler",
};
// AWS managed CloudFront policies.
const CACHING_DISABLED = "4135ea2d-6df8-44a3-9df3-4b5a84be39ad";
const ALL_VIEWER_EXCEPT_HOST_HEADER = "b689b0a8-53d0-40ab-baf2-68738e2966ac";

/** CloudFormation template JSON, which has no static type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Cfn = any;
type Resource = { Type: string; Properties: Record<string, Cfn> };
let t: {
  database: Template;
  storage: Template;
  workers: Template;
  schedules: Template;
  api: Template;
  web: Template;
  monitoring: Template;
  mail: Template;
};
let built: string[] = [];

beforeAll(async () => {
  // Settings read when the stacks are built (stacks/settings.ts); PUBLIC_BASE_URL is left unset (first deploy).
  ({ built } = await synth(stage, {
    DEVELOPMENT_STAGE: "true",
    SELLER_NAME: "Seller Ltd",
    SELLER_DETAILS: "VAT 1|IBAN 2",
    PUBLIC_BASE_URL: undefined,
    DOMAIN_NAME: undefined,
  }));
  t = {
    database: Template.fromStack(getStack(Database)),
    storage: Template.fromStack(getStack(Storage)),
    workers: Template.fromStack(getStack(Workers)),
    schedules: Template.fromStack(getStack(Schedules)),
    api: Template.fromStack(getStack(Api)),
    web: Template.fromStack(getStack(Web)),
    monitoring: Template.fromStack(getStack(Monitoring)),
    mail: Template.fromStack(getStack(Mail)),
  };
}, 120_000);

/** Functions built from our handlers (not CDK/SST custom-resource providers), by logical id. */
function appFunctions(template: Template): Record<string, Resource> {
  return Object.fromEntries(
    Object.entries(template.findResources("AWS::Lambda::Function")).filter(([, r]) =>
      String(r.Properties.Handler).startsWith("packages/functions/src/"),
    ),
  ) as Record<string, Resource>;
}
/** What one function may do: its role's policy statements (every policy of the template attached to it). */
function statementsOf(template: Template, handler: string): { Action: string | string[]; Resource: Cfn }[] {
  const fn = appFunctions(template)[logicalIdOfHandler(template, handler)]!;
  const roleId = fn.Properties.Role["Fn::GetAtt"][0];
  return Object.values(template.findResources("AWS::IAM::Policy"))
    .filter((p) => p.Properties.Roles.some((r: Cfn) => r.Ref === roleId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement);
}
/** Its actions, each with the resources granted (as JSON, to match on logical ids). */
function grantsOf(template: Template, handler: string) {
  const grants = new Map<string, string>();
  for (const s of statementsOf(template, handler)) {
    for (const action of [s.Action].flat()) grants.set(action, (grants.get(action) ?? "") + JSON.stringify(s.Resource));
  }
  return grants;
}
function templateOf(handler: string) {
  return [t.api, t.workers, t.schedules, t.mail].find((x) => Object.values(appFunctions(x)).some((f) => f.Properties.Handler === handler))!;
}

/** The `live` alias of a function (stacks/rollout.ts), what its callers invoke. */
function aliasIdOf(template: Template, handler: string) {
  const fnId = logicalIdOfHandler(template, handler);
  const hit = Object.entries(template.findResources("AWS::Lambda::Alias")).find(([, a]) => a.Properties.FunctionName.Ref === fnId);
  if (!hit) throw new Error(`no alias for ${handler}`);
  return hit[0];
}
/** A worker's SQS event source mapping, which invokes its alias. */
function mappingOf(handler: string) {
  const aliasId = aliasIdOf(t.workers, handler);
  return Object.values(t.workers.findResources("AWS::Lambda::EventSourceMapping")).find((m) => m.Properties.FunctionName.Ref === aliasId);
}

function logicalIdOfHandler(template: Template, handler: string) {
  const hit = Object.entries(appFunctions(template)).find(([, r]) => r.Properties.Handler === handler);
  if (!hit) throw new Error(`no function for ${handler}`);
  return hit[0];
}

describe("app", () => {
  it("registers the nine stacks, named with the stage", () => {
    const names = [Database, Storage, Backups, Workers, Mail, Api, Web, Schedules, Monitoring].map((s) => getStack(s).stackName);
    expect(names).toEqual(
      ["Database", "Storage", "Backups", "Workers", "Mail", "Api", "Web", "Schedules", "Monitoring"].map((n) => `${stage}-qr-menu-${n}`),
    );
    expect(getStack(Database).region).toBe("eu-central-1");
  });

  it("builds exactly our six handlers, on nodejs22.x arm64 ESM", () => {
    expect([...built].sort()).toEqual(Object.values(HANDLERS).sort());
    const fns = Object.values(t).flatMap((template) => Object.values(appFunctions(template)));
    expect(fns.map((f) => f.Properties.Handler).sort()).toEqual(Object.values(HANDLERS).sort());
    for (const fn of fns) {
      expect(fn.Properties.Runtime).toBe("nodejs22.x");
      expect(fn.Properties.Architectures).toEqual(["arm64"]);
    }
  });
});

describe("Database", () => {
  it("has one table with pk/sk, gsi1, gsi2, TTL and point-in-time recovery", () => {
    t.database.resourceCountIs("AWS::DynamoDB::Table", 1);
    const gsi = (n: number) => ({
      IndexName: `gsi${n}`,
      KeySchema: [
        { AttributeName: `gsi${n}pk`, KeyType: "HASH" },
        { AttributeName: `gsi${n}sk`, KeyType: "RANGE" },
      ],
      Projection: { ProjectionType: "ALL" },
    });
    t.database.hasResourceProperties("AWS::DynamoDB::Table", {
      TableName: `${stage}-qr-menu-menu`,
      BillingMode: "PAY_PER_REQUEST",
      KeySchema: [
        { AttributeName: "pk", KeyType: "HASH" },
        { AttributeName: "sk", KeyType: "RANGE" },
      ],
      AttributeDefinitions: Match.arrayWith(
        ["pk", "sk", "gsi1pk", "gsi1sk", "gsi2pk", "gsi2sk"].map((AttributeName) => ({
          AttributeName,
          AttributeType: "S",
        })),
      ),
      GlobalSecondaryIndexes: [gsi(1), gsi(2)],
      TimeToLiveSpecification: { AttributeName: "expiresAt", Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      StreamSpecification: Match.absent(),
    });
  });
});

describe("Storage", () => {
  const blocked = {
    BlockPublicAcls: true,
    BlockPublicPolicy: true,
    IgnorePublicAcls: true,
    RestrictPublicBuckets: true,
  };

  it("has three buckets, all blocking public access", () => {
    t.storage.resourceCountIs("AWS::S3::Bucket", 3);
    for (const template of [t.storage, t.web]) {
      const buckets = Object.values(template.findResources("AWS::S3::Bucket"));
      expect(buckets.length).toBeGreaterThan(0);
      for (const b of buckets) expect(b.Properties.PublicAccessBlockConfiguration).toEqual(blocked);
    }
  });

  it("expires presigned uploads that were never completed and photos of menus being read after a day, and export files after a week", () => {
    const rules = Object.values(t.storage.findResources("AWS::S3::Bucket")).flatMap((b) => (b.Properties.LifecycleConfiguration?.Rules ?? []) as Cfn[]);
    expect(rules.filter((r) => r.ExpirationInDays).map((r) => `${r.Prefix ?? "everything"}: ${r.ExpirationInDays} d`).sort()).toEqual(["contact/: 1 d", "everything: 7 d", "readings/: 1 d", "uploads/: 1 d"]);
  });

  it("lets CloudFront read menus and uploads through origin access identities", () => {
    t.storage.resourceCountIs("AWS::CloudFront::CloudFrontOriginAccessIdentity", 2);
    const oaiReads = Object.values(t.storage.findResources("AWS::S3::BucketPolicy")).filter((p) =>
      p.Properties.PolicyDocument.Statement.some(
        (s: Cfn) => s.Action === "s3:GetObject" && s.Principal?.CanonicalUser,
      ),
    );
    expect(oaiReads).toHaveLength(2);
  });
});

describe("Workers", () => {
  const queueNames = ["translate", "export", "publish", "copy", "read"];

  it("has five queues, each redriving to its own DLQ after 5 receives", () => {
    t.workers.resourceCountIs("AWS::SQS::Queue", 10);
    const queues = t.workers.findResources("AWS::SQS::Queue");
    const dlqs = new Set<string>();
    for (const name of queueNames) {
      const main = Object.values(queues).find((q) => q.Properties.QueueName === `${stage}-qr-menu-${name}`);
      expect(main, name).toBeDefined();
      const redrive = main!.Properties.RedrivePolicy;
      expect(redrive.maxReceiveCount).toBe(5);
      const [dlqId] = redrive.deadLetterTargetArn["Fn::GetAtt"];
      expect(queues[dlqId]?.Properties.QueueName).toBe(`${stage}-qr-menu-${name}-dlq`);
      expect(queues[dlqId]?.Properties.RedrivePolicy).toBeUndefined();
      dlqs.add(dlqId);
    }
    expect(dlqs.size).toBe(5);
  });

  it("consumes each queue with its worker, reporting partial batch failures", () => {
    const mappings = Object.values(t.workers.findResources("AWS::Lambda::EventSourceMapping"));
    expect(mappings).toHaveLength(5);
    const queues = t.workers.findResources("AWS::SQS::Queue");
    const functions = appFunctions(t.workers);
    for (const name of queueNames) {
      const handler = HANDLERS[name as keyof typeof HANDLERS];
      const fnId = logicalIdOfHandler(t.workers, handler);
      const mapping = mappingOf(handler);
      expect(mapping, handler).toBeDefined();
      expect(mapping!.Properties.FunctionResponseTypes).toEqual(["ReportBatchItemFailures"]);
      const queueId = mapping!.Properties.EventSourceArn["Fn::GetAtt"][0];
      expect(queues[queueId]?.Properties.QueueName).toBe(`${stage}-qr-menu-${name}`);
      // A message must stay invisible longer than the consumer may run.
      expect(queues[queueId]!.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(
        functions[fnId]!.Properties.Timeout,
      );
    }
  });

  it("reads a menu photo with OCR one at a time, two at once, in 120 s with 2 GB, with the language data beside its bundle", () => {
    const fn = appFunctions(t.workers)[logicalIdOfHandler(t.workers, HANDLERS.read)]!.Properties;
    expect(fn).toMatchObject({ Timeout: 120, MemorySize: 2048, ReservedConcurrentExecutions: 2 });
    expect(fn.Environment.Variables.OCR_LANG_PATH).toBe("tessdata");
    expect(mappingOf(HANDLERS.read)!.Properties).toMatchObject({ BatchSize: 1, ScalingConfig: { MaximumConcurrency: 2 } });
  });

  it("gives the translate worker Amazon Translate", () => {
    t.workers.hasResourceProperties("AWS::IAM::Policy", {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Action: "translate:TranslateText", Effect: "Allow", Resource: "*" }),
        ]),
      },
    });
  });
});

describe("Schedules", () => {
  it("runs the scheduler every 5 minutes", () => {
    const schedulerId = logicalIdOfHandler(t.schedules, HANDLERS.scheduler);
    t.schedules.hasResourceProperties("AWS::Events::Rule", {
      ScheduleExpression: "rate(5 minutes)",
      State: "ENABLED",
      Targets: [Match.objectLike({ Arn: { "Fn::GetAtt": [schedulerId, "Arn"] } })],
    });
    t.schedules.hasResourceProperties("AWS::Lambda::Permission", {
      Action: "lambda:InvokeFunction",
      Principal: "events.amazonaws.com",
      FunctionName: { "Fn::GetAtt": [schedulerId, "Arn"] },
    });
  });
});

describe("Api", () => {
  it("is an HTTP API whose $default and POST /api/events routes invoke the api handler's live alias", () => {
    t.api.hasResourceProperties("AWS::ApiGatewayV2::Api", { ProtocolType: "HTTP" });
    const routes = Object.values(t.api.findResources("AWS::ApiGatewayV2::Route")).map((r) => r.Properties.RouteKey);
    expect(routes.sort()).toEqual(["$default", "POST /api/events"]);
    const integrations = Object.values(t.api.findResources("AWS::ApiGatewayV2::Integration"));
    expect(integrations).toHaveLength(2);
    for (const i of integrations) expect(i.Properties).toMatchObject({ IntegrationType: "AWS_PROXY", IntegrationUri: { Ref: aliasIdOf(t.api, HANDLERS.api) } });
  });

  it("binds AUTH_SECRET and PAYMENT_WEBHOOK_SECRET as SST secrets (read from SSM at cold start)", () => {
    const fn = appFunctions(t.api)[logicalIdOfHandler(t.api, HANDLERS.api)]!;
    const vars = fn.Properties.Environment.Variables;
    for (const name of ["AUTH_SECRET", "PAYMENT_WEBHOOK_SECRET"]) {
      // The placeholder packages/functions/src/settings.ts replaces with the SSM value at cold start.
      expect(vars[`SST_Secret_value_${name}`], name).toBe("__FETCH_FROM_SSM__");
      expect(vars[name], name).toBeUndefined();
      expect(JSON.stringify(grantsOf(t.api, HANDLERS.api).get("ssm:GetParameters"))).toContain(`/sst/qr-menu/${stage}/Secret/${name}/value`);
    }
    // Only the API signs sessions and verifies webhooks.
    for (const handler of [HANDLERS.scheduler, HANDLERS.translate, HANDLERS.export, HANDLERS.publish, HANDLERS.copy, HANDLERS.read]) {
      const other = appFunctions(templateOf(handler))[logicalIdOfHandler(templateOf(handler), handler)]!;
      expect(Object.keys(other.Properties.Environment.Variables).filter((n) => n.includes("Secret"))).toEqual([]);
    }
  });

  it("passes the environment and grants SES and Translate", () => {
    const fn = appFunctions(t.api)[logicalIdOfHandler(t.api, HANDLERS.api)]!;
    const names = Object.keys(fn.Properties.Environment.Variables);
    expect(names).toEqual(
      expect.arrayContaining([
        "TABLE_NAME",
        "UPLOADS_BUCKET",
        "MENUS_BUCKET",
        "EXPORTS_BUCKET",
        "PUBLISH_QUEUE_URL",
        "TRANSLATE_QUEUE_URL",
        "EXPORT_QUEUE_URL",
        "COPY_QUEUE_URL",
        "READ_QUEUE_URL",
        "MAIL_FROM",
        "SUPPORT_EMAIL",
        "SELLER_NAME",
        "SELLER_DETAILS",
        "GUEST_EDGE_KVS_ARN",
      ]),
    );
    expect(fn.Properties.Environment.Variables.SELLER_NAME).toBe("Seller Ltd");
    expect(fn.Properties.Environment.Variables.SELLER_DETAILS).toBe("VAT 1|IBAN 2");
    const actions = Object.values(t.api.findResources("AWS::IAM::Policy")).flatMap((p) =>
      p.Properties.PolicyDocument.Statement.flatMap((s: Cfn) => [s.Action].flat()),
    );
    expect(actions).toEqual(expect.arrayContaining(["ses:SendEmail", "translate:TranslateText"]));
  });
});

describe("abuse limits (issue 34, point 2)", () => {
  it("throttles the API stage (rate and burst over all callers)", () => {
    t.api.hasResourceProperties("AWS::ApiGatewayV2::Stage", {
      StageName: "$default",
      DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: 500, ThrottlingBurstLimit: 1000 }),
    });
  });

  it("makes CloudFront send the generated origin secret to the API, and the API require it", () => {
    const secrets = t.api.findResources("AWS::SecretsManager::Secret");
    const [secretId, secret] = Object.entries(secrets).find(([, s]) => s.Properties.Name === `${stage}-qr-menu-origin-secret`)!;
    // {"current": …}: rotation adds "previous" (scripts/secret-rotate.ts).
    expect(secret.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 48, ExcludePunctuation: true, SecretStringTemplate: "{}", GenerateStringKey: "current" });
    // The API function reads the whole secret from its environment, resolved by CloudFormation by the
    // secret's name (never in the template), once the secret exists.
    const fnId = logicalIdOfHandler(t.api, HANDLERS.api);
    const fn = t.api.findResources("AWS::Lambda::Function")[fnId]!;
    expect(fn.Properties.Environment.Variables.ORIGIN_SECRET).toBe(`{{resolve:secretsmanager:${stage}-qr-menu-origin-secret:SecretString:::}}`);
    expect(fn.DependsOn).toContain(secretId);
    // CloudFront adds it to the API's origin only, by the secret's name.
    const config = Object.values(t.web.findResources("AWS::CloudFront::Distribution"))[0]!.Properties.DistributionConfig;
    const withHeader = config.Origins.filter((o: Cfn) => o.OriginCustomHeaders);
    expect(withHeader).toHaveLength(1);
    expect(withHeader[0].CustomOriginConfig).toBeDefined();
    expect(withHeader[0].OriginCustomHeaders).toEqual([
      { HeaderName: ORIGIN_SECRET_HEADER, HeaderValue: `{{resolve:secretsmanager:${stage}-qr-menu-origin-secret:SecretString:current::}}` },
    ]);
    const api = config.CacheBehaviors.find((b: Cfn) => b.PathPattern === "/api/*");
    expect(api.TargetOriginId).toBe(withHeader[0].Id);
  });

  it("attaches no web ACL to a stage without WEB_ACL_ARN, and production refuses to build without one", () => {
    const config = Object.values(t.web.findResources("AWS::CloudFront::Distribution"))[0]!.Properties.DistributionConfig;
    expect(config.WebACLId).toBeUndefined();
    const prod = { DOMAIN_NAME: "menu.example.com", CERTIFICATE_ARN: "arn:aws:acm:us-east-1:1:certificate/x", ALARM_EMAIL: "ops@example.com", BACKUP_COPY_VAULT_ARN: "arn:aws:backup:eu-west-1:123456789012:backup-vault:copy" };
    expect(() => readSettings("prod", prod)).toThrow(/WEB_ACL_ARN/);
    expect(() => readSettings("prod", { ...prod, WEB_ACL_ARN: "arn:aws:wafv2:eu-central-1:123456789012:regional/webacl/a/b" })).toThrow(/us-east-1/);
  });
});

describe("alarms and logs (issue 34, point 1)", () => {
  const alarms = () => Object.values(t.monitoring.findResources("AWS::CloudWatch::Alarm")) as Resource[];
  const alarm = (id: string) => {
    const hit = alarms().find((a) => a.Properties.AlarmName === `${stage}-qr-menu-${id}`);
    expect(hit, id).toBeDefined();
    return hit!.Properties;
  };
  const topicId = () => Object.keys(t.monitoring.findResources("AWS::SNS::Topic"))[0]!;
  const imported = (value: Cfn) => JSON.stringify(value).match(/"Fn::ImportValue":"([^"]+)"/)?.[1] ?? "";
  /** The export a value of another stack's template is imported by, resolved to that template's logical id. */
  function exportedId(template: Template, value: Cfn) {
    const name = imported(value);
    const outputs = template.findOutputs("*");
    const [, output] = Object.entries(outputs).find(([, o]) => o.Export?.Name === name) ?? [];
    expect(output, name).toBeDefined();
    return JSON.stringify(output!.Value);
  }

  it("sends every alarm, and only to, the alarms topic, which allows only TLS", () => {
    expect(alarms().length).toBe(27);
    for (const a of alarms()) {
      expect(a.Properties.AlarmActions, a.Properties.AlarmName).toEqual([{ Ref: topicId() }]);
      expect(a.Properties.TreatMissingData).toBe("notBreaching");
      expect(a.Properties.AlarmDescription).toMatch(/Runbook: docs\/deploy.md/);
    }
    // No ALARM_EMAIL on this stage: no subscription (prod.test.ts checks the mail one).
    t.monitoring.resourceCountIs("AWS::SNS::Subscription", 0);
    const policy = Object.values(t.monitoring.findResources("AWS::SNS::TopicPolicy"))[0]!;
    expect(JSON.stringify(policy.Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
  });

  it("alarms on any message in each dead-letter queue: the five job queues' and the schedule's", () => {
    for (const name of ["translate", "export", "publish", "copy", "read"]) {
      const a = alarm(`dlq-${name}`);
      expect(a).toMatchObject({ MetricName: "ApproximateNumberOfMessagesVisible", Namespace: "AWS/SQS", Threshold: 1, ComparisonOperator: "GreaterThanOrEqualToThreshold" });
      const queueId = exportedId(t.workers, a.Dimensions[0].Value);
      expect(t.workers.findResources("AWS::SQS::Queue")[JSON.parse(queueId)["Fn::GetAtt"][0]]?.Properties.QueueName).toBe(`${stage}-qr-menu-${name}-dlq`);
    }
    const schedule = alarm("dlq-schedule");
    expect(JSON.parse(exportedId(t.schedules, schedule.Dimensions[0].Value))["Fn::GetAtt"][0]).toMatch(/^schedulerdlq/);
    const mail = alarm("dlq-mail-feedback");
    expect(JSON.parse(exportedId(t.mail, mail.Dimensions[0].Value))["Fn::GetAtt"][0]).toMatch(/^mailfeedbackdlq/);
  });

  it("alarms on errors and throttles of each of our functions", () => {
    for (const [name, handler] of Object.entries(HANDLERS)) {
      const template = templateOf(handler);
      for (const [kind, metric] of [["errors", "Errors"], ["throttles", "Throttles"]]) {
        const a = alarm(`${kind}-${name === "mailFeedback" ? "mail-feedback" : name}`);
        expect(a).toMatchObject({ MetricName: metric, Namespace: "AWS/Lambda", Statistic: "Sum", Period: 300, Threshold: 1 });
        expect(exportedId(template, a.Dimensions[0].Value), `${kind} ${name}`).toContain(logicalIdOfHandler(template, handler));
      }
    }
  });

  it("alarms on the API's 5xx rate, the table's throttled requests and the schedule's failed runs", () => {
    const api = alarm("api-5xx-rate");
    expect(api.Threshold).toBe(5);
    const expression = api.Metrics.find((m: Cfn) => m.Expression);
    expect(expression.Expression).toBe("IF(requests >= 20, 100 * failed / requests, 0)");
    const named = (metrics: Cfn[], name: string) => metrics.find((m: Cfn) => m.MetricStat?.Metric.MetricName === name)?.MetricStat.Metric;
    expect(named(api.Metrics, "5xx")).toMatchObject({ Namespace: "AWS/ApiGateway" });
    expect(named(api.Metrics, "Count")).toMatchObject({ Namespace: "AWS/ApiGateway" });
    expect(exportedId(t.api, named(api.Metrics, "5xx").Dimensions[0].Value)).toContain(Object.keys(t.api.findResources("AWS::ApiGatewayV2::Api"))[0]);
    const table = alarm("table-throttles");
    expect(table.Metrics.find((m: Cfn) => m.Expression).Expression).toBe("reads + writes");
    expect([named(table.Metrics, "ReadThrottleEvents"), named(table.Metrics, "WriteThrottleEvents")].map((m) => m.Namespace)).toEqual(["AWS/DynamoDB", "AWS/DynamoDB"]);
    const schedule = alarm("schedule-failures");
    expect(schedule).toMatchObject({ Namespace: "AWS/Events", MetricName: "FailedInvocations", Threshold: 1 });
    const ruleId = Object.keys(t.schedules.findResources("AWS::Events::Rule"))[0]!;
    expect(exportedId(t.schedules, schedule.Dimensions[0].Value)).toContain(ruleId);
  });

  it("has a monthly cost budget warning the same topic at 80 % spent and 100 % forecast", () => {
    t.monitoring.hasResourceProperties("AWS::Budgets::Budget", {
      Budget: { BudgetName: `${stage}-qr-menu-monthly`, BudgetType: "COST", TimeUnit: "MONTHLY", BudgetLimit: { Amount: 100, Unit: "USD" } },
      NotificationsWithSubscribers: [
        { Notification: { NotificationType: "ACTUAL", ComparisonOperator: "GREATER_THAN", Threshold: 80, ThresholdType: "PERCENTAGE" }, Subscribers: [{ SubscriptionType: "SNS", Address: { Ref: topicId() } }] },
        { Notification: { NotificationType: "FORECASTED", ComparisonOperator: "GREATER_THAN", Threshold: 100, ThresholdType: "PERCENTAGE" }, Subscribers: [{ SubscriptionType: "SNS", Address: { Ref: topicId() } }] },
      ],
    });
    const policy = Object.values(t.monitoring.findResources("AWS::SNS::TopicPolicy"))[0]!;
    expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({ Principal: { Service: "budgets.amazonaws.com" }, Action: "sns:Publish", Condition: { StringEquals: { "aws:SourceAccount": "123456789012" } } }),
    );
  });

  it("keeps every Lambda's logs 30 days, CDK's and SST's helpers included, and the API access log too", () => {
    const templates = Object.values(t);
    let functions = 0;
    for (const template of templates) {
      const retentions = Object.values(template.findResources("Custom::LogRetention"));
      for (const [id] of Object.entries(template.findResources("AWS::Lambda::Function"))) {
        if (id.startsWith("LogRetention")) continue; // CDK's LogRetention function keeps its own logs a day
        functions++;
        const hit = retentions.filter((r) => JSON.stringify(r.Properties.LogGroupName) === JSON.stringify({ "Fn::Join": ["", ["/aws/lambda/", { Ref: id }]] }));
        expect(hit, id).toHaveLength(1);
        expect(hit[0]!.Properties.RetentionInDays, id).toBe(30);
      }
    }
    // Our own, the SPA upload, the buckets' clean-up and SST's own.
    expect(functions).toBeGreaterThan(Object.keys(HANDLERS).length);
    const groups = Object.values(t.api.findResources("AWS::Logs::LogGroup"));
    expect(groups).toHaveLength(1);
    expect(groups[0]!.Properties.RetentionInDays).toBe(30);
    const stageProps = Object.values(t.api.findResources("AWS::ApiGatewayV2::Stage"))[0]!.Properties;
    expect(JSON.stringify(stageProps.AccessLogSettings.DestinationArn)).toContain(Object.keys(t.api.findResources("AWS::Logs::LogGroup"))[0]);
    // One JSON object per request (log queries parse it; cdk-nag's structured-logging rule asks the same).
    expect(JSON.parse(stageProps.AccessLogSettings.Format)).toMatchObject({ status: "$context.status", ip: "$context.identity.sourceIp" });
    expect(() => readSettings("staging", { DEVELOPMENT_STAGE: "true", LOG_RETENTION_DAYS: "45" })).toThrow(/LOG_RETENTION_DAYS must be one of/);
  });
});

describe("data protection (issue 34, point 4)", () => {
  it("keeps a development stage's table removable (prod.test.ts: production's is protected)", () => {
    t.database.hasResourceProperties("AWS::DynamoDB::Table", { DeletionProtectionEnabled: false });
  });

  it("versions the uploads bucket and expires old versions after 30 days", () => {
    const [, uploads] = Object.entries(t.storage.findResources("AWS::S3::Bucket")).find(([id]) => id.startsWith("uploads"))!;
    expect(uploads.Properties.VersioningConfiguration).toEqual({ Status: "Enabled" });
    const rules: Cfn[] = uploads.Properties.LifecycleConfiguration.Rules;
    expect(rules).toContainEqual(expect.objectContaining({ Id: "old-versions", NoncurrentVersionExpiration: { NoncurrentDays: 30 }, ExpiredObjectDeleteMarker: true, Status: "Enabled" }));
    expect(rules).toContainEqual(expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }));
    // Staged uploads and contact attachments, once deleted, are not kept as old versions for 30 days.
    for (const prefix of ["uploads/", "contact/"]) {
      expect(rules).toContainEqual(expect.objectContaining({ Prefix: prefix, ExpirationInDays: 1, NoncurrentVersionExpiration: { NoncurrentDays: 1 } }));
    }
  });

  it("lets only the site's pages read upload answers (CORS); without an address known yet, only CloudFront's domains", () => {
    const [, uploads] = Object.entries(t.storage.findResources("AWS::S3::Bucket")).find(([id]) => id.startsWith("uploads"))!;
    const [rule] = uploads.Properties.CorsConfiguration.CorsRules;
    expect(rule.AllowedOrigins).toEqual(["https://*.cloudfront.net"]);
    expect(siteOrigins(readSettings("staging", { DEVELOPMENT_STAGE: "true", PUBLIC_BASE_URL: "https://menu.example.com/" }))).toEqual(["https://menu.example.com"]);
  });

  it("lets the API send mail only as MAIL_FROM's identity and through the configuration set", () => {
    const statements = statementsOf(t.api, HANDLERS.api).filter((s) => [s.Action].flat().includes("ses:SendEmail"));
    expect(statements).toHaveLength(1);
    const resources = JSON.stringify(statements[0]!.Resource);
    expect(resources).not.toContain('"*"');
    // No MAIL_FROM here: no-reply@example.com, its domain and address identities.
    expect(resources).toContain(":identity/example.com");
    expect(resources).toContain(":identity/no-reply@example.com");
    expect(resources).toContain(`:configuration-set/${stage}-qr-menu-mail`);
    const fn = appFunctions(t.api)[logicalIdOfHandler(t.api, HANDLERS.api)]!;
    expect(JSON.stringify(fn.Properties.Environment.Variables.MAIL_CONFIGURATION_SET)).toContain("Fn::ImportValue");
  });

  it("publishes SES bounces and complaints to a topic whose subscriber is the mail-feedback function, with a DLQ", () => {
    t.mail.hasResourceProperties("AWS::SES::ConfigurationSet", { Name: `${stage}-qr-menu-mail`, SuppressionOptions: { SuppressedReasons: ["BOUNCE", "COMPLAINT"] } });
    const topicId = Object.keys(t.mail.findResources("AWS::SNS::Topic"))[0]!;
    const setId = Object.keys(t.mail.findResources("AWS::SES::ConfigurationSet"))[0]!;
    t.mail.hasResourceProperties("AWS::SES::ConfigurationSetEventDestination", {
      ConfigurationSetName: { Ref: setId },
      EventDestination: Match.objectLike({ Enabled: true, MatchingEventTypes: ["bounce", "complaint"], SnsDestination: { TopicARN: { Ref: topicId } } }),
    });
    const fnId = logicalIdOfHandler(t.mail, HANDLERS.mailFeedback);
    const dlqId = Object.keys(t.mail.findResources("AWS::SQS::Queue"))[0]!;
    t.mail.hasResourceProperties("AWS::SNS::Subscription", {
      Protocol: "lambda",
      TopicArn: { Ref: topicId },
      Endpoint: { "Fn::GetAtt": [fnId, "Arn"] },
      RedrivePolicy: { deadLetterTargetArn: { "Fn::GetAtt": [dlqId, "Arn"] } },
    });
    // SES may publish to the topic for this configuration set only.
    const policy = JSON.stringify(Object.values(t.mail.findResources("AWS::SNS::TopicPolicy"))[0]!.Properties.PolicyDocument);
    expect(policy).toContain("ses.amazonaws.com");
    expect(policy).toContain(`configuration-set/",{"Ref":"${setId}"}`);
  });
});

describe("workers (issue 34, point 5)", () => {
  const fnOf = (handler: string) => appFunctions(templateOf(handler))[logicalIdOfHandler(templateOf(handler), handler)]!.Properties;

  it("caps every worker's concurrency (reserved, and the same cap on its SQS event source); the API is left to the stage's throttling", () => {
    const caps = { translate: 4, export: 2, publish: 10, copy: 2, read: 2, scheduler: 1, mailFeedback: 2 };
    for (const [name, cap] of Object.entries(caps)) {
      expect(fnOf(HANDLERS[name as keyof typeof HANDLERS]).ReservedConcurrentExecutions, name).toBe(cap);
    }
    expect(fnOf(HANDLERS.api).ReservedConcurrentExecutions).toBeUndefined();
    for (const name of ["translate", "export", "publish", "copy", "read"] as const) {
      const mapping = mappingOf(HANDLERS[name])!;
      expect(mapping.Properties.ScalingConfig, name).toEqual({ MaximumConcurrency: WORKERS[name].concurrency });
      expect(WORKERS[name].concurrency, name).toBe(caps[name]);
    }
  });

  it("sizes each batch so its slowest messages finish inside the worker's timeout", () => {
    for (const name of ["translate", "export", "publish", "copy", "read"] as const) {
      const fn = fnOf(HANDLERS[name]);
      const mapping = mappingOf(HANDLERS[name])!;
      const { batchSize, perMessageSeconds } = WORKERS[name];
      expect(mapping.Properties.BatchSize, name).toBe(batchSize);
      expect(fn.Timeout, name).toBe(WORKERS[name].timeout);
      expect(batchSize * perMessageSeconds, name).toBeLessThanOrEqual(fn.Timeout);
    }
    // The translate worker: 2 messages of at most 60 s each in 120 s (Workers.ts states the figures).
    expect([WORKERS.translate.batchSize, WORKERS.translate.timeout]).toEqual([2, 120]);
  });

  it("sends what fails after an asynchronous invocation's retries to the DLQ (the scheduler's, the mail-feedback function's)", () => {
    const scheduler = fnOf(HANDLERS.scheduler);
    expect(scheduler.DeadLetterConfig.TargetArn["Fn::GetAtt"][0]).toMatch(/^schedulerdlq/);
    const feedback = fnOf(HANDLERS.mailFeedback);
    expect(feedback.DeadLetterConfig.TargetArn["Fn::GetAtt"][0]).toMatch(/^mailfeedbackdlq/);
    expect(JSON.stringify(grantsOf(t.mail, HANDLERS.mailFeedback).get("sqs:SendMessage"))).toMatch(/mailfeedbackdlq/);
  });

  it("retries the schedule's target twice within 4 minutes, then sends the event to its DLQ", () => {
    const [rule] = Object.values(t.schedules.findResources("AWS::Events::Rule"));
    const [target] = rule!.Properties.Targets;
    expect(target.RetryPolicy).toEqual({ MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 240 });
    const queues = t.schedules.findResources("AWS::SQS::Queue");
    const dlqId = target.DeadLetterConfig.Arn["Fn::GetAtt"][0];
    expect(queues[dlqId]?.Properties.QueueName).toBe(`${stage}-qr-menu-scheduler-dlq`);
    // EventBridge may send to it, for this rule only.
    const policy = JSON.stringify(Object.values(t.schedules.findResources("AWS::SQS::QueuePolicy"))[0]!.Properties.PolicyDocument);
    expect(policy).toContain("events.amazonaws.com");
    expect(policy).toContain(Object.keys(t.schedules.findResources("AWS::Events::Rule"))[0]);
  });
});

describe("republish after a deploy (issue 34, point 6)", () => {
  it("lets the scheduler read the deployed SPA's build id, and nothing else of the SPA bucket", () => {
    const fn = appFunctions(t.schedules)[logicalIdOfHandler(t.schedules, HANDLERS.scheduler)]!;
    const siteId = Object.keys(t.web.findResources("AWS::S3::Bucket")).find((id) => id.startsWith("site"))!;
    expect(exportedOf(t.web, fn.Properties.Environment.Variables.SITE_BUCKET)).toEqual({ Ref: siteId });
    const read = statementsOf(t.schedules, HANDLERS.scheduler).filter((s) => [s.Action].flat().includes("s3:GetObject"));
    expect(read).toHaveLength(1);
    expect(read[0]!.Action).toBe("s3:GetObject");
    const resource = JSON.stringify(read[0]!.Resource);
    expect(resource).toContain(`/${WEB_BUILD_FILE}`);
    expect(resource).not.toContain("/*");
  });
});

/** The value another stack's template exports under the name `value` imports. */
function exportedOf(template: Template, value: Cfn) {
  const name = JSON.stringify(value).match(/"Fn::ImportValue":"([^"]+)"/)?.[1];
  const [, output] = Object.entries(template.findOutputs("*")).find(([, o]) => o.Export?.Name === name) ?? [];
  expect(output, name).toBeDefined();
  return output!.Value;
}

const KVS_WRITE = [
  "cloudfront-keyvaluestore:DescribeKeyValueStore",
  "cloudfront-keyvaluestore:GetKey",
  "cloudfront-keyvaluestore:PutKey",
];

describe("least privilege", () => {
  const ITEMS = [
    "dynamodb:GetItem",
    "dynamodb:BatchGetItem",
    "dynamodb:Query",
    "dynamodb:PutItem",
    "dynamodb:UpdateItem",
    "dynamodb:DeleteItem",
    "dynamodb:BatchWriteItem",
    "dynamodb:ConditionCheckItem",
  ];
  // What each function's code calls (packages/core: object store keys by bucket, queue sends, mails, edge routes).
  const EXPECTED: Record<keyof typeof HANDLERS, Record<string, string[]>> = {
    api: {
      table: ITEMS,
      uploads: ["s3:GetObject", "s3:PutObject", "s3:DeleteObject", "s3:ListBucket"],
      menus: ["s3:GetObject", "s3:PutObject", "s3:DeleteObject", "s3:ListBucket"],
      // Presigned export downloads; a menu photo stored to be read, its draft read back (readings/).
      exports: ["s3:GetObject", "s3:PutObject", "s3:ListBucket"],
      queues: ["translate", "export", "publish", "copy", "read"],
      other: ["ses:SendEmail", "translate:TranslateText", "ssm:GetParameters", ...KVS_WRITE],
    },
    // Its DLQ: SNS invokes it asynchronously, and a report it fails on goes there.
    mailFeedback: { table: ITEMS, queues: [], other: ["ssm:GetParameters", "sqs:SendMessage"] },
    // s3:GetObject: the SPA's builds/latest.json only (checked below).
    scheduler: { table: ITEMS, queues: ["publish", "translate", "export"], other: ["ssm:GetParameters", "s3:GetObject"] },
    translate: { table: ITEMS, queues: ["translate", "publish"], other: ["translate:TranslateText", "ssm:GetParameters"] },
    export: { table: ITEMS, exports: ["s3:PutObject"], queues: [], other: ["ssm:GetParameters"] },
    // The photo read and deleted, its draft written (readings/).
    read: { table: ITEMS, exports: ["s3:GetObject", "s3:PutObject", "s3:DeleteObject", "s3:ListBucket"], queues: [], other: ["ssm:GetParameters"] },
    copy: {
      table: ITEMS,
      uploads: ["s3:GetObject", "s3:PutObject", "s3:DeleteObject", "s3:ListBucket"],
      queues: ["copy", "publish", "translate"],
      other: ["ssm:GetParameters"],
    },
    publish: {
      table: ITEMS,
      menus: ["s3:GetObject", "s3:PutObject", "s3:DeleteObject", "s3:ListBucket"],
      queues: ["publish"],
      other: ["ssm:GetParameters", ...KVS_WRITE],
    },
  };
  // SST turns on X-Ray tracing for every function.
  const TRACING = ["xray:PutTraceSegments", "xray:PutTelemetryRecords"];
  const CONSUME = ["sqs:ReceiveMessage", "sqs:ChangeMessageVisibility", "sqs:GetQueueUrl", "sqs:DeleteMessage", "sqs:GetQueueAttributes"];

  it("grants no wildcard action on DynamoDB, S3 or SQS to any function", () => {
    for (const handler of Object.values(HANDLERS)) {
      const actions = [...grantsOf(templateOf(handler), handler).keys()];
      expect(actions.length, handler).toBeGreaterThan(0);
      expect(actions.filter((a) => a === "*" || (/^(dynamodb|s3|sqs):/.test(a) && a.includes("*"))), handler).toEqual([]);
    }
  });

  it.each(Object.keys(HANDLERS) as (keyof typeof HANDLERS)[])("gives the %s function exactly what its code uses", (name) => {
    const handler = HANDLERS[name];
    const template = templateOf(handler);
    const grants = grantsOf(template, handler);
    const expected = EXPECTED[name];
    const consumer = ["translate", "export", "publish", "copy", "read"].includes(name);
    const wanted = new Set([
      ...expected.table!,
      ...(expected.uploads ?? []),
      ...(expected.menus ?? []),
      ...(expected.exports ?? []),
      ...(expected.queues!.length ? ["sqs:SendMessage"] : []),
      ...(consumer ? CONSUME : []),
      ...TRACING,
      ...expected.other!,
    ]);
    expect([...grants.keys()].sort()).toEqual([...wanted].sort());
    // Table items on the table and its indexes only.
    const tableGrant = grants.get("dynamodb:Query")!;
    expect(tableGrant).toContain("index/*");
    // Each bucket's actions on that bucket; each send on the queues named.
    const bucketIds = Object.keys(t.storage.findResources("AWS::S3::Bucket"));
    const bucketId = (b: string) => bucketIds.find((id) => id.startsWith(b))!;
    for (const bucket of ["uploads", "menus", "exports"] as const) {
      for (const action of expected[bucket] ?? []) expect(grants.get(action), `${name} ${action} ${bucket}`).toContain(bucketId(bucket));
    }
    for (const bucket of ["uploads", "menus", "exports"] as const) {
      if (!expected[bucket]) for (const [, resources] of grants) expect(resources, `${name} ${bucket}`).not.toContain(bucketId(bucket));
    }
    const queues = t.workers.findResources("AWS::SQS::Queue");
    const sends = grants.get("sqs:SendMessage") ?? "";
    for (const q of ["translate", "export", "publish", "copy", "read"]) {
      const id = Object.keys(queues).find((k) => queues[k]!.Properties.QueueName === `${stage}-qr-menu-${q}`)!;
      expect(sends.includes(id), `${name} sends to ${q}`).toBe(expected.queues!.includes(q));
    }
  });
});

describe("Web", () => {
  function distribution() {
    const all = Object.values(t.web.findResources("AWS::CloudFront::Distribution"));
    expect(all).toHaveLength(1);
    return all[0]!.Properties.DistributionConfig;
  }
  function behavior(pattern: string) {
    const b = distribution().CacheBehaviors.find((c: Cfn) => c.PathPattern === pattern);
    expect(b, pattern).toBeDefined();
    return b;
  }

  it("routes /assets/*, /api/*, /t/*, /m/*, /media/*, /builds/latest.json and the guest pages", () => {
    expect(distribution().CacheBehaviors.map((b: Cfn) => b.PathPattern).sort()).toEqual(
      ["/assets/*", "/api/*", "/m/*", "/media/*", "/t/*", "/builds/latest.json", "/*/*/menu*", "/*/*/reviews*", "/*/*/promotions/*"].sort(),
    );
  });

  it("answers no path a company's URL name could take: each behaviour's first segment is a reserved name (issue 49, point 3)", () => {
    const firsts = distribution().CacheBehaviors.map((b: Cfn) => String(b.PathPattern).split("/")[1]!).filter((s: string) => /^[a-z][a-z0-9-]*$/.test(s));
    expect(firsts.length).toBeGreaterThan(3);
    for (const segment of firsts) expect(ROUTE_NAMES, segment).toContain(segment);
  });

  it("serves the build's assets from the SPA bucket without running the SPA fallback function (issue 34, point 9)", () => {
    const config = distribution();
    const assets = behavior("/assets/*");
    // First, so no wider pattern takes them.
    expect(config.CacheBehaviors[0].PathPattern).toBe("/assets/*");
    expect(assets.TargetOriginId).toBe(config.DefaultCacheBehavior.TargetOriginId);
    expect(assets.CachePolicyId).toBe(config.DefaultCacheBehavior.CachePolicyId);
    expect(assets.FunctionAssociations).toBeUndefined();
    expect(assets.ViewerProtocolPolicy).toBe("redirect-to-https");
    // The fallback function runs on the default behaviour only: every path pattern that reaches the SPA bucket but the default has none.
    const spaFallback = config.DefaultCacheBehavior.FunctionAssociations[0].FunctionARN;
    for (const b of config.CacheBehaviors) expect(JSON.stringify(b.FunctionAssociations ?? []), b.PathPattern).not.toContain(JSON.stringify(spaFallback));
  });

  it("answers the guest pages with edge/guest-pages.js over the KeyValueStore, from the menus bucket", () => {
    const functions = t.web.findResources("AWS::CloudFront::Function");
    const idOf = (file: string) => {
      const code = readFileSync(path.join(root, "stacks/edge", file), "utf8");
      const hit = Object.entries(functions).find(([, f]) => f.Properties.FunctionCode === code);
      expect(hit, file).toBeDefined();
      return hit![0];
    };
    const pages = idOf("guest-pages.js");
    const status = idOf("guest-status.js");
    // The function reads the Storage stack's KeyValueStore.
    expect(JSON.stringify(functions[pages]!.Properties.FunctionConfig.KeyValueStoreAssociations)).toContain("Fn::ImportValue");
    expect(functions[pages]!.Properties.FunctionConfig.Runtime).toBe("cloudfront-js-2.0");
    t.storage.resourceCountIs("AWS::CloudFront::KeyValueStore", 1);
    const menus = behavior("/m/*");
    for (const pattern of GUEST_PAGE_PATTERNS) {
      const b = behavior(pattern);
      expect(b.TargetOriginId).toBe(menus.TargetOriginId);
      expect(b.CachePolicyId).toEqual(menus.CachePolicyId);
      expect(b.FunctionAssociations).toEqual([
        { EventType: "viewer-request", FunctionARN: { "Fn::GetAtt": [pages, "FunctionARN"] } },
        { EventType: "viewer-response", FunctionARN: { "Fn::GetAtt": [status, "FunctionARN"] } },
      ]);
    }
    // The SPA fallback selects the SPA bucket's origin by the id the function names.
    expect(distribution().Origins.find((o: Cfn) => o.Id === "site")?.OriginAccessControlId).toBeDefined();
    expect(distribution().DefaultCacheBehavior.TargetOriginId).toBe("site");
  });

  it("tells the API the viewer's host (X-Forwarded-Host) and the functions the site's address on the first deploy", () => {
    for (const pattern of ["/api/*", "/t/*"]) {
      const [assoc] = behavior(pattern).FunctionAssociations;
      const fn = t.web.findResources("AWS::CloudFront::Function")[assoc.FunctionARN["Fn::GetAtt"][0]]!;
      expect(fn.Properties.FunctionCode).toContain('request.headers["x-forwarded-host"] = { value: request.headers.host.value }');
    }
    // No PUBLIC_BASE_URL, no domain: the distribution's address goes to SSM, where SST's config client reads it.
    t.web.hasResourceProperties("AWS::SSM::Parameter", {
      Name: `/sst/qr-menu/${stage}/Parameter/PUBLIC_BASE_URL/value`,
      Value: { "Fn::Join": ["", ["https://", { "Fn::GetAtt": [Match.anyValue(), "DomainName"] }]] },
    });
    for (const handler of Object.values(HANDLERS)) {
      const template = templateOf(handler);
      const vars = appFunctions(template)[logicalIdOfHandler(template, handler)]!.Properties.Environment.Variables;
      expect(vars.PUBLIC_BASE_URL, handler).toBeUndefined();
      expect(vars.SST_Parameter_value_PUBLIC_BASE_URL, handler).toBe("__FETCH_FROM_SSM__");
      expect(JSON.stringify(grantsOf(template, handler).get("ssm:GetParameters")), handler).toContain(
        `parameter/sst/qr-menu/${stage}/Parameter/PUBLIC_BASE_URL/value`,
      );
    }
  });

  it("never caches builds/latest.json (polled by open tabs) and keeps the route rules of old builds", () => {
    const config = distribution();
    const latest = behavior("/builds/latest.json");
    expect(latest.CachePolicyId).toBe(CACHING_DISABLED);
    expect(latest.TargetOriginId).toBe(config.DefaultCacheBehavior.TargetOriginId);
    expect(latest.AllowedMethods ?? ["GET", "HEAD"]).toEqual(["GET", "HEAD"]);
    // One origin for the SPA bucket, shared by both behaviours.
    expect(config.Origins.filter((o: Cfn) => o.OriginAccessControlId)).toHaveLength(1);
    const deployments = Object.entries(t.web.findResources("Custom::CDKBucketDeployment"));
    const [keptId, kept] = deployments.find(([, d]) => d.Properties.Prune === false)!;
    const [, pages] = deployments.find(([, d]) => d.Properties.Prune !== false)!;
    // builds/meta/{id}.json is named by its build's hash: uploaded with the hashed assets, never pruned.
    expect(kept.Properties.Include).toEqual(["assets/*", "builds/meta/*"]);
    expect(kept.Properties.SystemMetadata).toEqual({ "cache-control": "public, max-age=31536000, immutable" });
    // index.html and builds/latest.json: no-cache, uploaded after the files they name.
    expect(pages.Properties.Exclude).toEqual(["assets/*", "builds/meta/*"]);
    expect(pages.Properties.Include).toBeUndefined();
    expect(pages.Properties.SystemMetadata).toEqual({ "cache-control": "no-cache" });
    expect(pages.DependsOn).toContain(keptId);
  });

  it("sends /api/* and /t/* uncached, with every method, to the API origin", () => {
    const api = behavior("/api/*");
    const qr = behavior("/t/*");
    expect(qr.TargetOriginId).toBe(api.TargetOriginId);
    for (const b of [api, qr]) {
      expect(b.CachePolicyId).toBe(CACHING_DISABLED);
      expect(b.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
      expect(b.AllowedMethods).toHaveLength(7);
    }
    const origin = distribution().Origins.find((o: Cfn) => o.Id === api.TargetOriginId);
    expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe("https-only");
    // The host of the API's endpoint, imported from the Api stack.
    expect(JSON.stringify(origin.DomainName)).toContain("Fn::ImportValue");
  });

  it("serves /m/* and /media/* cached from their buckets", () => {
    const menus = behavior("/m/*");
    const media = behavior("/media/*");
    expect(menus.TargetOriginId).not.toBe(media.TargetOriginId);
    for (const b of [menus, media]) {
      expect(b.CachePolicyId).not.toBe(CACHING_DISABLED);
      expect(b.AllowedMethods ?? ["GET", "HEAD"]).toEqual(["GET", "HEAD"]);
      const origin = distribution().Origins.find((o: Cfn) => o.Id === b.TargetOriginId);
      expect(origin.S3OriginConfig.OriginAccessIdentity).toBeTruthy();
    }
    t.web.hasResourceProperties("AWS::CloudFront::CachePolicy", {
      CachePolicyConfig: Match.objectLike({ DefaultTTL: 10, MaxTTL: 60 }),
    });
  });

  it("serves /media/* a year at the edge with immutable Cache-Control for browsers", () => {
    const media = behavior("/media/*");
    const policies = t.web.findResources("AWS::CloudFront::CachePolicy");
    const [, cache] = Object.entries(policies).find(([id]) => JSON.stringify(media.CachePolicyId).includes(id))!;
    expect(cache.Properties.CachePolicyConfig).toMatchObject({ DefaultTTL: 31_536_000, MaxTTL: 31_536_000 });
    const headers = t.web.findResources("AWS::CloudFront::ResponseHeadersPolicy");
    const [, policy] = Object.entries(headers).find(([id]) => JSON.stringify(media.ResponseHeadersPolicyId).includes(id))!;
    expect(policy.Properties.ResponseHeadersPolicyConfig.CustomHeadersConfig.Items).toContainEqual({
      Header: "Cache-Control",
      Value: "public, max-age=31536000, immutable",
      Override: true,
    });
  });

  it("sends the local runtime's security headers (CSP, HSTS, …) on every behaviour, over the origin's", () => {
    const policies = t.web.findResources("AWS::CloudFront::ResponseHeadersPolicy");
    const config = distribution();
    const behaviours: [string, Cfn][] = [["default", config.DefaultCacheBehavior], ...config.CacheBehaviors.map((b: Cfn) => [b.PathPattern, b])];
    // The SPA is a placeholder here (no inline script); presigned uploads go to the uploads bucket, imported from Storage.
    const expected = securityHeaders({ scriptHashes: [], connectSources: ["https://{uploads bucket}"] }, { https: true });
    for (const [path, b] of behaviours) {
      const [, policy] = Object.entries(policies).find(([id]) => JSON.stringify(b.ResponseHeadersPolicyId ?? null).includes(id)) ?? [];
      expect(policy, path).toBeDefined();
      const { SecurityHeadersConfig: security, CustomHeadersConfig: custom } = policy!.Properties.ResponseHeadersPolicyConfig;
      const csp = security.ContentSecurityPolicy.ContentSecurityPolicy;
      const parts: Cfn[] = typeof csp === "string" ? [csp] : csp["Fn::Join"][1];
      const tokens = parts.filter((p) => typeof p !== "string");
      expect(JSON.stringify(tokens), path).toMatch(/^\[\{"Fn::ImportValue":"[^"]*uploads[^"]*RegionalDomainName[^"]*"\}\]$/);
      const sent: Record<string, string> = {
        "Content-Security-Policy": parts.map((p) => (typeof p === "string" ? p : "{uploads bucket}")).join(""),
        "X-Frame-Options": security.FrameOptions.FrameOption,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": security.ReferrerPolicy.ReferrerPolicy,
        "Strict-Transport-Security": `max-age=${security.StrictTransportSecurity.AccessControlMaxAgeSec}${security.StrictTransportSecurity.IncludeSubdomains ? "; includeSubDomains" : ""}`,
        ...Object.fromEntries(custom.Items.filter((h: Cfn) => h.Header !== "Cache-Control").map((h: Cfn) => [h.Header, h.Value])),
      };
      expect(sent, path).toEqual(expected);
      expect(Object.keys(security).sort(), path).toEqual(["ContentSecurityPolicy", "ContentTypeOptions", "FrameOptions", "ReferrerPolicy", "StrictTransportSecurity"]);
      for (const header of [...Object.values(security), ...custom.Items] as { Override: boolean }[]) expect(header.Override, path).toBe(true);
      // CloudFront takes at most 1783 characters of CSP: room for the bucket's domain name and the build's hashes.
      expect(sent["Content-Security-Policy"]!.length, path).toBeLessThan(1783 - 100 - 3 * 55);
    }
  });

  it("uploads no source map and none of Vite's records from the SPA build", () => {
    const dist = path.join(root, "web/dist");
    const ignored = IgnoreStrategy.fromCopyOptions(SITE_ASSET_OPTIONS, dist);
    for (const file of ["assets/index-a1b2.js.map", "assets/deep/x.css.map", "sw.js.map", ".vite/manifest.json", ".vite/script-hashes.json"]) {
      expect(ignored.ignores(path.join(dist, file)), file).toBe(true);
    }
    for (const file of ["index.html", "assets/index-a1b2.js", "assets/index-a1b2.css", "sw.js", "builds/latest.json", "builds/meta/abc.json"]) {
      expect(ignored.ignores(path.join(dist, file)), file).toBe(false);
    }
  });

  it("leaves TLS to the default certificate only outside production: the prod stage refuses to build without a domain", () => {
    // No domain here (a development stage): no alias, CloudFront's own certificate.
    expect(distribution().Aliases).toBeUndefined();
    expect(() => readSettings("prod", {})).toThrow(/prod stage is not declared a development stage .* needs: DOMAIN_NAME/);
    const acl = "arn:aws:wafv2:us-east-1:123456789012:global/webacl/prod-qr-menu-waf-web-acl/abc";
    const complete = { DOMAIN_NAME: "menu.example.com", CERTIFICATE_ARN: "arn:aws:acm:us-east-1:1:certificate/x", WEB_ACL_ARN: acl, ALARM_EMAIL: "ops@example.com", BACKUP_COPY_VAULT_ARN: "arn:aws:backup:eu-west-1:123456789012:backup-vault:copy" };
    expect(() => readSettings("prod", { ...complete, CERTIFICATE_ARN: "" })).toThrow(/CERTIFICATE_ARN/);
    expect(readSettings("prod", complete).production).toBe(true);
    expect(() => readSettings("prod", { ...complete, ALARM_EMAIL: "" })).toThrow(/ALARM_EMAIL/);
    expect(readSettings("staging", { DEVELOPMENT_STAGE: "true" }).production).toBe(false);
  });

  it("serves the SPA by default, with index.html for client-side routes", () => {
    const config = distribution();
    expect(config.DefaultRootObject).toBe("index.html");
    // Fallback is a viewer-request function on the default behaviour only, so API errors stay errors.
    expect(config.CustomErrorResponses).toBeUndefined();
    const assoc = config.DefaultCacheBehavior.FunctionAssociations;
    expect(assoc).toHaveLength(1);
    expect(assoc[0].EventType).toBe("viewer-request");
    const fn = Object.values(t.web.findResources("AWS::CloudFront::Function"))[0]!;
    expect(fn.Properties.FunctionCode).toContain('"/index.html"');
    const origin = config.Origins.find((o: Cfn) => o.Id === config.DefaultCacheBehavior.TargetOriginId);
    expect(origin.OriginAccessControlId).toBeDefined();
    t.web.resourceCountIs("Custom::CDKBucketDeployment", 2);
  });
});
