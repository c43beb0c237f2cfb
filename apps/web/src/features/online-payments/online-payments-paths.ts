/** Issue 17: the student's own screen to pay online, and the public page of a payment link (and of the return). */
export const STUDENT_PAYMENT_PATH = '/payments/online';
export const PAY_LINK_PATH = '/entry/pay/:token';
