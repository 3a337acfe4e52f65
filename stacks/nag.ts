import { Aspects, CfnResource, type IAspect } from "aws-cdk-lib";
import { AwsSolutionsChecks, NagSuppressions, ServerlessChecks } from "cdk-nag";
import type { Construct, IConstruct } from "constructs";

/**
 * AWS's rule packs (cdk-nag: AwsSolutions and Serverless) over the app, as stacks/test/nag.test.ts
 * runs them: every finding is fixed or suppressed here, each suppression with its reason. A rule
 * names the resources it covers by their construct path (`<stage>-qr-menu-<Stack>/…`), and for
 * IAM5 the wildcard it accepts (`appliesTo`), so a new resource or a new wildcard is a new finding.
 */
type Suppression = { id: string; reason: string; on: RegExp; appliesTo?: RegExp[] };

/** CDK's and SST's own helper Lambdas: CloudFormation custom resources, log retention, the SPA upload. */
const HELPERS = /\/(CustomResourceHandler|LogRetention[0-9a-f]+|Custom::CDKBucketDeployment[0-9A-Za-z]+)\//;
/** Our functions' roles (SST names them after the construct: api/Lambda_default, Consumer_*, …). */
const OURS = /\/(api\/Lambda_default|Consumer_(translate|export|publish|copy)|scheduler\/Job_scheduler|mail-feedback-handler)\//;
const DLQS = /\/(scheduler-dlq|mail-feedback-dlq|(translate|export|publish|copy)-dlq)\//;

export const SUPPRESSIONS: Suppression[] = [
  // IAM
  { id: "AwsSolutions-IAM4", on: OURS, reason: "AWSLambdaBasicExecutionRole: writing the function's own log group, nothing else" },
  { id: "AwsSolutions-IAM4", on: HELPERS, reason: "CDK's helper Lambdas come with AWSLambdaBasicExecutionRole; we do not build them" },
  { id: "AwsSolutions-IAM5", on: HELPERS, reason: "CDK's helper Lambdas (log retention on any log group, the SPA upload into its bucket) are CDK's" },
  {
    id: "AwsSolutions-IAM5",
    on: OURS,
    appliesTo: [/^Resource::<.*(uploads|menus|exports).*\.Arn>\/\*$/],
    reason: "objects of one bucket: keys are per company and store, made by the code (stacks/grants.ts)",
  },
  { id: "AwsSolutions-IAM5", on: OURS, appliesTo: [/^Resource::.*\/index\/\*$/], reason: "the table's two GSIs, queried by ElectroDB" },
  { id: "AwsSolutions-IAM5", on: OURS, appliesTo: [/^Resource::\*$/], reason: "X-Ray's PutTrace* and Amazon Translate's TranslateText take no resource" },
  // Lambda
  { id: "AwsSolutions-L1", on: OURS, reason: "Node.js 22: the runtime the code and its bundles are tested on (stacks/test/bundles.test.ts)" },
  { id: "Serverless-LambdaLatestVersion", on: OURS, reason: "Node.js 22: the runtime the code and its bundles are tested on (stacks/test/bundles.test.ts)" },
  { id: "AwsSolutions-L1", on: HELPERS, reason: "CDK's helper Lambdas: their runtime is CDK's choice" },
  { id: "Serverless-LambdaLatestVersion", on: HELPERS, reason: "CDK's helper Lambdas: their runtime is CDK's choice" },
  { id: "Serverless-LambdaTracing", on: HELPERS, reason: "CDK's helper Lambdas run once per deploy; CloudFormation reports their failures" },
  { id: "Serverless-LambdaDLQ", on: HELPERS, reason: "invoked by CloudFormation, which fails the deploy on their errors" },
  {
    id: "Serverless-LambdaDLQ",
    on: /\/(api\/Lambda_default|Consumer_(translate|export|publish|copy))\//,
    reason: "invoked synchronously (API Gateway, SQS event source): failures are answers, or messages going to the queue's DLQ",
  },
  {
    id: "Serverless-LambdaEventSourceMappingDestination",
    on: /\/Consumer_(translate|export|publish|copy)\//,
    reason: "SQS sources fail to the queue's own DLQ (redrive after 5 receives); on-failure destinations are for streams",
  },
  // Queues
  { id: "AwsSolutions-SQS3", on: DLQS, reason: "it is a dead-letter queue itself" },
  { id: "Serverless-SQSRedrivePolicy", on: DLQS, reason: "it is a dead-letter queue itself" },
  {
    id: "Serverless-SNSRedrivePolicy",
    on: /\/alarms\/[^/]+@[^/]+\//,
    reason: "the operator's e-mail subscription: an alarm mail SNS cannot deliver stays visible as the alarm's state in CloudWatch",
  },
  // Buckets, CDN, API, secrets
  {
    id: "AwsSolutions-S1",
    on: /\/(uploads|menus|exports|site)\//,
    reason: "no server access logs: guests read through CloudFront, the functions write with IAM (CloudTrail); per-request logs at 10M views a day cost more than they tell",
  },
  { id: "AwsSolutions-CFR1", on: /\/cdn\//, reason: "guests of any country read menus: no geo restriction" },
  {
    id: "AwsSolutions-CFR3",
    on: /\/cdn\//,
    reason: "no standard logs (billed per request at guest volume); CloudFront's metrics and the WAF's sampled requests and metrics cover abuse",
  },
  {
    id: "AwsSolutions-APIG4",
    on: /\/api\/Route_default\//,
    reason: "one $default route into the Hono app, which authorizes every route itself (session gate); only CloudFront gets in (origin secret)",
  },
  {
    id: "AwsSolutions-SMG4",
    on: /\/origin-secret\//,
    reason: "CloudFront and the API read it at deploy: rotating means a new value and a deploy (docs/deploy.md), not a rotation Lambda",
  },
];

/** Adds SUPPRESSIONS to each resource they cover, before the packs look at it (aspects run in order per node). */
class Suppress implements IAspect {
  visit(node: IConstruct) {
    if (!(node instanceof CfnResource)) return;
    const path = `/${node.node.path}/`;
    const rules = SUPPRESSIONS.filter((s) => s.on.test(path));
    if (!rules.length) return;
    NagSuppressions.addResourceSuppressions(
      node,
      rules.map(({ id, reason, appliesTo }) => ({ id, reason, ...(appliesTo ? { appliesTo: appliesTo.map((r) => ({ regex: `/${r.source}/` })) } : {}) })),
    );
  }
}

/** The suppressions, then both packs, over the whole app. */
export function checkWithRulePacks(app: Construct) {
  Aspects.of(app).add(new Suppress());
  Aspects.of(app).add(new AwsSolutionsChecks());
  Aspects.of(app).add(new ServerlessChecks());
}
