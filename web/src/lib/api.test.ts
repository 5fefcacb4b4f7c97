import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, testUser } from '../test/fetch.ts';
import { api, ApiError, currentUserKey, errorMessage, queryKeyFor, serverFieldErrors } from './api.ts';
import { queryClient } from './query-client.ts';

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('api request', () => {
  it('sends credentials, and JSON only when there is a body', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, testUser));
    await api('login', { body: { username: 'jane@school.example', password: 'secret' } });
    await api('getCurrentUser');

    const [loginUrl, loginInit] = fetchMock.mock.calls[0]!;
    expect(loginUrl).toBe('/api/login');
    expect(loginInit).toMatchObject({ method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' } });
    expect(JSON.parse(String(loginInit?.body))).toEqual({ username: 'jane@school.example', password: 'secret' });

    const [, userInit] = fetchMock.mock.calls[1]!;
    expect(userInit).toMatchObject({ method: 'GET', credentials: 'include', headers: undefined, body: undefined });
  });

  it('sends an Idempotency-Key on creates, a new one per submit', async () => {
    const fetchMock = mockFetch(() => jsonResponse(201, {}));
    const body = { firstName: 'Ann', lastInitial: 'L', status: 'active' } as const;
    await api('createClient', { body });
    await api('createClient', { body });
    await api('login', { body: { username: 'jane@school.example', password: 'secret' } });
    const keys = fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBeUndefined();
  });

  it('sends a create again with the same key when the network drops it, and never other calls', async () => {
    let calls = 0;
    const fetchMock = mockFetch(() => {
      calls++;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return jsonResponse(201, { id: 'c1' });
    });
    expect(await api('createClient', { body: { firstName: 'Ann', lastInitial: 'L', status: 'active' } })).toEqual({ id: 'c1' });
    const keys = fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);

    calls = 0;
    await expect(api('updateClient', { params: { id: 'c1' }, body: { firstName: 'Ann', lastInitial: 'L', status: 'active' } })).rejects.toThrow('Failed to fetch');
  });

  it('sends the same key again when the user resubmits a create the server did not settle', async () => {
    const answers = [() => jsonResponse(503, { message: 'The service is busy.' }), () => jsonResponse(201, { id: 'c2' }), () => jsonResponse(201, { id: 'c3' })];
    const fetchMock = mockFetch(() => answers.shift()!());
    const body = { firstName: 'Bea', lastInitial: 'K', status: 'active' } as const;
    expect((await failure(api('createClient', { body }))).status).toBe(503);
    expect(await api('createClient', { body })).toEqual({ id: 'c2' });
    // Answered: the next submit of the same values is a new record.
    expect(await api('createClient', { body })).toEqual({ id: 'c3' });
    const keys = fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('keeps the key of a create the network lost until the same submit comes again', async () => {
    vi.useFakeTimers();
    try {
      let online = false;
      const fetchMock = mockFetch(() => {
        if (!online) throw new TypeError('Failed to fetch');
        return jsonResponse(201, { id: 'c4' });
      });
      const body = { firstName: 'Cal', lastInitial: 'M', status: 'active' } as const;
      const lost = api('createClient', { body }).catch((e: unknown) => e);
      await vi.runAllTimersAsync();
      expect(await lost).toBeInstanceOf(TypeError);
      // Another form's submit meanwhile is another create.
      online = true;
      await api('createClient', { body: { ...body, firstName: 'Dee' } });
      expect(await api('createClient', { body })).toEqual({ id: 'c4' });
      const keys = fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
      expect(keys).toHaveLength(5);
      expect(new Set([keys[0], keys[1], keys[2], keys[4]]).size).toBe(1);
      expect(keys[3]).not.toBe(keys[0]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives a refused create no second life: its next submit gets a new key', async () => {
    const answers = [() => jsonResponse(400, { message: 'First name is required' }), () => jsonResponse(201, { id: 'c5' })];
    const fetchMock = mockFetch(() => answers.shift()!());
    const body = { firstName: 'Eve', lastInitial: 'N', status: 'active' } as const;
    await failure(api('createClient', { body }));
    await api('createClient', { body });
    const keys = fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('fills path parameters and the query string', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { ok: true }));
    await api('removeTrustedDevice', { params: { id: 'a b' } });
    await api('listActivities', { query: { scope: 'mine' } });
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual([
      'DELETE /api/trusted-devices/a%20b',
      'GET /api/activities?scope=mine',
    ]);
  });
});

describe('api errors', () => {
  it('uses a JSON error text as the body', async () => {
    mockFetch(() => jsonResponse(409, { message: 'Email already registered' }));
    const error = await failure(api('listClients'));
    expect(error.status).toBe(409);
    expect(error.body).toEqual({ message: 'Email already registered' });
    expect(error.message).toBe('409: {"message":"Email already registered"}');
    expect(errorMessage(error, 'fallback')).toBe('Email already registered');
  });

  it('wraps a text that is not JSON with the status text and its first 200 characters', async () => {
    const page = `<html>${'x'.repeat(300)}</html>`;
    mockFetch(() => new Response(page, { status: 502, statusText: 'Bad Gateway' }));
    const error = await failure(api('listClients'));
    expect(error.body).toEqual({ error: 'Bad Gateway', raw: page.slice(0, 200) });
    expect(errorMessage(error, 'fallback')).toBe('fallback');
  });

  it("says 'Server error {status}' when there is no status text", async () => {
    mockFetch(() => new Response('oops', { status: 500 }));
    const error = await failure(api('listClients'));
    expect(error.body).toEqual({ error: 'Server error 500', raw: 'oops' });
    expect(error.message).toBe('500: {"error":"Server error 500","raw":"oops"}');
  });

  it('gives only the error field for an empty body', async () => {
    mockFetch(() => new Response(null, { status: 404, statusText: 'Not Found' }));
    const error = await failure(api('listClients'));
    expect(error.body).toEqual({ error: 'Not Found' });
  });

  it('reads field errors from a 400', async () => {
    mockFetch(() =>
      jsonResponse(400, {
        message: 'Invalid request',
        errors: [
          { path: 'email', message: 'Please enter a valid email address' },
          { path: 'email', message: 'second message is ignored' },
        ],
      }),
    );
    const error = await failure(api('listClients'));
    expect(serverFieldErrors(error)).toEqual({ email: 'Please enter a valid email address' });
  });
});

describe('session expiry', () => {
  const signIn = () => {
    queryClient.setQueryData(currentUserKey, testUser);
    queryClient.setQueryData(['/api/clients'], [{ id: 'c1' }]);
  };

  it('clears the current user and cached records on a 401', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    signIn();
    mockFetch(() => jsonResponse(401, { message: 'Not signed in' }));
    const error = await failure(api('listClients'));
    expect(error.status).toBe(401);
    expect(queryClient.getQueryData(currentUserKey)).toBeNull();
    expect(queryClient.getQueryData(['/api/clients'])).toBeUndefined();
    expect(log).toHaveBeenCalledWith('Session expired during API call - user data cleared');
  });

  it('clears the current user when the server says X-Session-Expired: true', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    signIn();
    mockFetch(() => jsonResponse(401, { message: 'Session expired' }, { 'X-Session-Expired': 'true' }));
    await failure(api('disableTwoFactor', { body: { password: 'x' }, expectUnauthorized: true }));
    expect(queryClient.getQueryData(currentUserKey)).toBeNull();
  });

  it('keeps the user when a 401 is an expected answer (a wrong password)', async () => {
    signIn();
    mockFetch(() => jsonResponse(401, { message: 'Invalid password' }));
    await failure(api('disableTwoFactor', { body: { password: 'x' }, expectUnauthorized: true }));
    expect(queryClient.getQueryData(currentUserKey)).toEqual(testUser);
  });
});

describe('query keys', () => {
  it('are the path, split at the first parameter, with the query last', () => {
    expect(queryKeyFor('listClients')).toEqual(['/api/clients']);
    expect(queryKeyFor('listSessionNotes', { params: { id: 's1' } })).toEqual(['/api/sessions', 's1', 'notes']);
    expect(queryKeyFor('listActivities', { query: { scope: 'mine' } })).toEqual(['/api/activities', { scope: 'mine' }]);
  });
});
