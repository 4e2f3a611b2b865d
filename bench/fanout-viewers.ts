// One process of the fan-out bench's viewers (started by fanout.ts with BENCH_PROCESSES ≥ 2): opens
// VIEWERS live connections as plain WebSockets speaking Socket.IO's wire format just far enough
// (connect with the session cookie, follow a city, answer the server's pings) and records, for each
// reading received, the milliseconds since it was sent, in a histogram of 1 ms steps.
//
// A browser decodes every message in full; these viewers only look for the readings' timestamps, so
// ten thousand of them on the bench's own machine leave the server most of the CPU and the figures
// measure the server. Messages to the parent: { ready }, then on request { histogram, received }.
import { LIVE_PATH, LIVE_PROTOCOL_VERSION } from '@smart-city/shared';
import WebSocket from 'ws';

const BASE = process.env.FANOUT_BASE!;
const COOKIE = process.env.FANOUT_COOKIE!;
const VIEWERS = Number(process.env.FANOUT_VIEWERS);
const CITY = process.env.FANOUT_CITY ?? 'kolkata';
/** Connections opened at once: handshakes each look up the session in the database. */
const WAVE = 100;
const HISTOGRAM_MS = 10_000;

const histogram = new Uint32Array(HISTOGRAM_MS + 1);
let received = 0;
let messages = 0;
let closed = 0;
const sockets: WebSocket[] = [];

/** Send times already read: the thousands of viewers of one process get the same few timestamps. */
const parsed = new Map<string, number>();
function sendTime(timestamp: string): number {
  let ms = parsed.get(timestamp);
  if (ms === undefined) {
    if (parsed.size > 10_000) parsed.clear();
    parsed.set(timestamp, (ms = Date.parse(timestamp)));
  }
  return ms;
}

/** Counts each reading of a `readings` event by its send time, without decoding the message. */
function record(frame: string, now: number) {
  messages += 1;
  const key = '"timestamp":"';
  for (let at = frame.indexOf(key); at !== -1; at = frame.indexOf(key, at + key.length)) {
    const start = at + key.length;
    const sent = sendTime(frame.slice(start, frame.indexOf('"', start)));
    const ms = Math.max(0, Math.min(HISTOGRAM_MS, now - sent));
    histogram[ms]! += 1;
    received += 1;
  }
}

/** One viewer: resolves once it follows the city, rejects when the server refuses it. */
function view(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { Cookie: COOKIE }, perMessageDeflate: false });
    sockets.push(socket);
    socket.on('message', (data: Buffer) => {
      const frame = data.toString('utf8');
      // Engine.IO: 0 open, 2 ping, 4 message; Socket.IO inside a message: 0 connect, 2 event,
      // 3 ack, 4 connect error.
      if (frame.startsWith('42["readings"')) record(frame, Date.now());
      else if (frame === '2') socket.send('3');
      else if (frame.startsWith('0'))
        socket.send(`40${JSON.stringify({ protocol: LIVE_PROTOCOL_VERSION })}`);
      else if (frame.startsWith('40'))
        socket.send(`420${JSON.stringify(['subscribe', { city: CITY }])}`);
      else if (frame.startsWith('430')) {
        if (frame.includes('"ok":true')) resolve();
        else reject(new Error(`subscribe refused: ${frame}`));
      } else if (frame.startsWith('44')) reject(new Error(`connection refused: ${frame}`));
    });
    socket.on('error', reject);
    socket.on('close', () => {
      closed += 1;
      reject(new Error('closed before following the city'));
    });
  });
}

const url = `${BASE.replace(/^http/, 'ws')}${LIVE_PATH}/?EIO=4&transport=websocket`;
for (let start = 0; start < VIEWERS; start += WAVE) {
  await Promise.all(Array.from({ length: Math.min(WAVE, VIEWERS - start) }, () => view(url)));
}
process.send!({ ready: VIEWERS });

process.on('message', (message: { report?: boolean; stop?: boolean }) => {
  if (message.report) {
    process.send!({ histogram: Array.from(histogram), received, messages, closed });
    histogram.fill(0);
    received = 0;
    messages = 0;
  }
  if (message.stop) {
    for (const socket of sockets) socket.terminate();
    process.exit(0);
  }
});
