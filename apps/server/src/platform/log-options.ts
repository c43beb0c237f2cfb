import type { FastifyRequest, FastifyServerOptions } from 'fastify';

type LoggerSettings = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Where log lines go instead of stdout (tests read a run's log). */
export interface LogSink {
  write(line: string): void;
}

/** A run of 7 or more digits in an address: a phone number (ids are shorter); its middle is hidden. */
const LONG_DIGITS = /\d{7,}/g;
const hideDigits = (text: string) =>
  text.replace(LONG_DIGITS, (digits) => `${digits.slice(0, 3)}${'*'.repeat(digits.length - 5)}${digits.slice(-2)}`);

/**
 * The server's structured log (issue 23): one JSON line per event with the request id (X-Request-Id or a fresh
 * one), and the company and user ids once the request is signed in (auth-plugin.ts). Nothing secret or personal:
 * credentials, cookies and keys are removed wherever they appear, and the phone numbers that addresses carry in
 * their query (a search, a caller's number) are masked as the SMS log masks them.
 */
export function logOptions(level: string, stream?: LogSink): LoggerSettings {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.key',
        '*.secret',
        '*.auth_key',
      ],
      censor: '[hidden]',
    },
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: hideDigits(req.url),
        host: req.headers?.host,
        remoteAddress: req.ip,
      }),
    },
  };
}
