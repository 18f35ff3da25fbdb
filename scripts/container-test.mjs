// The container image as an operator uses it (docs/container.md): build it from the Dockerfile, run
// it with a volume and a published port, then over HTTP sign up (the confirmation link from the
// container's log), sign in, create a knowledge store, upload an FAQ, link it to an assistant and
// chat one turn on the built-in model; check the HEALTHCHECK, the non-root user and a graceful
// `docker stop`. Node built-ins only.
//
// It starts `dockerd` when no daemon answers (and stops it again), and builds the base image
// `node:24-bookworm-slim` from Debian packages (debootstrap) and Node from the npm registry when it
// is missing: this machine reaches only the npm registry and Debian's mirrors, not Docker Hub.
// When Docker cannot run here (not installed and not root in CI, or a daemon without the privileges
// it needs) it prints `container test skipped: <reason>` and exits 0.
//
// Usage: node scripts/container-test.mjs [--summary <file.json>]
//   (scripts/run-tests.mjs runs it when CI=true or AISLE_CONTAINER_TEST=1)
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFileSync, closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { repoRoot } from './workspace.mjs';

const BASE_IMAGE = 'node:24-bookworm-slim';
const APP_IMAGE = 'aisle:ci-test';
/** `docker stop`'s default wait before it kills: the server must be gone well within it. */
const STOP_SECONDS = 10;
const FAQ = `# Help centre

## Shipping to Iceland

Parcels to Iceland arrive within 9 working days and travel with Posturinn.

## Returns

Unworn items can be returned within 30 days of delivery for a full refund.
`;
const QUESTION = 'How long do parcels to Iceland take to arrive?';
const FACT = '9 working days';

const isRoot = process.getuid?.() === 0;
const inCi = process.env.CI === 'true';
const summaryFile = (() => {
  const at = process.argv.indexOf('--summary');
  return at === -1 ? undefined : process.argv[at + 1];
})();

/** Docker cannot run on this machine: not a failure of the image. */
class Skip extends Error {}

const startedAt = Date.now();
const steps = {};
const cleanups = [];
const summary = { containerTest: 'failed', seconds: 0, steps };

/** Runs one named step, printing and recording how long it took. */
async function step(name, run) {
  const t0 = Date.now();
  try {
    return await run();
  } finally {
    steps[name] = Number(((Date.now() - t0) / 1000).toFixed(1));
    console.log(`container test: ${name} (${steps[name]} s)`);
  }
}

/** Runs a command to completion; answers its stdout, throws with its output when it fails. */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-40).join('\n');
    throw new Error(`${command} ${args.join(' ').slice(0, 200)} exited with ${result.status ?? result.signal}:\n${output}`);
  }
  return (result.stdout ?? '').trim();
}

/**
 * Runs a long command with its output in a log file, each line stamped with the seconds since it
 * started (where a slow build spends its time); on failure the error carries the log's tail.
 */
async function runLogged(command, args, logFile, options = {}) {
  const t0 = Date.now();
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  const stamp = (chunk) =>
    String(chunk)
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => `[${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s] ${line}\n`)
      .join('');
  child.stdout.on('data', (chunk) => appendFileSync(logFile, stamp(chunk)));
  child.stderr.on('data', (chunk) => appendFileSync(logFile, stamp(chunk)));
  const code = await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (c, signal) => resolve(c ?? signal));
  });
  if (code !== 0) {
    const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').trim().split('\n').slice(-60).join('\n') : '';
    throw new Error(`${command} ${args[0]} exited with ${code} (log: ${logFile}):\n${tail}`);
  }
}

