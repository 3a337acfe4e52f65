import * as ses from "aws-cdk-lib/aws-ses";
import * as sns from "aws-cdk-lib/aws-sns";
import { LambdaSubscription } from "aws-cdk-lib/aws-sns-subscriptions";
import { Function, use, type StackContext } from "sst/constructs";
import { settings } from "./settings";
import { deadLetterQueue } from "./dead-letters";
import { Workers } from "./Workers";

/**
 * Mail feedback. The API sends through the configuration set `<stage>-qr-menu-mail`
 * (MAIL_CONFIGURATION_SET), whose event destination publishes bounces and complaints to the
 * `mail-feedback` topic; its subscriber (packages/functions/src/mail-feedback.ts) marks the addresses
 * undeliverable and account mails to them stop (packages/core/src/mail/feedback.ts). The set also
 * puts such addresses on SES's account suppression list. A notification the function keeps failing on,
 * or SNS cannot deliver, ends in the DLQ (alarmed on by stacks/Monitoring.ts).
 */
export function Mail({ stack, app }: StackContext) {
  const { environment, base } = use(Workers);
  const config = settings();

  const configurationSetName = app.logicalPrefixedName("mail");
  const configurationSet = new ses.ConfigurationSet(stack, "mail", {
    configurationSetName,
    reputationMetrics: true,
    suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
  });
  const topic = new sns.Topic(stack, "mail-feedback", { displayName: "SES bounces and complaints", enforceSSL: true });
  configurationSet.addEventDestination("feedback", {
    destination: ses.EventDestination.snsTopic(topic),
    events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
  });

  const deadLetters = deadLetterQueue(stack, app, "mail-feedback-dlq");
  const feedback = new Function(stack, "mail-feedback-handler", {
    handler: "packages/functions/src/mail-feedback.handler",
    timeout: 30,
    // Reports come a few at a time; a burst of them waits in SNS's retries rather than taking concurrency.
    reservedConcurrentExecutions: 2,
    environment,
    permissions: base,
    // SNS invokes it asynchronously: a report it still fails on after Lambda's two retries lands here,
    // as does one SNS could not deliver at all (the subscription's DLQ below).
    deadLetterQueue: deadLetters,
  });
  topic.addSubscription(new LambdaSubscription(feedback, { deadLetterQueue: deadLetters }));

  /** Who may send: the sender's domain or address identity (whichever is verified), through this set only. */
  const address = (/<([^>]+)>\s*$/.exec(config.mailFrom)?.[1] ?? config.mailFrom).trim();
  const sendingIdentities = [...new Set([address.split("@")[1]!, address])].map((identity) =>
    stack.formatArn({ service: "ses", resource: "identity", resourceName: identity }),
  );
  const sendMail = {
    actions: ["ses:SendEmail"],
    resources: [...sendingIdentities, stack.formatArn({ service: "ses", resource: "configuration-set", resourceName: configurationSetName })],
  };

  return { configurationSet, feedback, deadLetters, sendMail };
}
