import { buildPath, routes, type RouteName } from '../../packages/contract/src/manifest.ts';
import { dispatch } from '../../packages/local/src/dispatch.ts';

export interface TestResponse<T = any> {
  status: number;
  body: T;
  /** The body as sent (base64 for a binary file), before any JSON parsing. */
  text: string;
  headers: Record<string, string>;
  cookies: string[];
}

/**
 * A browser-like client over the real handlers (through the local server's dispatcher, without a
 * socket): it keeps cookies like a browser and sends same-origin headers.
 */
export class Agent {
  readonly jar = new Map<string, string>();
  constructor(readonly extraHeaders: Record<string, string> = {}) {}

  async request<T = any>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<TestResponse<T>> {
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const result = await dispatch({
      method,
      url,
      headers: {
        host: 'localhost:3000',
        'user-agent': 'vitest',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
        ...this.extraHeaders,
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    for (const c of result.cookies ?? []) {
      const [pair, ...attrs] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (attrs.some((a) => /max-age=0$/i.test(a.trim())) || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = result.body ?? '';
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: result.statusCode ?? 200, body: parsed as T, text, headers: (result.headers ?? {}) as Record<string, string>, cookies: result.cookies ?? [] };
  }

  get<T = any>(url: string) {
    return this.request<T>('GET', url);
  }
  post<T = any>(url: string, body: unknown = {}) {
    return this.request<T>('POST', url, body);
  }
  put<T = any>(url: string, body: unknown = {}) {
    return this.request<T>('PUT', url, body);
  }
  patch<T = any>(url: string, body: unknown = {}) {
    return this.request<T>('PATCH', url, body);
  }
  delete<T = any>(url: string) {
    return this.request<T>('DELETE', url);
  }

  /** Calls a manifest route by name. */
  call<T = any>(name: RouteName, opts: { params?: Record<string, string>; body?: unknown; query?: string } = {}) {
    const r = routes[name];
    const url = buildPath(r.path, opts.params) + (opts.query ? `?${opts.query}` : '');
    return this.request<T>(r.method, url, opts.body ?? (r.method === 'GET' || r.method === 'DELETE' ? undefined : {}));
  }
}
