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
const OURS = /\/(api-handler|Consumer_(translate|export|publish|copy|read)|scheduler\/Job_scheduler|mail-feedback-handler)\//;
const AUTHORIZER = /\/origin-authorizer\//;
const GUEST_CHECK = /-watch-GuestWatch\/check\/Job_check\//;
const DLQS = /\/(scheduler-dlq|mail-feedback-dlq|(translate|export|publish|copy|read)-dlq)\//;

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
    on: /\/(api-handler|Consumer_(translate|export|publish|copy|read))\//,
    reason: "invoked synchronously (API Gateway, SQS event source): failures are answers, or messages going to the queue's DLQ",
  },
  {
    id: "Serverless-LambdaEventSourceMappingDestination",
    on: /\/Consumer_(translate|export|publish|copy|read)\//,
    reason: "SQS sources fail to the queue's own DLQ (redrive after 5 receives); on-failure destinations are for streams",
  },
  // The origin authorizer (inline, stacks/origin-secret.ts), CodeDeploy's and AWS Backup's roles
  { id: "AwsSolutions-IAM4", on: AUTHORIZER, reason: "AWSLambdaBasicExecutionRole: writing the authorizer's own log group, nothing else" },
  { id: "AwsSolutions-L1", on: AUTHORIZER, reason: "Node.js 22, as every function of the app (stacks/test/bundles.test.ts)" },
  { id: "Serverless-LambdaLatestVersion", on: AUTHORIZER, reason: "Node.js 22, as every function of the app (stacks/test/bundles.test.ts)" },
  { id: "Serverless-LambdaDLQ", on: AUTHORIZER, reason: "invoked synchronously by API Gateway: a failure is a refusal, nothing to keep" },
  { id: "Serverless-LambdaTracing", on: AUTHORIZER, reason: "one header comparison, cached 5 minutes per value: nothing to trace, and X-Ray would need a wildcard grant" },
  {
    id: "AwsSolutions-IAM4",
    on: /\/[a-z]+-rollout\/ServiceRole\//,
    appliesTo: [/AWSCodeDeployRoleForLambdaLimited$/],
    reason: "CodeDeploy's own policy for Lambda rollouts: moving an alias and reading the rollback alarms",
  },
  {
    id: "AwsSolutions-IAM4",
    on: /\/backup-role\//,
    appliesTo: [/AWSBackupServiceRolePolicyFor(Backup|Restores|S3Backup|S3Restore)$/],
    reason: "AWS Backup's own policies for taking and restoring DynamoDB and S3 recovery points",
  },
  // The watch app's guest check (stacks/GuestWatch.ts): a failed run is the signal, its Errors metric the alarm
  { id: "AwsSolutions-IAM4", on: GUEST_CHECK, reason: "AWSLambdaBasicExecutionRole: writing the check's own log group, nothing else" },
  { id: "AwsSolutions-IAM5", on: GUEST_CHECK, appliesTo: [/^Resource::\*$/], reason: "X-Ray's PutTrace* take no resource" },
  { id: "AwsSolutions-L1", on: GUEST_CHECK, reason: "Node.js 22, as every function of the app (stacks/test/bundles.test.ts)" },
  { id: "Serverless-LambdaLatestVersion", on: GUEST_CHECK, reason: "Node.js 22, as every function of the app (stacks/test/bundles.test.ts)" },
  {
    id: "Serverless-LambdaDLQ",
    on: GUEST_CHECK,
    reason: "a failed check is meant to fail: its Errors metric pages (guest-check alarm); a DLQ would hold nothing worth replaying",
  },
  {
    id: "Serverless-LambdaAsyncFailureDestination",
    on: GUEST_CHECK,
    reason: "a failed check is meant to fail: its Errors metric pages (guest-check alarm), the next run checks again",
  },
  { id: "Serverless-EventBusDLQ", on: /\/check\/Rule\//, reason: "a missed invocation is a missing Errors datapoint, which the guest-check alarm treats as failing" },
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
  { id: "AwsSolutions-S1", on: /\/edge-logs\//, reason: "it is the log bucket (CloudFront's standard logs): logging its own accesses would log the log writes" },
  { id: "AwsSolutions-CFR1", on: /\/cdn\//, reason: "guests of any country read menus: no geo restriction" },
  {
    id: "AwsSolutions-APIG4",
    on: /\/api\/Route_(default|POST_api_events)\//,
    reason: "the origin authorizer lets only CloudFront in (origin secret); the Hono app authorizes every route itself (session gate)",
  },
  {
    id: "AwsSolutions-SMG4",
    on: /\/origin-secret\//,
    reason: "CloudFront and the API read it at deploy: scripts/secret-rotate.ts rotates it with two deploys (docs/deploy.md); a rotation Lambda could not redeploy CloudFront",
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
