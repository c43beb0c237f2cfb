import { type OutgoingSms, type SentSms, SmsRefusedError } from './sms-provider.js';

/** What operators take: digits only, international without '+' (E.164 has at most 15). */
export const isDialable = (phone: string) => /^\d{7,15}$/.test(phone);

export const rejected = (message: OutgoingSms): SentSms => ({
  ref: message.ref,
  providerMessageId: null,
  state: 'rejected',
});

export interface Chunking {
  /** The most messages one call may carry. */
  limit: number;
  /** Messages with the same key may share a call (same sender, same callback address, ...). */
  keyOf(message: OutgoingSms): string;
  /** Sends one chunk, answering in its order; throws SmsRefusedError when the provider refuses the chunk. */
  sendChunk(chunk: OutgoingSms[]): Promise<SentSms[]>;
}

/**
 * Sends messages in as few calls as the provider takes, one call after another (an operator is not to be
 * flooded), and answers in the order given. A number that cannot be dialled is rejected without a call.
 */
export async function sendInChunks(messages: readonly OutgoingSms[], chunking: Chunking): Promise<SentSms[]> {
  const results: SentSms[] = new Array(messages.length);
  const groups = new Map<string, number[]>();
  messages.forEach((message, index) => {
    if (!isDialable(message.phone)) {
      results[index] = rejected(message);
      return;
    }
    const key = chunking.keyOf(message);
    const group = groups.get(key) ?? [];
    if (!group.length) groups.set(key, group);
    group.push(index);
  });
  for (const group of groups.values()) {
    for (let start = 0; start < group.length; start += chunking.limit) {
      const indices = group.slice(start, start + chunking.limit);
      const sent = await sendOrSplit(
        indices.map((i) => messages[i] as OutgoingSms),
        chunking,
      );
      indices.forEach((i, k) => {
        results[i] = sent[k] as SentSms;
      });
    }
  }
  return results;
}

/**
 * A chunk refused as a whole may hold a single bad message (operators refuse a batch for one wrong number):
 * each message is then sent alone, so that only the bad ones are rejected and the others still go out.
 */
async function sendOrSplit(chunk: OutgoingSms[], chunking: Chunking): Promise<SentSms[]> {
  try {
    return await chunking.sendChunk(chunk);
  } catch (err) {
    if (!(err instanceof SmsRefusedError)) throw err;
    if (chunk.length === 1) return [rejected(chunk[0] as OutgoingSms)];
    const sent: SentSms[] = [];
    for (const message of chunk) sent.push(...(await sendOrSplit([message], chunking)));
    return sent;
  }
}
