import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * Vitest's module runner forgives what Node's ESM loader does not (e.g. named imports from a
 * CommonJS package). `npm start` runs under plain Node, so every handler module must load there.
 */
describe('handler modules under plain Node', () => {
  it('imports every manifest handler and every worker (the bulk worker, the data migrations)', () => {
    const script = `
      import { routeList, workers } from './packages/contract/src/manifest.ts';
      const failed = [];
      for (const m of [...routeList, ...Object.values(workers)].map((r) => r.handler)) {
        try {
          const mod = await import('./functions/' + m + '.ts');
          if (typeof mod.handler !== 'function') failed.push(m + ': no handler export');
        } catch (e) { failed.push(m + ': ' + String(e.message).split('\\n')[0]); }
      }
      console.log(JSON.stringify(failed));
    `;
    const res = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, NODE_NO_WARNINGS: '1' } });
    expect(res.status).toBe(0);
    expect(JSON.parse(res.stdout.trim().split('\n').pop()!)).toEqual([]);
  }, 60_000);
});
