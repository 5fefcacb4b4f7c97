/**
 * Import resolver for eslint-plugin-boundaries (loaded by eslint-module-utils, hence CommonJS).
 * Node's own resolution follows the workspace packages' `exports` (`@caseload/core/auth/service` →
 * packages/core/src/auth/service.ts), which the bundled node resolver does not read, so every
 * import lands on the file it really loads and gets classified by its element.
 */
const { createRequire, isBuiltin } = require('node:module');

exports.interfaceVersion = 2;

exports.resolve = (source, file) => {
  if (isBuiltin(source)) return { found: true, path: null };
  try {
    return { found: true, path: createRequire(file).resolve(source) };
  } catch {
    return { found: false };
  }
};