/** What the container wrote (stdout and stderr, as `docker logs` splits them), the last `tail` lines when given. */
function containerOutput(container, tail) {
  const result = spawnSync('docker', ['logs', ...(tail ? ['--tail', String(tail)] : []), container], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return `${result.stdout ?? ''}${result.stderr ?? ''}`;
}

const succeeds = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const onPath = (command) => succeeds('sh', ['-c', `command -v ${command}`]);
const docker = (...args) => run('docker', args);

/** Polls `check` until it answers something truthy; throws `what` (and `explain()`) at the deadline. */
async function waitFor(what, check, { timeoutMs = 60_000, intervalMs = 250, explain = () => '' } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}${explain()}`);
    await sleep(intervalMs);
  }
}

function aptInstall(...packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (spawnSync('apt-get', ['install', '-y', ...packages], { env, stdio: 'ignore' }).status === 0) return;
  run('apt-get', ['update'], { env });
  run('apt-get', ['install', '-y', ...packages], { env });
}

// ---- Docker itself ----------------------------------------------------------------------------

/** A daemon that answers: the running one, or `dockerd` started here (stopped again at the end). */
async function ensureDocker() {
  if (onPath('docker') && succeeds('docker', ['info'])) return;
  const dockerdPath = () => (onPath('dockerd') ? 'dockerd' : ['/usr/sbin/dockerd', '/usr/bin/dockerd'].find((d) => existsSync(d)));
  if (!onPath('docker') || !dockerdPath()) {
    const missing = onPath('docker') ? 'no Docker daemon answers and dockerd is not installed' : 'docker is not installed';
    if (!(inCi && isRoot)) throw new Skip(`${missing} (Docker is installed only when CI=true and running as root)`);
    aptInstall('docker.io');
    if (succeeds('docker', ['info'])) return;
  }
  if (!isRoot) {
    const answer = spawnSync('docker', ['info'], { encoding: 'utf8' }).stderr?.trim().split('\n').at(-1);
    throw new Skip(`no Docker daemon answers (${answer}) and starting dockerd needs root`);
  }
  const logDir = mkdtempSync(path.join(tmpdir(), 'aisle-dockerd-'));
  const logFile = path.join(logDir, 'dockerd.log');
  const fd = openSync(logFile, 'a');
  const daemon = spawn(dockerdPath(), [], { detached: true, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  daemon.unref();
  let exited = null;
  daemon.once('exit', (code, signal) => {
    exited = code ?? signal;
  });
  cleanups.push(async () => {
    if (exited !== null) return;
    process.kill(daemon.pid, 'SIGTERM');
    await waitFor('dockerd to stop', () => exited !== null, { timeoutMs: 30_000 }).catch(() => process.kill(daemon.pid, 'SIGKILL'));
    rmSync(logDir, { recursive: true, force: true });
  });
  const why = () => {
    const lines = readFileSync(logFile, 'utf8').trim().split('\n');
    const reason = lines.findLast((line) => /level=(fatal|error)|failed to start/i.test(line)) ?? lines.at(-1);
    return `dockerd did not start (${reason?.slice(0, 300) ?? 'no output'}; log: ${logFile})`;
  };
  try {
    await waitFor('the Docker daemon', () => exited !== null || succeeds('docker', ['info']), { timeoutMs: 60_000, intervalMs: 500 });
  } catch {
    throw new Skip(why());
  }
  if (exited !== null) throw new Skip(why());
}

// ---- The base image, from Debian packages and the npm registry --------------------------------

/** The Debian mirror this machine's apt uses for bookworm (deb822 .sources or one-line .list). */
function debianMirror() {
  const dir = '/etc/apt/sources.list.d';
  const files = ['/etc/apt/sources.list', ...(existsSync(dir) ? readdirSync(dir).map((f) => path.join(dir, f)) : [])].filter(
    (f) => /\.(list|sources)$/.test(f) && existsSync(f),
  );
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const block of text.split(/\n\s*\n/)) {
      const field = (name) => new RegExp(`^${name}:\\s*(.+)$`, 'mi').exec(block)?.[1].trim().split(/\s+/) ?? [];
      const uri = field('URIs').find((u) => /^https?:/.test(u));
      if (uri && field('Suites').includes('bookworm') && !/^Enabled:\s*no/im.test(block)) return uri;
    }
    for (const line of text.split('\n')) {
      const match = /^deb\s+(?:\[[^\]]*\]\s+)?(https?:\S+)\s+bookworm\s/.exec(line.trim());
      if (match) return match[1];
    }
  }
  return 'http://deb.debian.org/debian';
}

/**
 * `node:24-bookworm-slim` as the official image lays it out: Debian bookworm (minbase), Node 24 in
 * /usr/local/bin with npm beside it, a `node` user (1000), CMD node. Reused when present.
 */
async function ensureBaseImage(workDir) {
  summary.baseImage = 'present';
  if (succeeds('docker', ['image', 'inspect', BASE_IMAGE])) return;
  if (!isRoot) throw new Skip(`${BASE_IMAGE} is not present and building it (debootstrap) needs root`);
  summary.baseImage = 'built';
  if (!onPath('debootstrap')) aptInstall('debootstrap');
  const rootfs = path.join(workDir, 'rootfs');
  const mirror = debianMirror();
  await step('debootstrap bookworm', () =>
    runLogged(
      'debootstrap',
      ['--variant=minbase', '--include=ca-certificates', 'bookworm', rootfs, mirror],
      path.join(workDir, 'debootstrap.log'),
    ),
  );

  // Slim as Debian's own slim images: no manuals, documentation (but copyrights) or translations,
  // now or in packages installed later.
  writeFileSync(
    path.join(rootfs, 'etc/dpkg/dpkg.cfg.d/slim'),
    ['doc/*', 'man/*', 'groff/*', 'info/*', 'lintian/*', 'linda/*', 'locale/*']
      .map((p) => `path-exclude /usr/share/${p}`)
      .concat('path-include /usr/share/doc/*/copyright', '')
      .join('\n'),
  );
  for (const dir of ['man', 'groff', 'info', 'lintian', 'linda', 'locale'])
    rmSync(path.join(rootfs, 'usr/share', dir), { recursive: true, force: true });
  run('find', [path.join(rootfs, 'usr/share/doc'), '-type', 'f', '!', '-name', 'copyright', '-delete']);

  const arch = { x64: 'x64', arm64: 'arm64' }[process.arch];
  if (!arch) throw new Skip(`no Node package for ${process.arch}`);
  const version = await step('Node 24 and npm from the registry', () => {
    const packs = path.join(workDir, 'packs');
    run('mkdir', ['-p', packs]);
    const [nodePack] = JSON.parse(run('npm', ['pack', `node-linux-${arch}@24`, '--json', '--pack-destination', packs]));
    const [npmPack] = JSON.parse(run('npm', ['pack', 'npm@11', '--json', '--pack-destination', packs]));
    const nodeDir = path.join(packs, 'node');
    const npmDir = path.join(rootfs, 'usr/local/lib/node_modules/npm');
    run('mkdir', ['-p', nodeDir, npmDir]);
    run('tar', ['-xzf', path.join(packs, nodePack.filename), '-C', nodeDir, '--strip-components=1']);
    run('tar', ['-xzf', path.join(packs, npmPack.filename), '-C', npmDir, '--strip-components=1']);
    // bin/node and include/node (headers for node-gyp) into /usr/local, as the official image has them.
    for (const part of ['bin', 'include'].filter((p) => existsSync(path.join(nodeDir, p)))) {
      run('cp', ['-a', path.join(nodeDir, part), path.join(rootfs, 'usr/local/')]);
    }
    run('ln', ['-sf', '../lib/node_modules/npm/bin/npm-cli.js', path.join(rootfs, 'usr/local/bin/npm')]);
    run('ln', ['-sf', '../lib/node_modules/npm/bin/npx-cli.js', path.join(rootfs, 'usr/local/bin/npx')]);
    run('chroot', [rootfs, 'groupadd', '--gid', '1000', 'node']);
    run('chroot', [rootfs, 'useradd', '--uid', '1000', '--gid', 'node', '--shell', '/bin/bash', '--create-home', 'node']);
    // As slim as the official image: no package downloads or lists kept.
    rmSync(path.join(rootfs, 'var/cache/apt/archives'), { recursive: true, force: true });
    rmSync(path.join(rootfs, 'var/lib/apt/lists'), { recursive: true, force: true });
    run('mkdir', ['-p', path.join(rootfs, 'var/cache/apt/archives/partial'), path.join(rootfs, 'var/lib/apt/lists/partial')]);
    return run('chroot', [rootfs, '/usr/local/bin/node', '--version']).replace(/^v/, '');
  });

  await step(`docker import ${BASE_IMAGE}`, async () => {
    const tar = spawn('tar', ['-C', rootfs, '-c', '.'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const changes = [
      'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
      `ENV NODE_VERSION=${version}`,
      `LABEL org.opencontainers.image.description=${JSON.stringify(`Debian bookworm (minbase) with Node ${version}, built by scripts/container-test.mjs`)}`,
      'CMD ["node"]',
    ];
    const importer = spawn('docker', ['import', ...changes.flatMap((c) => ['--change', c]), '-', BASE_IMAGE], {
      stdio: [tar.stdout, 'pipe', 'inherit'],
    });
    const exit = (child) => new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    const [tarCode, importCode] = await Promise.all([exit(tar), exit(importer)]);
    if (tarCode !== 0 || importCode !== 0) throw new Error(`tar | docker import exited with ${tarCode} | ${importCode}`);
    const npmVersion = docker('run', '--rm', BASE_IMAGE, 'npm', '--version');
    console.log(`container test: built ${BASE_IMAGE} (node ${version}, npm ${npmVersion}, Debian mirror ${mirror})`);
  });
  rmSync(rootfs, { recursive: true, force: true });
}

// ---- The app image ------------------------------------------------------------------------------

/**
 * What the build's `npm ci` needs to reach the registry the way this machine does: proxy variables,
 * a registry other than npm's, and the CA certificates added locally (a TLS-intercepting proxy).
 */
function buildArgs() {
  const args = [];
  for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy']) {
    if (process.env[name]) args.push('--build-arg', `${name}=${process.env[name]}`);
  }
  const registry = spawnSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).stdout?.trim();
  if (registry && registry !== 'https://registry.npmjs.org/') args.push('--build-arg', `NPM_REGISTRY=${registry}`);
  // The certificates added to this machine (Debian's update-ca-certificates reads them from here),
  // and NODE_EXTRA_CA_CERTS unless it names the whole system bundle (too big for an argument, and
  // its local additions are these same files).
  const localCas = '/usr/local/share/ca-certificates';
  const extra = process.env.NODE_EXTRA_CA_CERTS;
  const caFiles = [
    ...(extra && !extra.startsWith('/etc/ssl/certs/') ? [extra] : []),
    ...(existsSync(localCas)
      ? readdirSync(localCas, { recursive: true })
          .filter((f) => String(f).endsWith('.crt'))
          .map((f) => path.join(localCas, String(f)))
      : []),
  ].filter((f) => existsSync(f));
  const pem = caFiles.map((f) => readFileSync(f, 'utf8').trim()).join('\n');
  if (pem.length > 100_000) throw new Error(`the extra CA certificates (${caFiles.join(', ')}) are too big for a build argument`);
  if (pem) args.push('--build-arg', `EXTRA_CA_CERTS=${pem}`);
  return args;
}

async function buildAppImage(workDir) {
  const logFile = path.join(workDir, 'docker-build.log');
  // Host networking: the build reaches the registry exactly as this machine does (its DNS and proxy).
  await runLogged('docker', ['build', '--network', 'host', '-t', APP_IMAGE, ...buildArgs(), '.'], logFile, { cwd: repoRoot });
  summary.imageMegabytes = Math.round(Number(docker('image', 'inspect', '-f', '{{.Size}}', APP_IMAGE)) / 1e6);
}

// ---- A user's visit, over HTTP ------------------------------------------------------------------

/** Sends JSON; answers the status and the parsed body. */
async function call(baseUrl, route, { body, token, method = 'POST', accept } = {}) {
  const res = await fetch(`${baseUrl}${route}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(accept ? { accept } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed = text;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {}
  return { status: res.status, body: parsed, text };
}

/** Fails with what the server answered when the status is not the expected one. */
function expectStatus(what, response, status) {
  if (response.status !== status) throw new Error(`${what} answered ${response.status}: ${response.text.slice(0, 500)}`);
  return response.body;
}

/** Server-sent events as [{event, data}]. */
const parseEvents = (text) =>
  text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => ({
      event: /^event: (.+)$/m.exec(block)?.[1] ?? 'message',
      data: JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? 'null'),
    }));

