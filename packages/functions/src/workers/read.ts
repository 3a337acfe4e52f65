import { menuReadingJob } from "@menu/core/import/reading/reading-jobs";
import { configureCloud } from "../cloud";
import { sqsWorker } from "../sqs-worker";

configureCloud();

export const handler = sqsWorker("read", menuReadingJob);
