import { Aspects, CfnResource, type IAspect } from "aws-cdk-lib";
import { LogRetention, RetentionDays } from "aws-cdk-lib/aws-logs";
import type { Construct, IConstruct } from "constructs";

/**
 * Every Lambda of the app keeps its logs `days` days: ours, and those CDK and SST add for their custom
 * resources (the SPA upload, bucket clean-up, SST's metadata), which no prop of ours reaches. Lambda
 * creates `/aws/lambda/{name}` on the first invocation, possibly during the deploy, so a LogRetention
 * custom resource (which creates the group or updates it, whichever comes first) sets it rather than
 * a LogGroup resource, which would fail on a group that already exists. CDK's LogRetention function
 * gives its own logs a day.
 */
export class LambdaLogRetention implements IAspect {
  constructor(private readonly days: number) {}

  visit(node: IConstruct) {
    if (!(node instanceof CfnResource) || node.cfnResourceType !== "AWS::Lambda::Function") return;
    const fn = node.node.scope!;
    if (fn.node.id.startsWith("LogRetention") || fn.node.tryFindChild("LogRetention")) return;
    new LogRetention(fn, "LogRetention", {
      logGroupName: `/aws/lambda/${node.ref}`,
      retention: this.days as RetentionDays,
    });
  }
}

/** Gives every Lambda of `app` (the whole SST app) a log retention of `days`. */
export const keepLogs = (app: Construct, days: number) => Aspects.of(app).add(new LambdaLogRetention(days));
