import type { CallRecord, VoipMe, VoipSettings } from '@crm/contracts';
import { vi } from 'vitest';
import type { LineEvent, PhoneLine } from './call-controller';

/** Answers of issue 22's calls, as the server gives them, and a fake line, for the tests. */

/** One company-wide account (its key stored), nobody mapped yet. */
export const aVoipSettings = (overrides: Partial<VoipSettings> = {}): VoipSettings => ({
  country_code: null,
  branch_specific: false,
  accounts: [{ id: 1, branch: null, domain: 'pbx100.onpbx.ru', checked_at: '2025-03-01T09:00:00.000Z' }],
  users: [],
  ...overrides,
});

/** The user's own line: extension 101 of pbx100. */
export const aVoipMe = (overrides: Partial<VoipMe> = {}): VoipMe => ({
  configured: true,
  country_code: '998',
  sip: {
    ws_url: 'wss://pbx100.onpbx.ru:7443',
    uri: 'sip:101@pbx100.onpbx.ru',
    extension: '101',
    password: 'secret',
    display_name: 'Aziza Karimova',
  },
  ...overrides,
});

export const aCall = (overrides: Partial<CallRecord> = {}): CallRecord => ({
  uuid: 'c0ffee00-0000-4000-8000-000000000001',
  type: 'outbound',
  number: '+998901234567',
  extension: '101',
  start_stamp: 1_741_000_000,
  started_at: '2025-03-03T11:06:40.000Z',
  duration: 75,
  talk_seconds: 60,
  has_record: false,
  match: null,
  ...overrides,
});

/** The refusal of OnlinePBX as the API words it (spec §8): its comment in details. */
export const refusedBody = (comment: string) => ({
  error: { code: 'onlinepbx_refused', message: 'OnlinePBX refused', details: { comment } },
});

/** A line that does what it is told and lets the test say what the other side does. */
export function fakeLine() {
  let listener: ((event: LineEvent) => void) | null = null;
  const line = {
    start: vi.fn((onEvent: (event: LineEvent) => void) => {
      listener = onEvent;
    }),
    stop: vi.fn(),
    dial: vi.fn(),
    answer: vi.fn(),
    hangup: vi.fn(),
    hold: vi.fn(),
    decline: vi.fn(),
    providerCallId: vi.fn(() => 'sip-call-1'),
  } satisfies PhoneLine;
  return {
    line,
    get started() {
      return listener !== null;
    },
    emit(event: LineEvent) {
      listener?.(event);
    },
  };
}
