import { describe, expect, it } from 'vitest';
import { SseParser } from './sse-parser';

describe('SseParser', () => {
  it('reads the events the board stream sends, skipping heartbeat comments', () => {
    const parser = new SseParser();
    const events = parser.push(
      'retry: 3000\nevent: ready\ndata: {"time":4}\n\n: ping\n\nevent: updates\ndata: {"time":5,"updates":[],"reset":false}\n\n',
    );
    expect(events).toEqual([
      { event: 'ready', data: '{"time":4}' },
      { event: 'updates', data: '{"time":5,"updates":[],"reset":false}' },
    ]);
    expect(parser.retryMs).toBe(3000);
  });

  it('joins an event split across chunks anywhere, CRLF included', () => {
    const parser = new SseParser();
    const text = 'event: updates\r\ndata: {"time":7}\r\n\r\n';
    const events = [...text].flatMap((char) => parser.push(char));
    expect(events).toEqual([{ event: 'updates', data: '{"time":7}' }]);
  });

  it('joins several data lines with a line feed, names an unnamed event `message`, keeps the id', () => {
    const parser = new SseParser();
    expect(parser.push('id: 9\ndata: first\ndata:second\n\n')).toEqual([
      { event: 'message', data: 'first\nsecond', id: '9' },
    ]);
  });

  it('dispatches nothing for a block without data, nor before its blank line', () => {
    const parser = new SseParser();
    expect(parser.push('event: ready\n\n')).toEqual([]);
    expect(parser.push('event: updates\ndata: {}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'updates', data: '{}' }]);
  });
});
