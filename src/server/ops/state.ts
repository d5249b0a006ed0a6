/** Whether this process is shutting down (SIGTERM): /readyz then answers 503 so the proxy stops sending. */
export interface OpsState {
  draining: boolean;
}

const states = new WeakMap<object, OpsState>();

export function opsState(app: object): OpsState {
  let s = states.get(app);
  if (!s) {
    s = { draining: false };
    states.set(app, s);
  }
  return s;
}
