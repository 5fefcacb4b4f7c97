import { onTestFinished } from 'vitest';

/** Sets happy-dom's viewport width (media queries and Chakra's breakpoints follow it) for the rest of this test. */
export function setViewportWidth(width: number) {
  const { happyDOM } = window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } };
  const previous = { width: window.innerWidth, height: window.innerHeight };
  happyDOM.setViewport({ width, height: previous.height });
  onTestFinished(() => happyDOM.setViewport(previous));
}
