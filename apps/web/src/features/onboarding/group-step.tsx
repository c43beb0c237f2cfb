import type { Group, Onboarding } from '@crm/contracts';
import { Alert, App, Checkbox, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { companyToday } from '../../shared/session/company-today';
import { useSession } from '../../shared/session/use-session';
import type { InlineForm } from '../../shared/ui/inline-form-frame';
import { GroupFormModal } from '../groups/group-form-modal';
import { addStudentToGroup } from './onboarding-api';

const stayOpen = () => {};

/**
 * The last step: the real group form with the course, teacher and room the earlier steps made already
 * chosen, and the student they made offered as the group's first (trial) student, added once the group is.
 */
export function GroupStep({
  standing,
  inline,
  onSaved,
}: {
  standing: Onboarding;
  inline: InlineForm;
  onSaved: (group: Group) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { branch } = useSession();
  const { course_id, teacher_id, room_id, student_id } = standing.created;
  const [withStudent, setWithStudent] = useState(true);
  const defaults = { course_id, teacher_id, room_id };
  const prefilled = Object.values(defaults).some((id) => id !== undefined);

  const saved = async (group: Group) => {
    if (student_id !== undefined && withStudent) {
      try {
        await addStudentToGroup(group.id, student_id, companyToday());
        message.success(t('onboarding.group.studentAdded'));
      } catch (error) {
        // The group stands; the student can be added from the group's page.
        if (!isHandledGlobally(error))
          message.warning(t('onboarding.group.studentNotAdded', { reason: errorMessage(t, error) }));
      }
    }
    onSaved(group);
  };

  if (branch === null) return null;
  return (
    <Flex vertical gap={12}>
      {prefilled && <Alert type="info" showIcon title={t('onboarding.group.prefilled')} />}
      {student_id !== undefined && (
        <Checkbox checked={withStudent} onChange={(event) => setWithStudent(event.target.checked)}>
          {t('onboarding.group.addStudent')}
        </Checkbox>
      )}
      <GroupFormModal
        target={{ mode: 'create', defaults }}
        branchId={branch}
        onClose={stayOpen}
        onSaved={saved}
        inline={inline}
      />
    </Flex>
  );
}
