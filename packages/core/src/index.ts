export * from "./shared/actor";
export * from "./shared/errors";
export * from "./shared/model";
export * from "./shared/clock";
export { configureDb } from "./db/client";
export { ensureTable, tableExists } from "./db/table";
export { Db } from "./db/service";
export * from "./shared/policy";
export * from "./ports";
