import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * One data folder is opened by one process only. The lock file holds the owner's pid; a lock left
 * by a process that no longer runs is taken over. Returns the release function, or undefined when
 * another live process holds the folder.
 */
export async function lockDataDir(
  dataDir: string,
): Promise<{ held: true; release: () => Promise<void> } | { held: false; owner: number }> {
  const path = join(dataDir, ".lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(path, String(process.pid), { flag: "wx" });
      return { held: true, release: () => rm(path, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(await readFile(path, "utf8").catch(() => "0"));
      if (owner && owner !== process.pid && isAlive(owner)) return { held: false, owner };
      await rm(path, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
