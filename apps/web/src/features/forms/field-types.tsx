import {
  AlignLeftOutlined,
  CheckCircleOutlined,
  CheckSquareOutlined,
  DashboardOutlined,
  DownSquareOutlined,
  FileTextOutlined,
  FontSizeOutlined,
  MailOutlined,
  MinusOutlined,
  PhoneOutlined,
} from '@ant-design/icons';
import type { FormFieldType } from '@crm/contracts';
import type { ReactNode } from 'react';

/** Each field type's icon, in the palette and on its editor's header. */
export const FIELD_TYPE_ICONS: Record<FormFieldType, ReactNode> = {
  one_of_list: <CheckCircleOutlined />,
  several_of_list: <CheckSquareOutlined />,
  dropdown: <DownSquareOutlined />,
  short_answer: <FontSizeOutlined />,
  long_answer: <AlignLeftOutlined />,
  email: <MailOutlined />,
  phone: <PhoneOutlined />,
  nps: <DashboardOutlined />,
  text: <FileTextOutlined />,
  section: <MinusOutlined />,
};
