import { type AnswerValues, type FormField, isBlankAnswer } from '@crm/contracts';

/**
 * A lead form's answer as a lead: the first required short answer is the name, the first phone the phone, and
 * every other answer goes into the comment as "question: answer" lines, so the person who calls sees it all.
 */
export function leadOfAnswer(fields: readonly FormField[], values: AnswerValues) {
  const nameField = fields.find((f) => f.type === 'short_answer' && f.required);
  const phoneField = fields.find((f) => f.type === 'phone');
  const name = String((nameField && values[nameField.key]) ?? '').slice(0, 200);
  const phone = String((phoneField && values[phoneField.key]) ?? '');
  const lines = fields
    .filter((f) => f !== nameField && f !== phoneField && !isBlankAnswer(values[f.key]))
    .map((f) => {
      const value = values[f.key];
      return `${f.label}: ${Array.isArray(value) ? value.join(', ') : String(value)}`;
    });
  return { name, phone, comment: lines.length ? lines.join('\n').slice(0, 2000) : null };
}
