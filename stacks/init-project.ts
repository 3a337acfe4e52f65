import { initProject } from "sst/project.js";

/**
 * SST's initProject, tried again when it lost its bundled config. It bundles sst.config.ts to
 * `.sst.config.<Date.now()>.mjs` in the working folder, imports it and deletes it: two processes
 * that start in the same millisecond (test files side by side) write the same file, and the one
 * importing second finds it gone. A next try names another millisecond.
 */
export async function initSstProject(options: Parameters<typeof initProject>[0]) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await initProject(options);
    } catch (error) {
      if (attempt === 3 || !/Cannot find module .*\.sst\.config\.\d+\.mjs/.test(String(error))) throw error;
    }
  }
}
