/** One event of a Server-Sent Events stream. */
export interface SseEvent {
  /** `message` when the server named none. */
  event: string;
  /** The data lines, joined with line feeds. */
  data: string;
  id?: string;
}

/**
 * The text/event-stream format (WHATWG HTML "Server-sent events", the parts a board needs): read with
 * `fetch` rather than EventSource so the bearer token travels in the Authorization header as on every
 * other request. Feed it the decoded chunks as they arrive; a line or an event may be split anywhere.
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private id: string | undefined;
  /** The reconnection delay the server asked for (`retry:`), if any. */
  retryMs: number | null = null;

  push(chunk: string): SseEvent[] {
    this.buffer += chunk;
    const events: SseEvent[] = [];
    // A lone CR at the very end may be the first half of CRLF: keep it for the next chunk.
    const ready = this.buffer.endsWith('\r') ? this.buffer.slice(0, -1) : this.buffer;
    const lines = ready.split(/\r\n|\r|\n/);
    const rest = lines.pop() ?? '';
    this.buffer = rest + this.buffer.slice(ready.length);
    for (const line of lines) {
      const event = this.line(line);
      if (event) events.push(event);
    }
    return events;
  }

  private line(line: string): SseEvent | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null; // a comment: the server's heartbeat
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
    return null;
  }

  private dispatch(): SseEvent | null {
    const event = this.event || 'message';
    const data = this.data;
    this.event = '';
    this.data = [];
    if (!data.length) return null;
    return { event, data: data.join('\n'), ...(this.id === undefined ? {} : { id: this.id }) };
  }
}
