import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api.ts';
import { deviceStorage, discardEveryQueue, OfflineQueue, unsentChangesOf, type QueueEntry } from './offline-queue.ts';

interface Save {
  key: string;
  state: number;
}

let databases = 0;
/** A fresh database per test; a "reload" opens the same name again with a new queue. */
const newDatabase = () => `offline-queue-test-${++databases}`;

const queues: OfflineQueue<Save>[] = [];
afterEach(() => {
  // Each queue listens to 'online'; stop them so a later test's event reaches only its own, and
  // take them out of the page's queues that a sign-out counts.
  for (const queue of queues.splice(0)) queue.dispose();
});

function queueOn(dbName: string, send: (save: Save) => Promise<unknown>, onSent?: (save: Save) => void) {
  const queue = new OfflineQueue<Save>({ storage: deviceStorage<Save>(dbName), send, onSent });
  queues.push(queue);
  return queue;
}

/** A queue on `dbName` whose every send succeeds, recording the saves in order: a page with the network back. */
function recordingQueueOn(dbName: string) {
  const sent: Save[] = [];
  const queue = queueOn(dbName, (save) => {
    sent.push(save);
    return Promise.resolve();
  });
  return { queue, sent };
}

/** A send that answers only when the test says so, recording what it was given. */
function controlledSend() {
  const calls: { save: Save; resolve: (answer?: unknown) => void; reject: (error: unknown) => void }[] = [];
  const send = vi.fn(
    (save: Save) =>
      new Promise<unknown>((resolve, reject) => {
        calls.push({ save, resolve, reject });
      }),
  );
  return { send, calls };
}

/** Answers the first `count` controlled sends in order, waiting after each answer for the next to be sent. */
async function answerInTurn(calls: ReturnType<typeof controlledSend>['calls'], count: number) {
  for (let sent = 1; sent <= count; sent++) {
    calls[sent - 1]!.resolve();
    if (sent < count) await vi.waitFor(() => expect(calls).toHaveLength(sent + 1));
  }
}

const offline = () => new TypeError('Failed to fetch');
const payloads = (entries: readonly QueueEntry<Save>[]) => entries.map((e) => e.payload);

/** Waits for a state without fake time passing (vi.waitFor would advance the faked timers). */
async function until(condition: () => boolean) {
  for (let turn = 0; turn < 1000 && !condition(); turn++) await new Promise((resolve) => setImmediate(resolve));
  expect(condition()).toBe(true);
}

async function storedEntries(dbName: string) {
  return deviceStorage<Save>(dbName).load();
}

