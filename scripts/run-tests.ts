import { spawn } from 'node:child_process';

/**
 * `npm test`: every suite of package.json, in four lanes at once, then each suite's time. On two
 * cores the suites are bound by CPU, so the wall time is about half their CPU while every lane has
 * work, and longer by any stretch where one lane runs alone. The unit tests do not queue behind the
 * checks: in one lane, the two ended last. A suite's output is printed whole when it ends (suites
 * writing at once would interleave); a lane stops at its first failure, and the command fails once
 * every lane has stopped.
 */
const lanes: string[][] = [
  ['lint', 'typecheck', 'format:check'],
  ['test:unit'],
  ['test:integration'],
  ['test:chaos'],
];

interface Outcome {
  suite: string;
  seconds: number;
  passed: boolean;
  /** The end of a failed suite's output, repeated after the table so a CI log's tail names it. */
  tail: string;
}

/** Vitest and the checkers print their list of failures last; this many lines hold it. */
const failureTailLines = 120;

function run(suite: string): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', suite], {
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const passed = code === 0;
      const verdict = passed ? 'passed' : 'FAILED';
      process.stdout.write(`\n== ${suite}: ${verdict} in ${seconds} s\n`);
      const text = Buffer.concat(output).toString('utf8');
      process.stdout.write(text);
      const tail = passed ? '' : text.split('\n').slice(-failureTailLines).join('\n');
      resolve({ suite, seconds, passed, tail });
    });
  });
}

async function runLane(lane: string[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const suite of lane) {
    const outcome = await run(suite);
    outcomes.push(outcome);
    if (!outcome.passed) break;
  }
  return outcomes;
}

const started = Date.now();
const outcomes = (await Promise.all(lanes.map(runLane))).flat();
const wall = Math.round((Date.now() - started) / 1000);
const width = Math.max(...outcomes.map(({ suite }) => suite.length), 'npm test'.length);
const line = (name: string, seconds: number, note: string) =>
  `${name.padEnd(width)}  ${String(seconds).padStart(5)} s  ${note}\n`;
const failed = outcomes.filter((outcome) => !outcome.passed);
for (const { suite, tail } of failed)
  process.stdout.write(`\n== ${suite} failed; the end of its output:\n${tail}\n`);
process.stdout.write('\n== suite times\n');
for (const { suite, seconds, passed } of outcomes)
  process.stdout.write(line(suite, seconds, passed ? 'passed' : 'FAILED'));
process.stdout.write(line('npm test', wall, 'wall time, lanes side by side'));
const notRun = lanes.flat().filter((suite) => !outcomes.some((outcome) => outcome.suite === suite));
if (failed.length > 0) {
  if (notRun.length > 0) process.stdout.write(`Not run after a failure: ${notRun.join(', ')}\n`);
  process.exitCode = 1;
}
