import { describe, expect, it } from 'vitest';
import { system } from './system.ts';

/** WCAG relative luminance of '#rrggbb'. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

/** The light-mode colour a semantic token such as colors.gray.focusRing stands for, as '#rrggbb'. */
function lightColor(name: string): string {
  const token = system.tokens.getByName(name);
  const reference = (token?.extensions.conditions as Record<string, string> | undefined)?._light ?? '';
  return system.token(reference.replace(/^\{|\}$/g, ''));
}

describe('focus rings', () => {
  // One token per palette (each appears once per colour mode); colorPalette.focusRing is the virtual one they fill.
  const rings = [...new Set(system.tokens.allTokens.map((token) => token.name))].filter(
    (name) => /^colors\.\w+\.focusRing$/.test(name) && name !== 'colors.colorPalette.focusRing',
  );

  it('exist for every colour palette', () => {
    expect(rings).toHaveLength(10);
  });

  it.each(rings)('%s is at least 3:1 against white and the gray.50 page', (name) => {
    const ring = lightColor(name);
    expect(ring).toMatch(/^#[0-9a-f]{6}$/i);
    expect(contrast(ring, '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(contrast(ring, system.token('colors.gray.50'))).toBeGreaterThanOrEqual(3);
  });
});

describe('solid fills', () => {
  const palettes = ['gray', 'red', 'orange', 'green', 'teal', 'blue', 'cyan', 'purple', 'pink'] as const;
  /** A palette's contrast token ('white', or a colour reference) as '#rrggbb'. */
  const contrastText = (palette: string) => {
    const token = system.tokens.getByName(`colors.${palette}.contrast`);
    const value = (token?.extensions.conditions as Record<string, string> | undefined)?._light ?? '';
    return value === 'white' ? '#ffffff' : value.startsWith('{') ? system.token(value.replace(/^\{|\}$/g, '')) : value;
  };

  it.each(palettes)('%s.solid carries its text at 4.5:1 or more (WCAG AA)', (palette) => {
    expect(contrast(lightColor(`colors.${palette}.solid`), contrastText(palette))).toBeGreaterThanOrEqual(4.5);
  });
});
