import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { type PaymentsConfig, REAL_PAYMENT_PROVIDERS } from './adapters/payments/checkout-links.js';
import { FILE_STORAGE_ENV, readFileStorage } from './config-file-storage.js';
import type { FileStorageConfig } from './platform/open-file-storage.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  PORT: z.coerce
    .number({ message: 'PORT must be a number' })
    .int('PORT must be a whole number')
    .min(1, 'PORT must be between 1 and 65535')
    .max(65535, 'PORT must be between 1 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Server processes (docs/operations.md "Several processes"): a number, or auto for one per CPU. */
  WORKERS: z
    .string()
    .regex(/^(auto|[1-9]\d{0,2})$/, 'WORKERS must be a number of processes (1-999) or auto')
    .default('1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  BASE_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d+)?$/i, 'BASE_DOMAIN must be a host name such as crm.example.com')
    .default('localhost'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  /** The Bearer token a Prometheus scraper sends to GET /metrics; unset: no metrics are served. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  TRUST_PROXY: z
    .string()
    .refine(
      (list) => list.split(',').every((entry) => isTrustedProxyEntry(entry.trim())),
      'TRUST_PROXY must be a comma-separated list of addresses or CIDR ranges (or loopback, linklocal, uniquelocal)',
    )
    .optional(),
  /** Workly's API (the time-tracking service); companies enter their own credentials in the settings. */
  WORKLY_API_URL: z
    .url({ protocol: /^https?$/, message: 'WORKLY_API_URL must be an http(s) address' })
    .default('https://api.workly.uz/v1'),
  /** OnlinePBX's HTTP API (issue 22); companies enter their own domain and key in admin/voip. */
  ONLINEPBX_API_URL: z
    .url({ protocol: /^https?$/, message: 'ONLINEPBX_API_URL must be an http(s) address' })
    .default('https://api2.onlinepbx.ru'),
  /** The browser's SIP over WebSocket address; `{domain}` is the company's OnlinePBX domain. */
  ONLINEPBX_WS_URL: z
    .string()
    .regex(/^wss?:\/\//, 'ONLINEPBX_WS_URL must be a ws(s) address')
    .default('wss://{domain}:3342'),
  /**
   * The platform's shared SMS sender (issue 15): 'eskiz' or 'playmobile' with their account below, or 'log'
   * (the default): messages are written to the server's log and never reach a phone (a demo, a laptop).
   */
  SMS_PROVIDER: z
    .enum(['log', 'eskiz', 'playmobile'], { message: 'SMS_PROVIDER must be log, eskiz or playmobile' })
    .default('log'),
  ESKIZ_API_URL: z
    .url({ protocol: /^https?$/, message: 'ESKIZ_API_URL must be an http(s) address' })
    .default('https://notify.eskiz.uz/api'),
  ESKIZ_EMAIL: z.string().optional(),
  ESKIZ_PASSWORD: z.string().optional(),
  PLAYMOBILE_API_URL: z
    .url({ protocol: /^https?$/, message: 'PLAYMOBILE_API_URL must be an http(s) address' })
    .default('https://send.smsxabar.uz'),
  PLAYMOBILE_USERNAME: z.string().optional(),
  PLAYMOBILE_PASSWORD: z.string().optional(),
  /** The shared sender's alpha name; a company's own name replaces it when its operator allows. */
  SMS_SENDER: z.string().max(11).default('4546'),
  /** This server's public address (https://crm.example.com): delivery reports are posted back to it; absent: states are polled. */
  PUBLIC_URL: z.url({ protocol: /^https?$/, message: 'PUBLIC_URL must be an http(s) address' }).optional(),
  TELEGRAM_API_URL: z
    .url({ protocol: /^https?$/, message: 'TELEGRAM_API_URL must be an http(s) address' })
    .default('https://api.telegram.org'),
  /** The bot that posts the companies' daily reports; absent: no report is sent. */
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[\w-]{20,}$/, 'TELEGRAM_BOT_TOKEN must look like 123456:ABC…')
    .optional(),
  /**
   * Issue 24: the secret_token given to setWebhook; Telegram sends it in a header with every update posted to
   * /api/v1/telegram/webhook. Absent: the server asks Telegram for updates itself (long polling, one process).
   */
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/, 'TELEGRAM_WEBHOOK_SECRET: 16 to 256 letters, digits, _ or -')
    .optional(),
  /** The online payment providers' addresses (issue 17); tests and the e2e run point them at local fakes. */
  PAYME_CHECKOUT_URL: z
    .url({ protocol: /^https?$/, message: 'PAYME_CHECKOUT_URL must be an http(s) address' })
    .default(REAL_PAYMENT_PROVIDERS.paymeCheckoutUrl),
  CLICK_CHECKOUT_URL: z
    .url({ protocol: /^https?$/, message: 'CLICK_CHECKOUT_URL must be an http(s) address' })
    .default(REAL_PAYMENT_PROVIDERS.clickCheckoutUrl),
  MIDTRANS_SNAP_URL: z
    .url({ protocol: /^https?$/, message: 'MIDTRANS_SNAP_URL must be an http(s) address' })
    .default(REAL_PAYMENT_PROVIDERS.midtransSnapUrl),
  ...FILE_STORAGE_ENV,
});

