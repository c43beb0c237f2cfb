import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real SIP world of the telephony end-to-end test (issue 22), on loopback: Debian's kamailio as registrar and
 * proxy (the browser's JsSIP registers over its WebSocket) and sipp as the other party — one sipp answering every
 * call the browser places, and one started per call the browser is to receive. `.ci/run` installs both
 * (packages kamailio, kamailio-websocket-modules, sip-tester). SIP_PEER_LOG=<file> keeps their logs (kamailio's
 * `debug=3` in sip/kamailio.cfg shows each routing step).
 */

const here = fileURLToPath(new URL('./sip/', import.meta.url));

export interface SipPorts {
  /** kamailio's WebSocket (what the server hands the browser as ONLINEPBX_WS_URL). */
  ws: number;
  /** kamailio's UDP side, where sipp talks. */
  sip: number;
  /** sipp answering the browser's calls. */
  answering: number;
  /** sipp placing a call to the browser. */
  calling: number;
}

export interface SipPeer {
  /** sipp calls `extension` from `caller`; settles when the call is over (the browser hung up), with sipp's code. */
  callExtension(extension: string, caller: string): Promise<number>;
  stop(): void;
}

export function requireSipTools() {
  for (const tool of ['kamailio', 'sipp']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) {
      throw new Error(`${tool} is missing: apt-get install kamailio kamailio-websocket-modules sip-tester`);
    }
  }
}

export async function startSipPeer(ports: SipPorts): Promise<SipPeer> {
  requireSipTools();
  // Else the test would talk to whatever holds the port (an earlier run's kamailio, with another configuration).
  if (await accepts(ports.ws)) throw new Error(`port ${ports.ws} is taken: is an earlier run's kamailio still up?`);
  const dir = mkdtempSync(join(tmpdir(), 'crm-sip-'));
  const config = readFileSync(join(here, 'kamailio.cfg'), 'utf8')
    .replaceAll('{{SIP_PORT}}', String(ports.sip))
    .replaceAll('{{WS_PORT}}', String(ports.ws))
    .replaceAll('{{UAS_PORT}}', String(ports.answering));
  writeFileSync(join(dir, 'kamailio.cfg'), config);
  const children: ChildProcess[] = [];
  const run = (command: string, args: string[]) => {
    // Its own process group, so that stopping it stops kamailio's forked workers too.
    const child = spawn(command, args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      if (process.env.SIP_PEER_LOG) appendFileSync(process.env.SIP_PEER_LOG, chunk);
      errors = (errors + chunk.toString()).slice(-4000);
    });
    children.push(child);
    return { child, errors: () => errors };
  };
  // Never left behind: a run cut short (a test's timeout, Ctrl-C) still stops them with the test process.
  process.once('exit', () => stopAll(children, dir));
  const kamailio = run('kamailio', ['-f', join(dir, 'kamailio.cfg'), '-DD', '-E', '-w', dir, '-P', join(dir, 'pid')]);
  run('sipp', [
    '-sf',
    join(here, 'uas-answer.xml'),
    '-i',
    '127.0.0.1',
    '-p',
    String(ports.answering),
    '-nostdin',
    '-trace_err',
  ]);
  try {
    await listening(ports.ws, kamailio.child, () => kamailio.errors());
  } catch (error) {
    stopAll(children, dir);
    throw error;
  }

  return {
    callExtension(extension, caller) {
      const call = run('sipp', [
        ...['-sf', join(here, 'uac-call.xml'), '-s', extension, '-set', 'caller', caller],
        ...['-i', '127.0.0.1', '-p', String(ports.calling), '-m', '1', '-nostdin', '-timeout', '60s'],
        `127.0.0.1:${ports.sip}`,
      ]);
      return new Promise((resolve) => call.child.on('exit', (code) => resolve(code ?? -1)));
    },
    stop: () => stopAll(children, dir),
  };
}

function stopAll(children: ChildProcess[], dir: string) {
  for (const child of children) {
    if (child.exitCode !== null || !child.pid) continue;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

/** Until kamailio takes TCP connections on its WebSocket port (it forks its workers first): 10 s at most. */
async function listening(port: number, kamailio: ChildProcess, errors: () => string) {
  const until = Date.now() + 10_000;
  while (Date.now() < until && kamailio.exitCode === null) {
    if (await accepts(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`kamailio did not open ws://127.0.0.1:${port}: ${errors()}`);
}

function accepts(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}