async function visitAsAUser(baseUrl, container) {
  const logs = () => containerOutput(container);
  const owner = { email: 'owner@shop.test', password: 'correct horse battery staple' };

  const access = await step('sign up, confirm the e-mail from the log, sign in', async () => {
    expectStatus('sign-up', await call(baseUrl, '/api/users/create/', { body: owner }), 201);
    // Without SMTP each e-mail is one log line with its link (lib/mailer.ts).
    const key = await waitFor('the confirmation link in the container log', () => {
      const link = /\/users\/verify-email\?key=([^\s"'\\]+)/.exec(logs())?.[1];
      return link && decodeURIComponent(link);
    });
    expectStatus('confirm-email', await call(baseUrl, `/api/accounts/confirm-email/${encodeURIComponent(key)}/`, { method: 'GET' }), 200);
    return expectStatus('sign-in', await call(baseUrl, '/api/token/', { body: owner }), 200).access;
  });

  const storeId = await step('create a store, upload an FAQ, wait until it is indexed', async () => {
    const store = expectStatus(
      'store/create',
      await call(baseUrl, '/api/store/create/', { body: { name: 'Help centre' }, token: access }),
      201,
    );
    const bytes = Buffer.from(FAQ);
    const batch = expectStatus(
      'upload-batch',
      await call(baseUrl, '/api/files/upload-batch/', {
        body: { storeId: store.id, files: [{ fileName: 'faq.md', size: bytes.length, contentType: 'text/markdown' }] },
        token: access,
      }),
      200,
    );
    const { fileId, uploadUrl } = batch.files[0];
    const put = await fetch(new URL(uploadUrl, baseUrl), { method: 'PUT', body: bytes, headers: { 'content-type': 'text/markdown' } });
    if (!put.ok) throw new Error(`the upload answered ${put.status}: ${await put.text()}`);
    expectStatus(
      'finish-upload',
      await call(baseUrl, '/api/files/finish-upload/', { body: { storeId: store.id, fileIds: [fileId] }, token: access }),
      200,
    );
    const query = `{ getFile(id: "${fileId}") { status } }`;
    await waitFor('the file to be indexed', async () => {
      const status = (await call(baseUrl, '/graphql', { body: { query }, token: access })).body?.data?.getFile?.status;
      if (status === 'failed') throw new Error('indexing the FAQ failed');
      return status === 'ready';
    });
    return store.id;
  });

  return step('create an assistant linked to the store, chat one turn (SSE)', async () => {
    const assistant = expectStatus(
      'assistant/create',
      await call(baseUrl, '/api/assistant/create/', { body: { assistantName: 'Shop helper', model: 'local:extractive' }, token: access }),
      201,
    );
    expectStatus(
      'assistant/store-add',
      await call(baseUrl, '/api/assistant/store-add/', { body: { assistantId: assistant.id, storeId }, token: access }),
      201,
    );
    const thread = expectStatus(
      'thread/create',
      await call(baseUrl, '/api/thread/create/', { body: { assistantId: assistant.id }, token: access }),
      201,
    );
    const turn = await call(baseUrl, '/api/chat/message/', {
      body: { threadId: thread.id, content: QUESTION },
      token: access,
      accept: 'text/event-stream',
    });
    expectStatus('chat/message', turn, 200);
    const events = parseEvents(turn.text);
    const done = events.find((e) => e.event === 'done');
    const streamed = events
      .filter((e) => e.event === 'token')
      .map((e) => e.data.text)
      .join('');
    if (!done) throw new Error(`the turn ended without a done event: ${turn.text.slice(0, 800)}`);
    if (!done.data.reply.content.includes(FACT) || !streamed.includes(FACT)) {
      throw new Error(`the answer does not say "${FACT}": ${done.data.reply.content}`);
    }
    return done.data.reply.content;
  });
}

// ---- The whole test -----------------------------------------------------------------------------

async function main() {
  const workDir = mkdtempSync(path.join(tmpdir(), 'aisle-container-test-'));
  // Its logs (debootstrap, docker build) stay for a failed run to be read.
  cleanups.push(() =>
    summary.containerTest === 'failed'
      ? console.error(`container test: logs kept in ${workDir}`)
      : rmSync(workDir, { recursive: true, force: true }),
  );
  await step('docker daemon', ensureDocker);
  await step(`base image ${BASE_IMAGE}`, () => ensureBaseImage(workDir));
  await step(`docker build ${APP_IMAGE}`, () => buildAppImage(workDir));

  const name = `aisle-ci-${randomUUID().slice(0, 8)}`;
  const volume = `${name}-data`;
  cleanups.unshift(() => {
    spawnSync('docker', ['rm', '-f', '-v', name], { stdio: 'ignore' });
    spawnSync('docker', ['volume', 'rm', '-f', volume], { stdio: 'ignore' });
  });
  const containerLog = () => `\n--- container log (tail) ---\n${containerOutput(name, 40)}`;

  const baseUrl = await step('start the container, wait for /readyz, the web app at /', async () => {
    docker('volume', 'create', volume);
    // The Dockerfile's HEALTHCHECK command, checked every 2 s instead of 30 s so the test need not wait.
    docker('run', '-d', '--name', name, '-v', `${volume}:/data`, '-p', '127.0.0.1::3000', '--health-interval', '2s', APP_IMAGE);
    const port = docker('port', name, '3000/tcp').split('\n')[0].split(':').at(-1);
    const url = `http://127.0.0.1:${port}`;
    await waitFor(
      '/readyz',
      async () => {
        if (docker('inspect', '-f', '{{.State.Running}}', name) !== 'true') throw new Error(`the container exited${containerLog()}`);
        return (await fetch(`${url}/readyz`).catch(() => null))?.status === 200;
      },
      { timeoutMs: 90_000, explain: containerLog },
    );
    // The web app is served from the image's build (app.ts finds apps/web/dist beside the bundle).
    const home = await fetch(url);
    const page = await home.text();
    if (home.status !== 200 || !page.includes('/assets/index-')) throw new Error(`GET / answered ${home.status}: ${page.slice(0, 300)}`);
    return url;
  });

  try {
    summary.answer = await visitAsAUser(baseUrl, name);
  } catch (error) {
    error.message += containerLog();
    throw error;
  }

  await step('HEALTHCHECK healthy, runs as non-root', async () => {
    await waitFor('the container to report healthy', () => docker('inspect', '-f', '{{.State.Health.Status}}', name) === 'healthy', {
      timeoutMs: 60_000,
      explain: () => `: ${docker('inspect', '-f', '{{json .State.Health}}', name)}`,
    });
    const uid = docker('exec', name, 'id', '-u');
    if (uid === '0') throw new Error('the server runs as root');
    summary.uid = Number(uid);
  });

  await step('docker stop (graceful)', () => {
    const t0 = Date.now();
    docker('stop', '-t', String(STOP_SECONDS), name);
    const seconds = (Date.now() - t0) / 1000;
    const exitCode = docker('inspect', '-f', '{{.State.ExitCode}}', name);
    if (exitCode !== '0') throw new Error(`docker stop: the server exited with ${exitCode} after ${seconds} s${containerLog()}`);
    if (seconds >= STOP_SECONDS) throw new Error(`docker stop took ${seconds} s: the server was killed, not closed`);
    summary.stopSeconds = Number(seconds.toFixed(1));
  });

  // The upgrade path of docs/container.md: the operator commands run from the image on the volume
  // once the server has stopped (it holds the embedded database while it runs).
  await step('npm run migrate from the image on the stopped volume', () => {
    const output = docker('run', '--rm', '-v', `${volume}:/data`, APP_IMAGE, 'npm', 'run', '--silent', 'migrate');
    if (!/No pending migrations/.test(output)) throw new Error(`npm run migrate printed: ${output}`);
  });
  summary.containerTest = 'passed';
}

async function cleanUp() {
  for (const cleanup of cleanups) {
    try {
      await cleanup();
    } catch (error) {
      console.error(`container test: clean-up failed: ${error.message}`);
    }
  }
}

let exitCode = 0;
try {
  await main();
} catch (error) {
  if (error instanceof Skip) {
    summary.containerTest = 'skipped';
    summary.reason = error.message;
    console.log(`container test skipped: ${error.message}`);
  } else {
    exitCode = 1;
    summary.error = error.message;
    console.error(`container test failed: ${error.stack ?? error}`);
  }
} finally {
  await cleanUp();
}
summary.seconds = Number(((Date.now() - startedAt) / 1000).toFixed(1));
if (summaryFile) writeFileSync(summaryFile, JSON.stringify(summary));
console.log(JSON.stringify(summary, null, 2));
process.exit(exitCode);
