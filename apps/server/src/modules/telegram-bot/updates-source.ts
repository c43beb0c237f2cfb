import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { TelegramUpdate } from '../../adapters/telegram/protocol.js';
import { TelegramClient } from '../../adapters/telegram/telegram-client.js';
import { answerUpdate } from './commands.js';

/** How long one getUpdates waits for an update (Telegram allows up to 50 s). */
const LONG_POLL_SECONDS = 25;
/** After a failed poll (Telegram unreachable), the pause before the next. */
const RETRY_PAUSE_MS = 5_000;

export function botClientOf(app: FastifyInstance): TelegramClient | null {
  const { baseUrl, botToken } = app.messaging.telegram;
  return botToken ? new TelegramClient({ baseUrl, botToken, log: app.log }) : null;
}

/** One update, answered; a failure is logged and the update dropped (Telegram would resend a webhook's forever). */
export async function handleUpdate(app: FastifyInstance, client: TelegramClient, update: TelegramUpdate) {
  try {
    await answerUpdate(app, client, update);
  } catch (error) {
    app.log.warn({ err: error, update_id: update.update_id }, 'telegram update not answered');
  }
}

/**
 * Long polling for the embedded mode (no public address for a webhook): one loop per server, confirming each
 * batch with the next offset so Telegram does not send it again. Only one process may poll a bot (Telegram
 * answers 409 to a second), so several processes need the webhook (TELEGRAM_WEBHOOK_SECRET).
 */
export class TelegramPolling {
  private running = false;
  private loop: Promise<void> | null = null;
  private offset: number | undefined;

  constructor(
    private readonly app: FastifyInstance,
    private readonly client: TelegramClient,
    private readonly log: FastifyBaseLogger,
    private readonly timeoutSeconds = LONG_POLL_SECONDS,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /**
   * Stops after the poll under way, without waiting for it (it may wait up to the long-poll time): what it
   * brings is not answered and Telegram sends it again to the next start, since it was never confirmed.
   */
  stop(): void {
    this.running = false;
  }

  /** The loop's end, for a test that must know the last update was answered. */
  get finished(): Promise<void> {
    return this.loop ?? Promise.resolve();
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        const updates = await this.client.getUpdates(this.offset, this.timeoutSeconds);
        for (const update of updates) {
          this.offset = update.update_id + 1;
          if (!this.running) break;
          await handleUpdate(this.app, this.client, update);
        }
      } catch (error) {
        this.log.warn({ err: error }, 'telegram polling failed');
        await new Promise((resolve) => setTimeout(resolve, this.running ? RETRY_PAUSE_MS : 0));
      }
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 24: starts the bot's long polling (main.ts, in the embedded mode without a webhook). */
    startTelegramPolling(): void;
  }
}

/** The app's long polling (nothing without a bot), stopped when the app closes. */
export function addTelegramPolling(app: FastifyInstance): void {
  const client = botClientOf(app);
  const polling = client ? new TelegramPolling(app, client, app.log) : null;
  app.decorate('startTelegramPolling', () => polling?.start());
  app.addHook('preClose', async () => polling?.stop());
}
