/** The clock port: real time, or a fixed/offset time set by tests. */
let offsetMs = 0;
let fixed: number | undefined;

export const now = () => new Date(fixed ?? Date.now() + offsetMs);
export const nowIso = () => now().toISOString();
export const nowSeconds = () => Math.floor(now().getTime() / 1000);

export const testClock = {
  advance(ms: number) {
    if (fixed !== undefined) fixed += ms;
    else offsetMs += ms;
  },
  set(date: Date | undefined) {
    fixed = date?.getTime();
  },
  reset() {
    offsetMs = 0;
    fixed = undefined;
  },
};
