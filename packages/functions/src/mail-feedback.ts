import { recordMailFeedback } from "@menu/core/mail/feedback";
import type { SNSEvent } from "aws-lambda";
import { configureCloud } from "./cloud";

configureCloud();

/**
 * SNS topic of the SES configuration set's bounce and complaint events (stacks/Mail.ts) → marks the
 * addresses undeliverable. A failure throws: SNS retries the delivery, and the function's errors alarm.
 */
export const handler = async (event: SNSEvent) => {
  for (const record of event.Records) {
    const feedback = await recordMailFeedback(record.Sns.Message);
    if (feedback.addresses.length) console.info(`Marked ${feedback.addresses.length} address(es) undeliverable (${feedback.reason})`);
  }
};
