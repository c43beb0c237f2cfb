/**
 * What the product asks of Workly (the time-tracking service), in our words. The HTTP client speaks
 * Workly's protocol behind this interface (http-client.ts); a module never sees a Workly URL, token or
 * field name. The next vendors (SMS operator, OnlinePBX, payments) follow the same shape: an interface
 * here, an HTTP client with timeouts and a retry of reads, credentials per company, a fake for tests.
 */

/** The API client Workly issues to a company and the Workly account it reads as (company settings). */
export interface WorklyCredentials {
  client_id: string;
  client_secret: string;
  username: string;
  password: string;
}

export interface WorklyEmployeeRecord {
  id: string;
  fullName: string;
  position: string | null;
}

/** One check-in or check-out; `date` and `time` (`HH:MM:SS`) are the company's local clock. */
export interface WorklyCheckEvent {
  employeeId: string;
  fullName: string;
  date: string;
  time: string;
  kind: 'in' | 'out';
}

/** One employee's day: when his schedule starts (`HH:MM:SS`, null: not scheduled) and when he first came. */
export interface WorklyScheduledDay {
  employeeId: string;
  fullName: string;
  date: string;
  scheduledStart: string | null;
  firstIn: string | null;
}

export interface WorklyApi {
  listEmployees(): Promise<WorklyEmployeeRecord[]>;
  /** Check-ins and check-outs of the days `from`…`till` (both included), in Workly's order. */
  listCheckEvents(from: string, till: string): Promise<WorklyCheckEvent[]>;
  /** Scheduled start and first check-in of every employee's day in `from`…`till`. */
  listScheduledDays(from: string, till: string): Promise<WorklyScheduledDay[]>;
}

/** Workly did not answer in time, answered a server error after the retry, or said something unreadable. */
export class WorklyUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`Workly unavailable: ${reason}`);
  }
}

/** Workly refused the company's credentials (wrong client, secret, user name or password, or no API access). */
export class WorklyCredentialsRejectedError extends Error {
  constructor() {
    super('Workly refused the credentials');
  }
}

/** Where the adapter says what went wrong: a pino logger fits. It is never given a credential or token. */
export interface WorklyLog {
  warn(details: object, message: string): void;
}
