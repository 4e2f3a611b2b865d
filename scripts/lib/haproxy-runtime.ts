import net from 'node:net';

/** Sends one command to HAProxy's runtime socket and returns its answer. */
export function haproxyCommand(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${command}\n`));
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** Each server's state as HAProxy sees it (UP, DOWN, MAINT, …), by server name. */
export async function serverStates(
  socketPath: string,
  backend: string,
): Promise<Map<string, { status: string; sessions: number }>> {
  const csv = await haproxyCommand(socketPath, 'show stat');
  const lines = csv.split('\n').filter((line) => line.length > 0);
  const header = lines[0]?.replace(/^# /, '').split(',') ?? [];
  const col = (name: string) => header.indexOf(name);
  const states = new Map<string, { status: string; sessions: number }>();
  for (const line of lines.slice(1)) {
    const fields = line.split(',');
    const server = fields[col('svname')];
    if (fields[col('pxname')] !== backend || !server || server === 'BACKEND') continue;
    states.set(server, {
      status: fields[col('status')] ?? '',
      sessions: Number(fields[col('scur')] ?? 0),
    });
  }
  return states;
}