describe('offline save queue', () => {
  it("counts a user's unsent changes across the page's queues, and a sign-out discards everyone's, on the device too", async () => {
    const first = newDatabase();
    const second = newDatabase();
    const a = queueOn(first, () => Promise.reject(offline()));
    const b = queueOn(second, () => Promise.reject(offline()));
    a.start('u1');
    await a.enqueue('a', 'u1', { key: 'a', state: 1 });
    await a.enqueue('b', 'u2', { key: 'b', state: 1 });
    await b.enqueue('c', 'u1', { key: 'c', state: 1 });
    expect(unsentChangesOf('u1')).toBe(2);
    expect(unsentChangesOf('u2')).toBe(1);

    await discardEveryQueue();
    expect(unsentChangesOf('u1')).toBe(0);
    expect(unsentChangesOf('u2')).toBe(0);
    expect(a.getSnapshot().owner).toBeNull();
    expect(await storedEntries(first)).toEqual([]);
    expect(await storedEntries(second)).toEqual([]);
  });

  it('stores each change on the device before sending it, and sends in order, one at a time', async () => {
    const dbName = newDatabase();
    const { send, calls } = controlledSend();
    const storedWhenSent: Save[][] = [];
    send.mockImplementation(async (save: Save) => {
      storedWhenSent.push(payloads(await storedEntries(dbName)));
      return new Promise((resolve, reject) => calls.push({ save, resolve, reject }));
    });
    const queue = queueOn(dbName, send);
    queue.start('u1');
    void queue.enqueue('a', 'u1', { key: 'a', state: 1 });
    void queue.enqueue('b', 'u1', { key: 'b', state: 1 });
    void queue.enqueue('c', 'u1', { key: 'c', state: 1 });

    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(storedWhenSent[0]).toContainEqual({ key: 'a', state: 1 });
    // The second is sent only once the first has answered.
    await answerInTurn(calls, 3);
    await vi.waitFor(() => expect(queue.getSnapshot().entries).toHaveLength(0));
    expect(calls.map((c) => c.save.key)).toEqual(['a', 'b', 'c']);
    expect(queue.getSnapshot().savedSinceLoad).toBe(true);
    await vi.waitFor(async () => expect(await storedEntries(dbName)).toEqual([]));
  });

  it('keeps only the newest state of a key: superseded entries are never sent', async () => {
    const dbName = newDatabase();
    const { send, calls } = controlledSend();
    const queue = queueOn(dbName, send);
    queue.start('u1');
    void queue.enqueue('a', 'u1', { key: 'a', state: 1 });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    // While state 1 is out, three more taps on 'a' and one on 'b'.
    void queue.enqueue('a', 'u1', { key: 'a', state: 2 });
    void queue.enqueue('b', 'u1', { key: 'b', state: 1 });
    void queue.enqueue('a', 'u1', { key: 'a', state: 3 });
    await queue.enqueue('a', 'u1', { key: 'a', state: 4 });
    expect(payloads(queue.getSnapshot().entries)).toEqual([
      { key: 'b', state: 1 },
      { key: 'a', state: 4 },
    ]);
    await vi.waitFor(async () => expect(payloads(await storedEntries(dbName))).toEqual([{ key: 'b', state: 1 }, { key: 'a', state: 4 }]));

    await answerInTurn(calls, 3);
    await vi.waitFor(() => expect(queue.getSnapshot().entries).toHaveLength(0));
    expect(calls.map((c) => c.save)).toEqual([
      { key: 'a', state: 1 },
      { key: 'b', state: 1 },
      { key: 'a', state: 4 },
    ]);
  });

  it('keeps what the network lost across a reload and sends it from the new page, in order', async () => {
    const dbName = newDatabase();
    const before = queueOn(dbName, () => Promise.reject(offline()));
    before.start('u1');
    await before.enqueue('a', 'u1', { key: 'a', state: 1 });
    await before.enqueue('b', 'u1', { key: 'b', state: 1 });
    await before.enqueue('a', 'u1', { key: 'a', state: 2 });
    await vi.waitFor(() => expect(before.getSnapshot().blocked).toBe('offline'));
    expect(before.getSnapshot().entries).toHaveLength(2);
    before.stop();

    // The reload: a new queue on the same database, the network back.
    const { queue: after, sent } = recordingQueueOn(dbName);
    after.start('u1');
    await vi.waitFor(() => expect(sent).toEqual([{ key: 'b', state: 1 }, { key: 'a', state: 2 }]));
    await vi.waitFor(() => expect(after.getSnapshot().entries).toEqual([]));
    await vi.waitFor(async () => expect(await storedEntries(dbName)).toEqual([]));
  });

  it('shows the queued entries of an earlier page before they are sent, behind newer changes of the same key', async () => {
    const dbName = newDatabase();
    const before = queueOn(dbName, () => Promise.reject(offline()));
    before.start('u1');
    await before.enqueue('a', 'u1', { key: 'a', state: 1 });
    await before.enqueue('b', 'u1', { key: 'b', state: 1 });
    before.stop();

    const { send, calls } = controlledSend();
    const after = queueOn(dbName, send);
    // A change on the new page before the stored entries were read supersedes the stored one of its key.
    void after.enqueue('a', 'u1', { key: 'a', state: 2 });
    after.start('u1');
    await vi.waitFor(() => expect(payloads(after.getSnapshot().entries)).toEqual([{ key: 'b', state: 1 }, { key: 'a', state: 2 }]));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.save).toEqual({ key: 'b', state: 1 });
  });

  it('sets a refused entry aside with the server message, never resends it, and goes on with the others', async () => {
    const dbName = newDatabase();
    const sent: Save[] = [];
    const refusals: QueueEntry<Save>[] = [];
    const queue = new OfflineQueue<Save>({
      storage: deviceStorage<Save>(dbName),
      send: (save) => {
        sent.push(save);
        if (save.key === 'signed') return Promise.reject(new ApiError(409, { message: 'This session has a signed note. Add an addendum instead.' }));
        if (save.key === 'forbidden') return Promise.reject(new ApiError(403, {}));
        return Promise.resolve();
      },
      onRefused: (entry) => refusals.push(entry),
    });
    queues.push(queue);
    queue.start('u1');
    void queue.enqueue('signed', 'u1', { key: 'signed', state: 1 });
    void queue.enqueue('forbidden', 'u1', { key: 'forbidden', state: 1 });
    void queue.enqueue('fine', 'u1', { key: 'fine', state: 1 });

    await vi.waitFor(() => expect(sent.map((s) => s.key)).toEqual(['signed', 'forbidden', 'fine']));
    await vi.waitFor(() => expect(queue.getSnapshot().entries.map((e) => e.refusal)).toEqual([
      { status: 409, message: 'This session has a signed note. Add an addendum instead.' },
      { status: 403, message: 'The server refused this change (403)' },
    ]));
    expect(refusals.map((e) => e.key)).toEqual(['signed', 'forbidden']);
    expect(queue.getSnapshot().blocked).toBeNull();

    // Coming back online sends nothing again: a refusal waits for the user.
    window.dispatchEvent(new Event('online'));
    void queue.enqueue('later', 'u1', { key: 'later', state: 1 });
    await vi.waitFor(() => expect(sent.map((s) => s.key)).toEqual(['signed', 'forbidden', 'fine', 'later']));

    // The refusals survive a reload, until discarded.
    await vi.waitFor(async () => expect((await storedEntries(dbName)).map((e) => e.key)).toEqual(['signed', 'forbidden']));
    const [signed] = queue.getSnapshot().entries;
    await queue.discard(signed!.id);
    expect(queue.getSnapshot().entries.map((e) => e.key)).toEqual(['forbidden']);
    expect((await storedEntries(dbName)).map((e) => e.key)).toEqual(['forbidden']);
  });

  it("a newer change of a refused entry's key replaces the refusal and is sent", async () => {
    let refuse = true;
    const sent: Save[] = [];
    const queue = queueOn(newDatabase(), (save) => {
      sent.push(save);
      return refuse ? Promise.reject(new ApiError(400, { message: 'A goal can have at most 500 trials in a session' })) : Promise.resolve();
    });
    queue.start('u1');
    void queue.enqueue('a', 'u1', { key: 'a', state: 1 });
    await vi.waitFor(() => expect(queue.getSnapshot().entries[0]?.refusal?.message).toBe('A goal can have at most 500 trials in a session'));
    refuse = false;
    void queue.enqueue('a', 'u1', { key: 'a', state: 2 });
    await vi.waitFor(() => expect(queue.getSnapshot().entries).toEqual([]));
    expect(sent).toEqual([{ key: 'a', state: 1 }, { key: 'a', state: 2 }]);
  });

  it("sends the waiting entries when the browser says it is online again", async () => {
    let online = false;
    const sent: Save[] = [];
    const queue = queueOn(newDatabase(), (save) => {
      if (!online) return Promise.reject(offline());
      sent.push(save);
      return Promise.resolve();
    });
    queue.start('u1');
    void queue.enqueue('a', 'u1', { key: 'a', state: 1 });
    void queue.enqueue('b', 'u1', { key: 'b', state: 1 });
    await vi.waitFor(() => expect(queue.getSnapshot().blocked).toBe('offline'));
    // Still offline: later changes wait behind the first instead of being tried one by one.
    await queue.enqueue('c', 'u1', { key: 'c', state: 1 });
    expect(queue.getSnapshot().entries).toHaveLength(3);

    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(queue.getSnapshot().entries).toEqual([]));
    expect(sent.map((s) => s.key)).toEqual(['a', 'b', 'c']);
    expect(queue.getSnapshot().blocked).toBeNull();
  });

  it('retries with backoff when no answer comes and no online event either', async () => {
    // Only the retry timer is faked; the database's own tasks (setImmediate) run as usual.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let failures = 2;
    const send = vi.fn(() => (failures-- > 0 ? Promise.reject(new ApiError(503, {})) : Promise.resolve()));
    const queue = queueOn(newDatabase(), send);
    queue.start('u1');
    void queue.enqueue('a', 'u1', { key: 'a', state: 1 });
    await until(() => queue.getSnapshot().blocked === 'server');
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    await until(() => send.mock.calls.length === 2 && queue.getSnapshot().blocked === 'server');
    // The second wait is longer than the first.
    await vi.advanceTimersByTimeAsync(2000);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    await until(() => queue.getSnapshot().entries.length === 0);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('waits for a sign-in after a 401 instead of dropping the entry', async () => {
    let signedIn = false;
    const sent: Save[] = [];
    const queue = queueOn(newDatabase(), (save) => {
      if (!signedIn) return Promise.reject(new ApiError(401, { message: 'Not signed in' }));
      sent.push(save);
      return Promise.resolve();
    });
    queue.start('u1');
    void queue.enqueue('a', 'u1', { key: 'a', state: 1 });
    await vi.waitFor(() => expect(queue.getSnapshot().blocked).toBe('signed-out'));
    // Coming online is no sign-in.
    window.dispatchEvent(new Event('online'));
    expect(queue.getSnapshot().blocked).toBe('signed-out');
    queue.stop();

    signedIn = true;
    queue.start('u1');
    await vi.waitFor(() => expect(sent).toEqual([{ key: 'a', state: 1 }]));
    expect(queue.getSnapshot().entries).toEqual([]);
  });

  it("sends only the signed-in user's entries; another user's wait on the device for them", async () => {
    const dbName = newDatabase();
    const before = queueOn(dbName, () => Promise.reject(offline()));
    before.start('u1');
    await before.enqueue('a', 'u1', { key: 'a', state: 1 });
    before.stop();

    const { queue: after, sent } = recordingQueueOn(dbName);
    after.start('u2');
    await after.enqueue('a', 'u2', { key: 'a', state: 7 });
    await vi.waitFor(() => expect(sent).toEqual([{ key: 'a', state: 7 }]));
    expect(after.getSnapshot().entries.map((e) => [e.owner, e.payload.state])).toEqual([['u1', 1]]);

    after.stop();
    after.start('u1');
    await vi.waitFor(() => expect(sent).toEqual([{ key: 'a', state: 7 }, { key: 'a', state: 1 }]));
  });

  it('settle() answers whether the chosen entries are saved, or could not be', async () => {
    let online = true;
    const queue = queueOn(newDatabase(), (save) =>
      !online ? Promise.reject(offline()) : save.key === 'refused' ? Promise.reject(new ApiError(403, {})) : Promise.resolve(),
    );
    queue.start('u1');
    void queue.enqueue('a', 'u1', { key: 'a', state: 1 });
    expect(await queue.settle((e) => e.key === 'a')).toBe(true);
    expect(await queue.settle((e) => e.key === 'nothing')).toBe(true);

    void queue.enqueue('refused', 'u1', { key: 'refused', state: 1 });
    expect(await queue.settle((e) => e.key === 'refused')).toBe(false);

    online = false;
    void queue.enqueue('b', 'u1', { key: 'b', state: 1 });
    expect(await queue.settle((e) => e.key === 'b')).toBe(false);
    expect(queue.getSnapshot().entries.map((e) => e.key)).toEqual(['refused', 'b']);
  });
});
