import { randomUUID } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type PaymentsConfig, REAL_PAYMENT_PROVIDERS } from './adapters/payments/checkout-links.js';
import { WorklyConnector } from './adapters/workly/http-client.js';
import type { Config, MessagingConfig, TelephonyConfig } from './config.js';
import type { Database } from './db/client.js';
import archiveModule from './modules/archive/routes.js';
import archiveReasonsModule from './modules/archive-reasons/routes.js';
import auditModule from './modules/audit/routes.js';
import authModule from './modules/auth/routes.js';
import billingModule from './modules/billing/routes.js';
import blogModule from './modules/blog/routes.js';
import branchesModule from './modules/branches/routes.js';
import companyModule from './modules/company/routes.js';
import consoleModule from './modules/console/routes.js';
import courseLessonsModule from './modules/course-lessons/routes.js';
import coursesModule from './modules/courses/routes.js';
import dashboardModule from './modules/dashboard/routes.js';
import examsModule from './modules/exams/routes.js';
import expensesModule from './modules/expenses/routes.js';
import financeModule from './modules/finance/routes.js';
import financeReportsModule from './modules/finance-reports/routes.js';
import landingPageModule from './modules/forms/landing-page-route.js';
import landingModule from './modules/forms/landing-routes.js';
import formsModule from './modules/forms/routes.js';
import gamificationModule from './modules/gamification/routes.js';
import gradesModule from './modules/grades/routes.js';
import groupsModule from './modules/groups/routes.js';
import studentPlacesModule from './modules/groups/student-places-routes.js';
import healthModule from './modules/health/routes.js';
import historyModule from './modules/history/routes.js';
import holidaysModule from './modules/holidays/routes.js';
import jobsModule from './modules/jobs/routes.js';
import leadBoardModule from './modules/leads/board-routes.js';
import leadExtrasModule from './modules/leads/extra-routes.js';
import leadsModule from './modules/leads/routes.js';
import dayLessonsModule from './modules/lessons/day-routes.js';
import lessonsModule from './modules/lessons/routes.js';
import licenceModule from './modules/licence/routes.js';
import { MeetingRooms } from './modules/meetings/rooms.js';
import meetingsModule from './modules/meetings/routes.js';
import offerModule from './modules/offer/routes.js';
import onboardingModule from './modules/onboarding/routes.js';
import onlinePaymentsModule from './modules/online-payments/routes.js';
import parentsModule from './modules/parents/routes.js';
import performanceModule from './modules/performance/routes.js';
import registrationModule from './modules/registration/routes.js';
import remindersModule from './modules/reminders/routes.js';
import reportsModule from './modules/reports/routes.js';
import roomsModule from './modules/rooms/routes.js';
import salariesModule from './modules/salaries/routes.js';
import smsModule from './modules/sms/routes.js';
import tagsModule from './modules/tags/routes.js';
import telegramBotModule from './modules/telegram-bot/routes.js';
import { addTelegramPolling } from './modules/telegram-bot/updates-source.js';
import telegramReportModule from './modules/telegram-report/routes.js';
import telephonyModule from './modules/telephony/routes.js';
import timetableModule from './modules/timetable/routes.js';
import usersModule from './modules/users/routes.js';
import userSearchModule from './modules/users/search-routes.js';
import webModule from './modules/web/routes.js';
import worklyModule from './modules/workly/routes.js';
import authPlugin from './platform/auth-plugin.js';
import { registerCompression } from './platform/compression.js';
import { DiskFileStorage } from './platform/disk-file-storage.js';
import { answerClientError, registerErrorHandling, sendFrameworkError } from './platform/error-handler.js';
import type { FileStorage } from './platform/files.js';
import { JobQueue, type JobQueueOptions } from './platform/jobs/queue.js';
import { recordDeadLetter } from './platform/jobs/records.js';
import { type LogSink, logOptions } from './platform/log-options.js';
import { MediaLinks, mediaRoutes } from './platform/media-links.js';
import { registerMetrics } from './platform/metrics.js';
import { registerRequestRates } from './platform/request-rate.js';
import { createResponseSerializer } from './platform/response-serializer.js';
import { SecretBox } from './platform/secret-box.js';
import { registerSecurityHeaders } from './platform/security-headers.js';
import { SessionStreams } from './platform/session-ends.js';
import { TokenService } from './platform/tokens.js';

export interface AppOptions {
  config: Pick<Config, 'baseDomain' | 'jwtSecret' | 'logLevel'> &
    Partial<Pick<Config, 'trustProxy' | 'worklyApiUrl' | 'messaging' | 'payments' | 'telephony' | 'metricsToken'>>;
  database: Database;
  /** The built web app to serve; absent in API tests. */
  webDist?: string;
  /** Where uploads are stored: a directory (a temporary one in tests), or a storage from openFileStorage (main.ts). */
  filesDir: string | FileStorage;
  logger?: boolean;
  /** Where the log goes instead of stdout (a test reading a run's log). */
  logSink?: LogSink;
  /** The current instant; tests pass a fixed one to act "during a lesson". */
  clock?: () => Date;
  /** A request statement's time limit (tenancy.ts REQUEST_STATEMENT_TIMEOUT_MS); tests shorten it. */
  statementTimeoutMs?: number;
  /** The job queue's settings (tests: their own schema, fast polling, no retry delay). */
  jobs?: JobQueueOptions;
  /** Serialise every answer with zod too and fail unless both agree (platform/response-serializer.ts; tests). */
  checkResponses?: boolean;
  /**
   * Prefix of this app's rate-limit counts in the database. Processes of one deployment share the default;
   * test files sharing one PostgreSQL each take their own, or one file's requests would spend another's limits.
   */
  requestRateScope?: string;
}