const PROXY_PRESETS = ['loopback', 'linklocal', 'uniquelocal'];
function isTrustedProxyEntry(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  if (rest.length) return false;
  if (PROXY_PRESETS.includes(entry)) return true;
  const family = isIP(address);
  if (!family) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

export interface TelephonyConfig {
  apiUrl: string;
  /** With `{domain}` standing for the account's domain. */
  wsUrl: string;
}

export interface Config {
  port: number;
  host: string;
  /** Server processes asked for: a number, or 'auto' (one per CPU). PGlite serves one whatever is asked. */
  workers: number | 'auto';
  databaseUrl: string | undefined;
  dataDir: string;
  baseDomain: string;
  jwtSecret: string;
  logLevel: (typeof LOG_LEVELS)[number];
  seedDemo: boolean;
  /** GET /metrics's Bearer token (platform/metrics.ts); absent: the route answers 404. */
  metricsToken?: string;
  /**
   * The proxies whose X-Forwarded-For is believed (their addresses or ranges); empty: none, and the
   * client's address is the connection's. Trusting every sender let anyone pick the address that the
   * log-in and lead-form limits count (docs/decisions/0018).
   */
  trustProxy: string[];
  /** Where the Workly adapter calls (docs/decisions/0019-workly.md). */
  worklyApiUrl: string;
  /** Where OnlinePBX is (issue 22, docs/decisions/0037). */
  telephony: TelephonyConfig;
  /** Outside messaging (issue 15, docs/decisions/0022): the shared SMS sender and the Telegram bot. */
  messaging: MessagingConfig;
  /** Where the online payment providers are (issue 17). */
  payments: PaymentsConfig;
  /** Where uploaded files are kept: DATA_DIR/files, or an S3-compatible bucket (docs/decisions/0038). */
  files: FileStorageConfig;
}

export interface MessagingConfig {
  sms:
    | { provider: 'log'; sender: string }
    | { provider: 'eskiz'; baseUrl: string; email: string; password: string; sender: string }
    | { provider: 'playmobile'; baseUrl: string; username: string; password: string; sender: string };
  /** Where vendors post back (delivery reports); null: nobody can reach this server, poll instead. */
  publicUrl: string | null;
  telegram: {
    baseUrl: string;
    botToken: string | null;
    webhookSecret?: string | null;
    /** How long an absence or a grade waits before the bot tells of it, so a mark corrected at once is not told. */
    noticeDelaySeconds?: number;
  };
  /** The vendors' addresses for companies' own accounts (the shared account's may differ in tests). */
  eskizApiUrl: string;
  playmobileApiUrl: string;
}

export class ConfigError extends Error {}

/**
 * Reads the environment once. Every bad value is reported with its own line so
 * an operator fixes them all in one go.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  if (!e.JWT_SECRET && e.DATABASE_URL) {
    // Several servers share one PostgreSQL, so they must share one secret too.
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required when DATABASE_URL is set');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    workers: e.WORKERS === 'auto' ? 'auto' : Number(e.WORKERS),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    baseDomain: e.BASE_DOMAIN.toLowerCase(),
    jwtSecret: e.JWT_SECRET ?? embeddedJwtSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO === '1',
    metricsToken: e.METRICS_TOKEN,
    trustProxy: e.TRUST_PROXY ? e.TRUST_PROXY.split(',').map((entry) => entry.trim()) : [],
    worklyApiUrl: e.WORKLY_API_URL,
    telephony: { apiUrl: e.ONLINEPBX_API_URL, wsUrl: e.ONLINEPBX_WS_URL },
    messaging: messagingConfig(e),
    files: fileStorage(e, dataDir),
    payments: {
      paymeCheckoutUrl: e.PAYME_CHECKOUT_URL,
      clickCheckoutUrl: e.CLICK_CHECKOUT_URL,
      midtransSnapUrl: e.MIDTRANS_SNAP_URL,
    },
  };
}

function messagingConfig(e: z.infer<typeof envSchema>): MessagingConfig {
  const missing = (names: string[]) =>
    new ConfigError(
      `Invalid configuration:\n${names.map((n) => `  ${n}: required when SMS_PROVIDER=${e.SMS_PROVIDER}`).join('\n')}`,
    );
  let sms: MessagingConfig['sms'] = { provider: 'log', sender: e.SMS_SENDER };
  if (e.SMS_PROVIDER === 'eskiz') {
    if (!e.ESKIZ_EMAIL || !e.ESKIZ_PASSWORD) throw missing(['ESKIZ_EMAIL', 'ESKIZ_PASSWORD']);
    sms = {
      provider: 'eskiz',
      baseUrl: e.ESKIZ_API_URL,
      email: e.ESKIZ_EMAIL,
      password: e.ESKIZ_PASSWORD,
      sender: e.SMS_SENDER,
    };
  } else if (e.SMS_PROVIDER === 'playmobile') {
    if (!e.PLAYMOBILE_USERNAME || !e.PLAYMOBILE_PASSWORD) throw missing(['PLAYMOBILE_USERNAME', 'PLAYMOBILE_PASSWORD']);
    sms = {
      provider: 'playmobile',
      baseUrl: e.PLAYMOBILE_API_URL,
      username: e.PLAYMOBILE_USERNAME,
      password: e.PLAYMOBILE_PASSWORD,
      sender: e.SMS_SENDER,
    };
  }
  return {
    sms,
    publicUrl: e.PUBLIC_URL ? e.PUBLIC_URL.replace(/\/+$/, '') : null,
    telegram: {
      baseUrl: e.TELEGRAM_API_URL,
      botToken: e.TELEGRAM_BOT_TOKEN ?? null,
      webhookSecret: e.TELEGRAM_WEBHOOK_SECRET ?? null,
    },
    eskizApiUrl: e.ESKIZ_API_URL,
    playmobileApiUrl: e.PLAYMOBILE_API_URL,
  };
}

function fileStorage(e: z.infer<typeof envSchema>, dataDir: string): FileStorageConfig {
  const read = readFileStorage(e, dataDir);
  if ('problems' in read)
    throw new ConfigError(`Invalid configuration:\n${read.problems.map((p) => `  ${p}`).join('\n')}`);
  return read.files;
}

/** Embedded mode: a secret generated on first start and kept beside the data. */
function embeddedJwtSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
