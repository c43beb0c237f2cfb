import { Role } from '@crm/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, storeUser } from '../../../shared/session/session-store';
import { aUser } from '../../../test/session-fixtures';
import { BoardConnection, type LiveState } from './board-connection';

/** A stream response the test writes to, chunk by chunk. */
function openResponse() {
  let writer!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      writer = controller;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    write: (text: string) => writer.enqueue(encoder.encode(text)),
    close: () => writer.close(),
  };
}

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

describe('BoardConnection', () => {
  const requests: { url: string; headers: Record<string, string> }[] = [];
  let streams: ReturnType<typeof openResponse>[] = [];

  beforeEach(() => {
    requests.length = 0;
    streams = [];
    storeUser(aUser([Role.admin]), 'secret-token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        requests.push({ url, headers: { ...(init.headers as Record<string, string>) } });
        if (url.includes('/stream')) {
          const stream = openResponse();
          streams.push(stream);
          return stream.response;
        }
        return json({ time: 6, updates: [], reset: false });
      }),
    );
  });
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('reads updates from the stream with the bearer token, then polls and reconnects when it drops', async () => {
    let cursor = 3;
    const received: number[] = [];
    const states: LiveState[] = [];
    const connection = new BoardConnection({
      branchId: 2,
      from: () => cursor,
      onUpdates: (answer) => {
        received.push(answer.time);
        cursor = answer.time;
      },
      onState: (state) => states.push(state),
      pollMs: 20,
      backoffMs: [60],
    });
    connection.start();
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    expect(requests[0]).toEqual({
      url: '/api/v1/lead-increment/stream?branch_id=2&from=3',
      headers: { Accept: 'text/event-stream', Authorization: 'Bearer secret-token' },
    });
    streams[0]?.write('retry: 10\nevent: ready\ndata: {"time":3}\n\n: ping\n\nevent: upd');
    streams[0]?.write('ates\ndata: {"time":5,"updates":[],"reset":false}\n\n');
    await vi.waitFor(() => expect(received).toEqual([5]));
    expect(states).toEqual(['live']);

    streams[0]?.close();
    await vi.waitFor(() =>
      expect(requests.some((r) => r.url === '/api/v1/lead-increment/updates?branch_id=2&from=5')).toBe(true),
    );
    expect(states).toContain('polling');
    await vi.waitFor(() => expect(streams).toHaveLength(2));
    expect(requests.find((r, i) => i > 0 && r.url.includes('/stream'))?.url).toBe(
      '/api/v1/lead-increment/stream?branch_id=2&from=6',
    );
    streams[1]?.write('event: ready\ndata: {"time":6}\n\n');
    await vi.waitFor(() => expect(states.at(-1)).toBe('live'));
    connection.stop();
  });
});