/** No vendor configured: SMS go to the log, no Telegram bot (tests and a laptop). */
export const OFFLINE_MESSAGING: MessagingConfig = {
  sms: { provider: 'log', sender: '4546' },
  publicUrl: null,
  telegram: { baseUrl: 'http://127.0.0.1:9', botToken: null },
  eskizApiUrl: 'http://127.0.0.1:9',
  playmobileApiUrl: 'http://127.0.0.1:9',
};

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    tokens: TokenService;
    /** The current instant (AppOptions.clock). */
    clock: () => Date;
    /** Open streams by session, closed when their session ends (platform/session-ends.ts). */
    sessionStreams: SessionStreams;
    /** The durable job queue (platform/jobs); started by main.ts, or by a test that needs workers. */
    jobs: JobQueue;
    /** Where SMS and Telegram messages go (config.ts MessagingConfig). */
    messaging: MessagingConfig;
    /** Companies live at `{subdomain}.{baseDomain}` (config BASE_DOMAIN). */
    baseDomain: string;
    /** Where the online payment providers are (config PaymentsConfig; the real ones unless configured). */
    payments: PaymentsConfig;
    /** Where OnlinePBX is (null: nowhere, as in tests that start no fake) and the box its keys are sealed in. */
    telephony: { config: TelephonyConfig | null; secrets: SecretBox };
  }
}

/** The modules of the API, one line each; each registers its own routes. */
const API_MODULES = [
  authModule,
  registrationModule,
  onboardingModule,
  companyModule,
  branchesModule,
  roomsModule,
  coursesModule,
  holidaysModule,
  tagsModule,
  archiveReasonsModule,
  usersModule,
  userSearchModule,
  groupsModule,
  studentPlacesModule,
  timetableModule,
  lessonsModule,
  dayLessonsModule,
  reportsModule,
  parentsModule,
  performanceModule,
  financeModule,
  billingModule,
  expensesModule,
  financeReportsModule,
  salariesModule,
  leadBoardModule,
  leadExtrasModule,
  leadsModule,
  dashboardModule,
  auditModule,
  archiveModule,
  worklyModule,
  remindersModule,
  gradesModule,
  courseLessonsModule,
  examsModule,
  meetingsModule,
  formsModule,
  landingModule,
  blogModule,
  gamificationModule,
  telephonyModule,
  mediaRoutes,
  historyModule,
  telegramReportModule,
  telegramBotModule,
  smsModule,
  jobsModule,
  consoleModule,
  offerModule,
  onlinePaymentsModule,
  licenceModule,
];

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : logOptions(options.config.logLevel, options.logSink),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // X-Forwarded-For only from the configured proxies (TRUST_PROXY); by default nobody's.
    trustProxy: options.config.trustProxy?.length ? options.config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    frameworkErrors: sendFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializer({ check: options.checkResponses ?? false }));
  app.decorate('database', options.database);
  registerRequestRates(app, options.database, options.requestRateScope);
  app.decorate('tokens', new TokenService(options.config.jwtSecret));
  app.decorate('mediaLinks', new MediaLinks(options.config.jwtSecret));
  app.decorate('meetingRooms', new MeetingRooms(options.config.jwtSecret));
  app.decorate('clock', options.clock ?? (() => new Date()));
  app.decorate('baseDomain', options.config.baseDomain);
  app.decorate('payments', options.config.payments ?? REAL_PAYMENT_PROVIDERS);
  // Workly (time tracking): only a server given its address reaches it, so no test ever calls the real one.
  const worklyApiUrl = options.config.worklyApiUrl;
  app.decorate('workly', worklyApiUrl ? new WorklyConnector({ baseUrl: worklyApiUrl }) : null);
  app.decorate('telephony', {
    config: options.config.telephony ?? null,
    secrets: new SecretBox(options.config.jwtSecret),
  });
  app.decorate(
    'files',
    typeof options.filesDir === 'string' ? new DiskFileStorage(options.filesDir) : options.filesDir,
  );
  app.decorate('messaging', options.config.messaging ?? OFFLINE_MESSAGING);
  addTelegramPolling(app);
  const jobs = new JobQueue(options.database, app.log, options.jobs);
  app.decorate('jobs', jobs);
  jobs.onDeadLetter(recordDeadLetter(options.database.background));
  // Before the database closes: a worker finishing its job still writes.
  app.addHook('preClose', () => jobs.stop());
  const sessionStreams = new SessionStreams(options.database);
  app.decorate('sessionStreams', sessionStreams);
  app.addHook('onReady', () => sessionStreams.start());
  app.addHook('preClose', () => sessionStreams.stop());
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  registerErrorHandling(app);
  registerMetrics(app, options.config.metricsToken);
  await registerSecurityHeaders(app, { telephonySocket: options.config.telephony?.wsUrl });
  // Before any route: its hook is added to each route as the route is declared.
  await registerCompression(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Training-centre CRM API', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // Its page carries its own CSP (hashes of its inline script), replacing the app's on those routes.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(authPlugin, {
    database: options.database,
    statementTimeoutMs: options.statementTimeoutMs,
    tokens: app.tokens,
    baseDomain: options.config.baseDomain,
  });

  await app.register(healthModule, { prefix: '/api' });
  for (const module of API_MODULES) await app.register(module, { prefix: '/api/v1' });
  await app.register(landingPageModule);
  await app.register(webModule, { webDist: options.webDist });
  return app;
}
