import type { Dataset } from '../dataset/index.js';
import { attendanceMonth, markAttendance } from './attendance.js';
import { attendanceReport } from './attendance-report.js';
import { clusterScenario } from './cluster.js';
import { dashboard } from './dashboard.js';
import { debtors } from './debtors.js';
import { formsScenario } from './forms.js';
import { gamificationScenario } from './gamification.js';
import { leadBoard, leadMove } from './leads.js';
import { login } from './login.js';
import { smsScenario } from './messages.js';
import { parentAttendance, parentChild } from './parents.js';
import { paymentsMonth, takePayment } from './payments.js';
import { restoreDrillScenario } from './restore-drill.js';
import { studentList } from './student-list.js';
import { studentProfile } from './student-profile.js';
import { telephonyScenario } from './telephony.js';
import { billingRun, studentImport } from './timed.js';
import type { Scenario } from './types.js';

/**
 * Issue 7's scenarios in the order they run: the reads first, then the writes, then the
 * import and the billing run (which books charges, so it must not come before the debtors).
 * The key names a scenario on the command line (`npm run bench -- student-list debtors`).
 */
export const SCENARIOS: Record<string, (d: Dataset) => Scenario> = {
  'log-in': login,
  'student-list': studentList,
  'student-profile': studentProfile,
  'attendance-month': attendanceMonth,
  'attendance-report': attendanceReport,
  'payments-month': paymentsMonth,
  debtors,
  'lead-board': leadBoard,
  dashboard,
  'parent-child': parentChild,
  'parent-attendance': parentAttendance,
  'mark-attendance': markAttendance,
  'take-payment': takePayment,
  'lead-move': leadMove,
  'student-import': () => studentImport,
  billing: () => billingRun,
  sms: () => smsScenario,
  forms: () => formsScenario,
  gamification: gamificationScenario,
  telephony: () => telephonyScenario,
  cluster: () => clusterScenario,
  'restore-drill': () => restoreDrillScenario,
};
