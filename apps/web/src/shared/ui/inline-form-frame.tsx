import { Button, Flex, type FormInstance } from 'antd';
import type { ReactNode } from 'react';

/**
 * A domain's form drawn in place instead of in its dialog: the onboarding wizard (issue 16) shows the real
 * course, room, person and group forms as its steps, each with its own submit button and the wizard's
 * actions (Skip) beside it.
 */
export interface InlineForm {
  /** The submit button's words ("Save and continue"). */
  submitText: string;
  /** Drawn before the submit button. */
  extra?: ReactNode;
}

export function InlineFormFrame({
  form,
  saving,
  submitText,
  extra,
  children,
}: InlineForm & { form: FormInstance; saving: boolean; children: ReactNode }) {
  return (
    <Flex vertical gap={8}>
      {children}
      <Flex gap={8} wrap justify="flex-end">
        {extra}
        <Button type="primary" loading={saving} onClick={() => form.submit()}>
          {submitText}
        </Button>
      </Flex>
    </Flex>
  );
}
