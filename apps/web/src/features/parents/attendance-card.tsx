import { CheckOutlined, CloseOutlined, ScheduleOutlined } from '@ant-design/icons';
import { Card, Flex, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { monthOf } from '../attendance/attendance-model';
import { MonthStepper } from '../attendance/month-stepper';
import { QueryGate } from '../gamification/query-gate';
import { ChildLessonList } from './child-lessons';
import { useChildAttendance } from './parents-api';

/** A month of the child's lessons with his marks and the month's counts; the company's current month first. */
export function AttendanceCard({ childId, today }: { childId: number; today: string }) {
  const { t } = useTranslation();
  const [month, setMonth] = useState(monthOf(today));
  const attendance = useChildAttendance(childId, month);
  return (
    <Card
      title={
        <span>
          <ScheduleOutlined /> {t('parents.attendance.title')}
        </span>
      }
    >
      <Flex vertical gap={12}>
        <MonthStepper month={month} onChange={setMonth} />
        <QueryGate query={attendance} loading={t('parents.attendance.loading')}>
          {(data) => (
            <Flex vertical gap={8} aria-busy={attendance.isPlaceholderData}>
              <Flex gap={8} wrap>
                <Tag color="success" icon={<CheckOutlined />}>
                  {t('parents.attendance.present', { count: data.present })}
                </Tag>
                <Tag color="error" icon={<CloseOutlined />}>
                  {t('parents.attendance.absent', { count: data.absent })}
                </Tag>
              </Flex>
              <ChildLessonList lessons={data.lessons} withDay empty={t('attendance.empty.noLessons')} />
            </Flex>
          )}
        </QueryGate>
      </Flex>
    </Card>
  );
}
