import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The deployment's secret key material: from `SECRET_ENCRYPTION_KEY` (in the cloud: a value the
 * stack keeps in KMS-encrypted configuration), or locally from a key file created once under
 * DATA_DIR; tests get a per-process key. Users derive their own keys from it (list cursors through
 * HKDF), so one secret is configured and no derived key reveals it.
 *
 * TOTP secrets use it as is only where no KMS key is configured (the local runtime, tests) and to
 * open secrets sealed before KMS envelope encryption; in the cloud each new secret is sealed under
 * its own KMS data key (auth/secret-box.ts), so rotating the KMS key rotates what protects them.
 */
let material: Buffer | undefined;

export function keyMaterial(): Buffer {
  if (material) return material;
  const fromEnv = process.env.SECRET_ENCRYPTION_KEY;
  if (fromEnv) return (material = createHash('sha256').update(fromEnv).digest());
  const dir = process.env.DATA_DIR;
  if (dir) {
    const file = join(dir, 'secret.key');
    if (!existsSync(file)) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
    }
    return (material = Buffer.from(readFileSync(file, 'utf8'), 'base64'));
  }
  return (material = randomBytes(32));
}
