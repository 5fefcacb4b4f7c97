import { create } from 'qrcode/lib/core/qrcode.js';
import { render } from 'qrcode/lib/renderer/svg-tag.js';

/**
 * A QR code of `text` as an SVG data URL, for an <img>. qrcode's entry point loads every renderer
 * (its PNG one brings pngjs, about 30 KiB of the Lambda bundle); the encoder and the SVG renderer
 * are all an image needs.
 */
export function qrCodeDataUrl(text: string): string {
  const svg = render(create(text, {}), { margin: 1, width: 200 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
