/**
 * Issue 24: marks made with no connection wait on the phone (IndexedDB, so they survive the app being closed)
 * and are sent when the connection returns. Each carries its lesson, when it was made, and an idempotency key
 * made once: however often it is resent, the server stores it once. One that the server refuses stays, with
 * the server's reason, until the teacher has read it.
 */
export interface QueuedMark {
  /** The Idempotency-Key the mark is sent with, every time. */
  key: string;
  group_id: number;
  student_id: number;
  student_name: string;
  date: string;
  status: 0 | 1;
  /** When the teacher made it (ISO). */
  marked_at: string;
  /** 'waiting' to be sent; 'refused' by the server, with its error code and sentence. */
  state: 'waiting' | 'refused';
  error_code?: string;
  error_text?: string;
}

const DATABASE = 'crm-offline';
const STORE = 'marks';

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const database = await openDatabase();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = database.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error);
    });
  } finally {
    database.close();
  }
}

/** A browser without IndexedDB (some private windows) keeps nothing: marks then need the connection. */
const hasStore = () => typeof indexedDB !== 'undefined';

/** Every queued mark, oldest first (sent in the order they were made). */
export const queuedMarks = async (): Promise<QueuedMark[]> =>
  !hasStore()
    ? []
    : (await inStore<QueuedMark[]>('readonly', (store) => store.getAll())).sort((a, b) =>
        a.marked_at.localeCompare(b.marked_at),
      );

export const putMark = (mark: QueuedMark) => inStore('readwrite', (store) => store.put(mark));

export const dropMark = (key: string) => inStore('readwrite', (store) => store.delete(key));

/**
 * Queues a mark. A newer mark of the same student and lesson replaces one still waiting (the last tap wins, as
 * online); it keeps a key of its own, since it is another request.
 */
export async function queueMark(mark: Omit<QueuedMark, 'key' | 'state' | 'marked_at'>, now = new Date()) {
  for (const waiting of await queuedMarks()) {
    const same = waiting.group_id === mark.group_id && waiting.student_id === mark.student_id;
    if (same && waiting.date === mark.date && waiting.state === 'waiting') await dropMark(waiting.key);
  }
  const queued: QueuedMark = { ...mark, key: crypto.randomUUID(), state: 'waiting', marked_at: now.toISOString() };
  await putMark(queued);
  return queued;
}

/** Sign-out: what waits was made by the person leaving, and must not be sent with the next one's session. */
export const forgetQueuedMarks = async () => {
  if (hasStore()) await inStore('readwrite', (store) => store.clear());
};
