// qrcode's own modules, imported one by one so a bundle leaves out the renderers it does not use;
// @types/qrcode describes only the package's entry point, whose types these are.
declare module 'qrcode/lib/core/qrcode.js' {
  export { create } from 'qrcode';
}
declare module 'qrcode/lib/renderer/svg-tag.js' {
  import type { QRCode, QRCodeRenderersOptions } from 'qrcode';
  export function render(qrData: QRCode, options?: QRCodeRenderersOptions): string;
}
