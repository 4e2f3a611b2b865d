/**
 * Client connections HAProxy takes at once. It raises its own file limit to match (it needs two
 * descriptors a connection) where the system lets it; the processes behind it each hold their share.
 */
export const DEFAULT_MAX_CONNECTIONS = 50_000;

/** One server process behind the load balancer. */
export type Backend = { name: string; port: number };

/**
 * HAProxy's configuration for the processes of one cluster: health checks on readiness (a process
 * that is starting or stopping gets no traffic), WebSocket upgrades for /live with long idle
 * timeouts, a cookie that keeps Socket.IO's polling requests on the process that holds their
 * session, X-Forwarded-For and -Proto for TRUST_PROXY, and a runtime socket through which the
 * cluster script takes one process out for a rolling restart.
 */
export function haproxyConfig(options: {
  bind: string;
  port: number;
  backends: Backend[];
  statsSocket: string;
  /** Connections from clients at once (DEFAULT_MAX_CONNECTIONS unless said). */
  maxConnections?: number;
}): string {
  const servers = options.backends.map(
    (b) => `  server ${b.name} 127.0.0.1:${b.port} check cookie ${b.name}`,
  );
  return `# Made by the cluster script (npm run cluster) for this run; it is written again on each start.
global
  stats socket ${options.statsSocket} mode 600 level admin
  # Each live viewer holds two connections through HAProxy (theirs and the process's): a city's
  # thousands of viewers need more than the default, which follows the file limit it starts with.
  maxconn ${options.maxConnections ?? DEFAULT_MAX_CONNECTIONS}
  log stderr format raw local0


defaults
  mode http
  # Only what went wrong: errors, retries, redispatches and unusual ends.
  log global
  option httplog
  option dontlog-normal
  # The client's address for TRUST_PROXY=1 (the server reads one hop back in X-Forwarded-For).
  option forwardfor
  timeout connect 5s
  timeout http-request 10s
  timeout http-keep-alive 10s
  timeout queue 10s
  # Socket.IO's long-polling requests wait up to its ping interval (25 s) for something to say.
  timeout client 60s
  timeout server 60s
  # A WebSocket is idle between pings; it is closed after an hour without any traffic.
  timeout tunnel 1h
  timeout client-fin 5s
  timeout server-fin 5s
  # A request that could not reach a process is sent to another one, even one with a cookie.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response

frontend smart_city
  bind ${options.bind}:${options.port}
  http-request set-header X-Forwarded-Proto https if { ssl_fc }
  http-request set-header X-Forwarded-Proto http if !{ ssl_fc }
  default_backend processes

backend processes
  # Live connections last: a new one goes to the process holding the fewest.
  balance leastconn
  option httpchk GET /api/health/ready
  http-check expect status 200
  # Socket.IO's polling fallback must reach the process that made its session; WebSockets upgrade
  # in one request and need no cookie.
  cookie SC_PROCESS insert indirect nocache httponly attr "SameSite=Lax"
  # Which process answered, for operators and the cluster's own test.
  http-response set-header X-Served-By %[srv_name]
  # Checked every second; down after two failures, up after two successes. Sessions are not cut
  # when a process is taken out: its requests finish and it ends its own live connections.
  default-server inter 1s fastinter 500ms downinter 1s fall 2 rise 2
${servers.join('\n')}
`;
}
