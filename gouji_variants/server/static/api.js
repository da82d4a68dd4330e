// The HTTP endpoints: the rules (stateless) and the rooms (docs/protocol.md).

export class ApiError extends Error {
  constructor(status, body) {
    const error = body && body.error;
    super(typeof error === "string" ? error : (error && error.message) || `HTTP ${status}`);
    this.status = status;
    this.code = error && error.code;
    this.diagnostics = (body && (body.diagnostics || (error && error.diagnostics))) || [];
  }
}

async function call(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = { error: text }; }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

export const api = {
  rulesets: () => call("GET", "/api/v1/rulesets"),
  ruleset: (ref) => call("GET", `/api/v1/rulesets/${encodeURIComponent(ref)}`),
  form: () => call("GET", "/api/v1/form"),
  check: (yaml, name) => call("POST", "/api/v1/check", { yaml, name }),
  diff: (a, b) => call("POST", "/api/v1/diff", { a, b }),
  replay: (record, seat, lang) => call("POST", "/api/v1/replay", { record, seat, lang }),
  createRoom: (body) => call("POST", "/api/v1/rooms", body),
  room: (code) => call("GET", `/api/v1/rooms/${encodeURIComponent(code)}`),
  records: async (code) => {
    const response = await fetch(`/api/v1/rooms/${encodeURIComponent(code)}/records`);
    if (!response.ok) throw new ApiError(response.status, null);
    return response.text();
  },
};

/** The rulesets list and the form, fetched once. */
let cache = null;
export function library() {
  if (!cache) cache = Promise.all([api.rulesets(), api.form()]).then(([list, form]) => ({ rulesets: list.rulesets, form }));
  return cache;
}
