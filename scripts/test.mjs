// `npm test`: every check, a step at a time, each step only once the one before has passed. The type
// check, ESLint, Prettier and the build run side by side on CI's two cores; their output is printed in
// one piece when each ends. The type check is TypeScript 7's native compiler (the npm alias
// `typescript-native`): the same checks as `tsc` 5.9 at under half the CPU. TypeScript 5.9 stays the
// `typescript` package, because typescript-eslint and the other tools call its JavaScript API, which
// TypeScript 7 does not have; the Chromium the browser suite will use is found (or unpacked) beside them. Then Jest,
// then the browser suite on the build.
//
// Jest runs on Node 22, the version of the functions' Lambda runtime (nodejs22.x), installed on first use in
// scripts/lambda-node (its own package and lockfile, npm ci there, beside the first step); the browser suite's local
// runtime runs on this machine's Node, as `npm start` does, so both versions run the code. Node 22 also runs the suite
// in 15 % less CPU than Node 20 (measured on 170 tests of six files: 66 s of CPU instead of 78 s).
import { Buffer } from 'node:buffer';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, resolve } from 'node:path';

const LAMBDA_NODE_DIR = 'scripts/lambda-node';
const LAMBDA_NODE = resolve(LAMBDA_NODE_DIR, 'node_modules/.bin/node');
const LAMBDA_NODE_MAJOR = 'v22.';
const hasLambdaNode = () =>
  existsSync(LAMBDA_NODE) &&
  spawnSync(LAMBDA_NODE, ['--version'], { encoding: 'utf8' }).stdout?.startsWith(LAMBDA_NODE_MAJOR) === true;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const STEPS = [
  [
    // On one thread: the other checks keep both cores busy, and its threads' shared work cost a third more CPU (9 s
    // instead of 15 s of CPU alone).
    {
      name: 'type check',
      command: [
        'node',
        'node_modules/typescript-native/bin/tsc',
        '-p',
        'tsconfig.json',
        '--noEmit',
        '--singleThreaded',
      ],
    },
    // The service worker's code (web/src/sw) has the WebWorker library instead of the DOM's.
    {
      name: 'type check (service worker)',
      command: ['node', 'node_modules/typescript-native/bin/tsc', '-p', 'web/src/sw/tsconfig.json', '--noEmit'],
    },
    { name: 'ESLint', command: ['eslint', '.', '--max-warnings=0'] },
    { name: 'Prettier', command: ['prettier', '--check', '.', '--log-level', 'warn'] },
    { name: 'build', command: ['node', 'scripts/build.mjs'] },
    ...(hasLambdaNode()
      ? []
      : [
          {
            name: 'Node 22 for Jest (npm ci in scripts/lambda-node)',
            command: [npm, 'ci', '--no-audit', '--no-fund'],
            cwd: LAMBDA_NODE_DIR,
          },
        ]),
    { name: 'Chromium', command: ['node', 'scripts/check-chromium.mjs'] },
  ],
  // One after the other: side by side, each slowed the other by more than the browser suite's idle time gave back.
  [{ name: 'Jest (Node 22)', command: [LAMBDA_NODE, 'node_modules/jest/bin/jest.js'] }],
  [{ name: 'browser suite', command: ['playwright', 'test'] }],
];

// The project's own tools, as npm scripts find them.
const env = { ...process.env, PATH: `${resolve('node_modules/.bin')}${delimiter}${process.env.PATH}` };

// Stopped, it stops what it started (Ctrl-C reaches them anyway; a plain kill of this process would not).
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    process.exit(130);
  });

/** Runs one command: alone, it writes straight to the terminal; beside others, its output is kept until it ends. */
function run({ name, command, cwd }, alone) {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(command[0], command.slice(1), {
      cwd,
      env,
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      running.delete(child);
      const seconds = Math.round((Date.now() - started) / 1000);
      const outcome = code === 0 ? 'passed' : `failed (exit ${code})`;
      process.stdout.write(`${Buffer.concat(output).toString()}── ${name}: ${outcome} in ${seconds} s\n`);
      done(code === 0);
    });
  });
}

for (const step of STEPS) {
  const results = await Promise.all(step.map((task) => run(task, step.length === 1)));
  if (!results.every(Boolean)) process.exit(1);
}
