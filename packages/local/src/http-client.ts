/** A small fetch client with a cookie jar and same-origin headers, for seeding and benchmarks. */
export class HttpClient {
  private readonly jar = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  async request<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.jar.size ? { cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        origin: this.baseUrl,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const value = pair!.slice(i + 1);
      if (value) this.jar.set(pair!.slice(0, i), value);
      else this.jar.delete(pair!.slice(0, i));
    }
    const text = await res.text();
    return { status: res.status, body: (text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T };
  }

  /** Like request, but a non-2xx answer throws with its status and message. */
  async ok<T = any>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.request<T>(method, path, body);
    if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
    return res.body;
  }
}
