import { createStore } from "jotai";

/** The one jotai store of the app; also reachable from non-React code (bootstrap, query client). */
export const appStore = createStore();
