import { translationJob } from "@menu/core/translation/jobs";
import { configureCloud } from "../cloud";
import { sqsWorker } from "../sqs-worker";

configureCloud();

export const handler = sqsWorker("translate", translationJob);
