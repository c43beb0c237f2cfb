import { isRoleId, type LoginCodeSent, type LoginResponse, type RoleId } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { inCompany } from '../../platform/tenancy.js';
import { checkPhoneCode, issuePhoneCode, spendPhoneCode } from '../auth/phone-codes.js';
import { codeSent, companyOfHost, sendCodeLater } from '../auth/recovery.js';
import { startSession } from '../auth/session-start.js';
import { findParentAccount } from '../users/parent-accounts.js';
import { checkPhone } from '../users/service.js';

const LOGIN_TEXT: Record<string, (name: string, code: string) => string> = {
  uz: (name, code) => `${name}: kirish kodi ${code}. Uni hech kimga aytmang.`,
  ru: (name, code) => `${name}: код для входа ${code}. Никому его не сообщайте.`,
  en: (name, code) => `${name}: your log-in code is ${code}. Do not share it.`,
  id: (name, code) => `${name}: kode masuk Anda ${code}. Jangan berikan kepada siapa pun.`,
};

interface CodeRequest {
  subdomain: string | null;
  phone: string;
  ip: string;
}

/**
 * POST /auth/login-code: a parent logs in with a code sent to his phone (he may never have set a password).
 * Like the password recovery, the answer and its limits are the same for a phone no parent has.
 */
export async function sendLoginCode(app: FastifyInstance, input: CodeRequest, now: Date): Promise<LoginCodeSent> {
  const company = await companyOfHost(app, input.subdomain);
  const phone = checkPhone(input.phone, company.country);
  const { code, parent } = await inCompany(app.database.db, company.id, async (tx) => ({
    code: await issuePhoneCode(tx, company.id, { phone, ip: input.ip, purpose: 'login', now }),
    parent: await findParentAccount(tx, company.id, phone),
  }));
  if (parent && !parent.archivedAt) {
    const text = (LOGIN_TEXT[company.locale] ?? LOGIN_TEXT.en)?.(company.name, code) ?? code;
    sendCodeLater(app, phone, company.country, text);
  }
  return codeSent(phone);
}

/** POST /auth/login-code/verify: the phone's latest log-in code opens a session of its parent, once. */
export async function logInWithCode(
  app: FastifyInstance,
  input: CodeRequest & { code: string; userAgent: string | undefined },
  now: Date,
): Promise<LoginResponse> {
  const company = await companyOfHost(app, input.subdomain);
  const phone = checkPhone(input.phone, company.country);
  const codeId = await checkPhoneCode(app.database.db, company.id, { phone, purpose: 'login', code: input.code, now });
  const parent = await inCompany(app.database.db, company.id, (tx) => findParentAccount(tx, company.id, phone));
  if (!parent || parent.archivedAt) throw new AppError(401, 'wrong_credentials');
  return startSession(app.database.db, app.tokens, {
    companyId: company.id,
    userId: parent.id,
    roles: parent.roles.filter(isRoleId) as RoleId[],
    ip: input.ip,
    userAgent: input.userAgent,
    before: (tx) => spendPhoneCode(tx, company.id, codeId, now),
  });
}
