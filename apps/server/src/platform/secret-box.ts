import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals the secrets companies give us for outside systems (an OnlinePBX API key) before they are stored:
 * AES-256-GCM with a key derived (HKDF) from the server's secret, so a copy of the database alone reveals
 * none of them, and a sealed value changed by hand does not open. Every server of one database shares
 * JWT_SECRET already (config.ts), so each opens what another sealed; changing it makes the sealed values
 * unreadable (the settings then ask for the keys again).
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, 'crm-secret-box', 'outside-system keys v1', 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
  }

  /** The plain value, or null when it was sealed with another secret or changed. */
  open(sealed: string): string | null {
    if (!sealed.startsWith('v1.')) return null;
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    if (bytes.length < 29) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
