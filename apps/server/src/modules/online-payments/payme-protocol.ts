import type { ProviderTransactionState } from '@crm/contracts';

/*
 * The words of Payme's merchant API (Payme Business, JSON-RPC 2.0 over HTTP POST, Basic "Paycom:{key}"): its
 * error codes with the message in Russian, Uzbek and English that Payme shows the payer, its transaction
 * states, and readers of the params it sends. Every answer is HTTP 200, an error included.
 */

export type PaymeMessage = { ru: string; uz: string; en: string };

export interface PaymeError {
  code: number;
  message: PaymeMessage;
  /** The field the error is about (Payme's `data`), e.g. the account field for -31050…-31099. */
  data?: string;
}

const error =
  (code: number, ru: string, uz: string, en: string) =>
  (data?: string): PaymeError => ({ code, message: { ru, uz, en }, ...(data ? { data } : {}) });

export const PAYME_ERRORS = {
  parse: error(-32700, 'Ошибка разбора JSON', 'JSON tahlilida xato', 'Parse error'),
  invalidRequest: error(-32600, 'Неверный запрос JSON-RPC', 'JSON-RPC soʻrovi notoʻgʻri', 'Invalid JSON-RPC request'),
  methodNotFound: error(-32601, 'Метод не найден', 'Metod topilmadi', 'Method not found'),
  /** Wrong or missing authorization, an unknown merchant, and ChangePassword (see payme-merchant.ts). */
  insufficientPrivilege: error(
    -32504,
    'Недостаточно привилегий для выполнения метода',
    'Metodni bajarish uchun huquq yetarli emas',
    'Insufficient privileges to perform the method',
  ),
  system: error(-32400, 'Системная ошибка', 'Tizim xatosi', 'System error'),
  wrongAmount: error(-31001, 'Неверная сумма', 'Notoʻgʻri summa', 'Incorrect amount'),
  transactionNotFound: error(-31003, 'Транзакция не найдена', 'Tranzaksiya topilmadi', 'Transaction not found'),
  cannotCancel: error(
    -31007,
    'Невозможно отменить транзакцию',
    'Tranzaksiyani bekor qilib boʻlmaydi',
    'The transaction cannot be cancelled',
  ),
  cannotPerform: error(
    -31008,
    'Невозможно выполнить операцию',
    'Amalni bajarib boʻlmaydi',
    'The operation cannot be performed',
  ),
  // -31050…-31099 are the merchant's own account errors: ours say which way the order is not payable.
  orderNotFound: error(-31050, 'Заказ не найден', 'Buyurtma topilmadi', 'Order not found'),
  orderClosed: error(
    -31051,
    'Заказ уже оплачен или закрыт',
    'Buyurtma allaqachon toʻlangan yoki yopilgan',
    'The order is already paid or closed',
  ),
  orderBusy: error(
    -31099,
    'Заказ ожидает оплаты другой транзакцией',
    'Buyurtma boshqa tranzaksiya bilan toʻlanmoqda',
    'The order is being paid by another transaction',
  ),
} as const;

/** Thrown inside a callback's database transaction to roll it back and answer this error. */
export class PaymeFault extends Error {
  constructor(readonly error: PaymeError) {
    super(`payme ${error.code}`);
  }
}

/** Payme's transaction states. */
export const PAYME_STATE: Record<ProviderTransactionState, 1 | 2 | -1 | -2> = {
  created: 1,
  performed: 2,
  cancelled: -1,
  reversed: -2,
};

/** Payme's timeout: a transaction created and not performed within 12 hours of its `time` is cancelled. */
export const PAYME_TIMEOUT_MS = 43_200_000;
/** Payme's cancel reason "cancelled by timeout". */
export const PAYME_REASON_TIMEOUT = 4;

export const PAYME_METHODS = [
  'CheckPerformTransaction',
  'CreateTransaction',
  'PerformTransaction',
  'CancelTransaction',
  'CheckTransaction',
  'GetStatement',
  'ChangePassword',
] as const;
export type PaymeMethod = (typeof PAYME_METHODS)[number];
export const isPaymeMethod = (name: unknown): name is PaymeMethod =>
  typeof name === 'string' && (PAYME_METHODS as readonly string[]).includes(name);

export type PaymeParams = Record<string, unknown>;

/** A JSON-RPC request as Payme sends it; null when the body is not one (-32600). */
export function readRpcRequest(body: unknown): { id: unknown; method: unknown; params: PaymeParams } | null {
  if (!isObject(body) || typeof body.method !== 'string' || !isObject(body.params)) return null;
  if (body.jsonrpc !== undefined && body.jsonrpc !== '2.0') return null;
  return { id: body.id ?? null, method: body.method, params: body.params };
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Payme's transaction id: a string (24 hex characters in practice). */
export function readTransactionId(params: PaymeParams): string | null {
  const id = params.id;
  return typeof id === 'string' && id.length > 0 && id.length <= 64 ? id : null;
}

/** A time in milliseconds since 1970, as Payme sends `time`, `from` and `to`. */
export function readMilliseconds(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** The amount in tiyin; null when it is not a positive whole number (answered -31001). */
export function readAmount(params: PaymeParams): number | null {
  const amount = params.amount;
  return typeof amount === 'number' && Number.isSafeInteger(amount) && amount > 0 ? amount : null;
}

/** account.order_id: our checkout's number (checkouts.ts), or null. */
export function readOrderId(params: PaymeParams): string | null {
  const orderId = isObject(params.account) ? params.account.order_id : undefined;
  return typeof orderId === 'string' ? orderId : null;
}

/** CancelTransaction's reason code (1–10 in Payme's list); null when absent. */
export function readReason(params: PaymeParams): number | null | undefined {
  if (params.reason === undefined || params.reason === null) return null;
  return typeof params.reason === 'number' && Number.isInteger(params.reason) ? params.reason : undefined;
}
