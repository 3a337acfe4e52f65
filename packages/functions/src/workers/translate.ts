import { translateQueueJob } from "@menu/core/translation/facts-refresh";
import { configureCloud } from "../cloud";
import { sqsWorker } from "../sqs-worker";

configureCloud();

export const handler = sqsWorker("translate", translateQueueJob);
