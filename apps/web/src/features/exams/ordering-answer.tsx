import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { AttemptQuestion } from '@crm/contracts';
import { Button, Flex, Typography, theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../../shared/ui/visually-hidden';

/** The order after moving the option at `place` one place up (-1) or down (+1). */
export function movedOrder(order: readonly number[], place: number, step: -1 | 1): number[] {
  const next = [...order];
  const target = place + step;
  if (target < 0 || target >= next.length) return next;
  [next[place], next[target]] = [next[target]!, next[place]!];
  return next;
}

interface OrderingAnswerProps {
  question: AttemptQuestion;
  /** The options' indexes as the student has put them (at first: as they were shuffled for him). */
  order: number[];
  disabled: boolean;
  onChange: (order: number[]) => void;
}

/**
 * An ordering question: the student moves each option up or down with buttons (a tap on a phone, the keyboard or
 * a screen reader alike, no dragging). The focus stays on the moved option's button, and its new place is said.
 */
export function OrderingAnswer({ question, order, disabled, onChange }: OrderingAnswerProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [said, setSaid] = useState('');
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  // A new object on each move, so a second move of the same option focuses again.
  const [focus, setFocus] = useState<{ button: string } | null>(null);
  const textOf = (index: number) => question.options.find((option) => option.index === index)?.text ?? '';

  // After a move the list is drawn anew: the focus goes back to the button pressed (or its twin at an end).
  useEffect(() => {
    if (focus) buttons.current.get(focus.button)?.focus();
  }, [focus]);

  const move = (place: number, step: -1 | 1) => {
    const option = order[place]!;
    const next = movedOrder(order, place, step);
    const newPlace = place + step;
    const atEnd = newPlace === 0 || newPlace === order.length - 1;
    setFocus({ button: `${option}:${atEnd ? -step : step}` });
    setSaid(t('exams.attempt.movedTo', { text: textOf(option), place: newPlace + 1 }));
    onChange(next);
  };

  return (
    <>
      <ol style={{ margin: 0, padding: 0, listStyle: 'none' }}>
        {order.map((index, place) => {
          const text = textOf(index);
          const ref = (step: number) => (element: HTMLButtonElement | null) => {
            buttons.current.set(`${index}:${step}`, element);
          };
          return (
            <li key={index} style={{ marginBottom: 8 }}>
              <Flex
                align="center"
                gap={8}
                style={{
                  padding: '6px 8px',
                  border: `1px solid ${token.colorBorder}`,
                  borderRadius: token.borderRadius,
                  background: token.colorBgContainer,
                }}
              >
                <Typography.Text type="secondary" style={{ width: 20, flexShrink: 0 }}>
                  {place + 1}.
                </Typography.Text>
                <Typography.Text style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{text}</Typography.Text>
                <Button
                  ref={ref(-1)}
                  icon={<ArrowUpOutlined />}
                  aria-label={t('exams.attempt.moveUp', { text })}
                  disabled={disabled || place === 0}
                  onClick={() => move(place, -1)}
                  style={{ width: 44, height: 44, flexShrink: 0 }}
                />
                <Button
                  ref={ref(1)}
                  icon={<ArrowDownOutlined />}
                  aria-label={t('exams.attempt.moveDown', { text })}
                  disabled={disabled || place === order.length - 1}
                  onClick={() => move(place, 1)}
                  style={{ width: 44, height: 44, flexShrink: 0 }}
                />
              </Flex>
            </li>
          );
        })}
      </ol>
      <VisuallyHidden>
        <span role="status">{said}</span>
      </VisuallyHidden>
    </>
  );
}
