import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";

/**
 * A password for a command: at a terminal, typed twice at a prompt that shows nothing; otherwise the
 * first line of the input (a pipe, a file), without its line ending. Empty when nothing was given.
 */
export async function readPassword(input: Readable & { isTTY?: boolean }, prompts: Writable) {
  if (!input.isTTY) return firstLine(input);
  const first = await hidden(input, prompts, "Password: ");
  const again = await hidden(input, prompts, "Password again: ");
  if (first !== again) throw new Error("The two passwords differ.");
  return first;
}

async function firstLine(input: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "";
}

function hidden(input: Readable, prompts: Writable, question: string) {
  const rl = createInterface({ input, output: prompts, terminal: true });
  // Echo nothing of what is typed (readline writes the question, then each key, through this).
  const quiet = rl as unknown as { _writeToOutput: (text: string) => void };
  quiet._writeToOutput = (text: string) => {
    if (text === question) prompts.write(text);
  };
  return new Promise<string>((done) =>
    rl.question(question, (answer) => {
      rl.close();
      prompts.write("\n");
      done(answer);
    }),
  );
}
