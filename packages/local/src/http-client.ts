import { Agent, request as httpRequest } from 'node:http';

/**
 * A small cookie-keeping JSON client of the local server (demo seeding, the browser journey's
 * setup, the bench). It speaks node:http over one keep-alive connection pool, as the AWS SDK does
 * for the bench's bare DynamoDB calls it is compared with: fetch (undici) costs a few milliseconds
 * more per request with a body, which would be counted against the API. Idle pooled sockets do
 * not keep the process alive (node:http unrefs them).
 */
export class HttpClient {
  private readonly jar = new Map<string, string>();
  private readonly agent = new Agent({ keepAlive: true });
  constructor(readonly baseUrl: string) {}

  request<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string | number> = { origin: this.baseUrl };
    if (data) Object.assign(headers, { 'content-type': 'application/json', 'content-length': data.length });
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    return new Promise((resolve, reject) => {
      const req = httpRequest(this.baseUrl + path, { method, headers, agent: this.agent }, (res) => {
        for (const c of res.headers['set-cookie'] ?? []) {
          const [pair] = c.split(';');
          const i = pair!.indexOf('=');
          const value = pair!.slice(i + 1);
          if (value) this.jar.set(pair!.slice(0, i), value);
          else this.jar.delete(pair!.slice(0, i));
        }
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: res.statusCode!, body: (text && res.headers['content-type']?.includes('json') ? JSON.parse(text) : text) as T });
          } catch (e) {
            reject(e);
          }
        });
      });
      req.on('error', reject);
      req.end(data);
    });
  }

  /** Like request, but a non-2xx answer throws with its status and message. */
  async ok<T = any>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.request<T>(method, path, body);
    if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
    return res.body;
  }
}
