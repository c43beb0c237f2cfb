import { lessonStepOf, minutesOf } from '@crm/contracts';
import { Col, DatePicker, Form, Modal, Row, Select, TimePicker, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/use-session';
import { type Dayjs, dayjs } from '../groups/dates';
import { useRoomOptions } from '../groups/groups-api';
import { useLessonChanges } from './attendance-api';
import { dayMonth } from './attendance-model';
import { lessonDayText } from './lesson-text';
import { type LessonDialogProps, useDialogSubmit } from './use-dialog-submit';

interface MoveValues {
  to_date: Dayjs;
  start_time: Dayjs;
  end_time: Dayjs;
  room_id?: number | null;
}

/** Refusals that are about the day chosen: they go under the date field. */
const DAY_REFUSALS = ['lesson_day_taken', 'lesson_on_holiday', 'outside_group_dates', 'not_a_lesson_date'];

/**
 * Spec §2/§4: move a lesson to another day and time (and room). The server refuses a
 * slot whose room or teacher is taken, with the same conflict wording as the group form.
 */
export function MoveLessonDialog({ lesson, group, onClose }: LessonDialogProps) {
  const { t } = useTranslation();
  const { company } = useSession();
  const [form] = Form.useForm<MoveValues>();
  const rooms = useRoomOptions(group.branch_id);
  const { transfer } = useLessonChanges(group.id);
  const { submit, alert } = useDialogSubmit(onClose);
  const step = lessonStepOf(company?.datas.lesson_start_time_step_five_minutes ?? true);
  const required = [{ required: true, message: t('validation.required') }];

  const save = (values: MoveValues) =>
    submit(
      () =>
        transfer.mutateAsync({
          date: lesson.date,
          to_date: values.to_date.format('YYYY-MM-DD'),
          start_time: values.start_time.format('HH:mm'),
          end_time: values.end_time.format('HH:mm'),
          room_id: values.room_id ?? null,
        }),
      t('attendance.move.done', { day: dayMonth(values.to_date.format('YYYY-MM-DD')) }),
      (error) => {
        if (DAY_REFUSALS.includes(error.code)) {
          form.setFields([{ name: 'to_date', errors: [t(`errors.${error.code}`)] }]);
          return true;
        }
        return false;
      },
    );

  return (
    <Modal
      open
      title={t('attendance.move.title', { day: lessonDayText(t, lesson) })}
      okText={t('attendance.actions.move')}
      cancelText={t('common.cancel')}
      confirmLoading={transfer.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      {alert}
      {lesson.moved && (
        <Typography.Paragraph type="secondary">
          {t('attendance.move.undoHint', { day: dayMonth(lesson.scheduled_date) })}
        </Typography.Paragraph>
      )}
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          to_date: dayjs(lesson.date),
          start_time: dayjs(group.start_time, 'HH:mm'),
          end_time: dayjs(group.end_time, 'HH:mm'),
          room_id: lesson.room?.id ?? null,
        }}
        onFinish={save}
      >
        <Form.Item name="to_date" label={t('attendance.move.toDate')} rules={required}>
          <DatePicker format="DD.MM.YYYY" style={{ width: '100%' }} allowClear={false} />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={12}>
            <Form.Item name="start_time" label={t('attendance.move.startTime')} rules={required}>
              <TimePicker format="HH:mm" minuteStep={step} needConfirm={false} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item
              name="end_time"
              label={t('attendance.move.endTime')}
              dependencies={['start_time']}
              rules={[
                ...required,
                ({ getFieldValue }) => ({
                  validator: async (_, end?: Dayjs) => {
                    const start = getFieldValue('start_time') as Dayjs | undefined;
                    if (start && end && minutesOf(end.format('HH:mm')) <= minutesOf(start.format('HH:mm')))
                      throw new Error(t('groups.problems.end_before_start'));
                  },
                }),
              ]}
            >
              <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="room_id" label={t('attendance.move.room')}>
          <Select
            allowClear
            placeholder={t('groups.fields.noRoom')}
            loading={rooms.isPending}
            options={rooms.data?.map((room) => ({ value: room.value, label: `${room.label} (${room.capacity})` }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
