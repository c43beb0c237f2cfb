import type { ChildOverview, ParentChild } from '@crm/contracts';
import { Empty, Flex, Grid, Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchPatch } from '../../shared/url/use-search-patch';
import { QueryGate } from '../gamification/query-gate';
import { TelegramLinkCard } from '../telegram-bot/telegram-link-card';
import { AttendanceCard } from './attendance-card';
import { ChildSwitcher } from './child-switcher';
import { CommentsCard, GradesCard } from './grades-card';
import { HomeworkCard } from './homework-card';
import { LatestNewsCard } from './latest-news-card';
import { MoneyCard, ReceiptsCard } from './money-card';
import { useChildOverview, useOwnChildren } from './parents-api';
import { WeekLessonsCard } from './week-lessons-card';

// The child last chosen in this tab: the provider sends a parent who paid back to a page without ?child=, and
// the way home from there should open the child he paid for.
const CHOSEN_KEY = 'parent-child';
const rememberedChild = (): number => {
  try {
    return Number(sessionStorage.getItem(CHOSEN_KEY));
  } catch {
    return 0;
  }
};
const rememberChild = (id: number) => {
  try {
    sessionStorage.setItem(CHOSEN_KEY, String(id));
  } catch {
    // Storage may be off (private mode): the first child is shown then, which is harmless.
  }
};

type Section = 'money' | 'lessons' | 'homework' | 'attendance' | 'grades' | 'comments' | 'receipts' | 'news';

/** Wider than a phone, two columns: the week and the school work on the left, money, grades and news on the right. */
const COLUMNS: Section[][] = [
  ['lessons', 'homework', 'attendance'],
  ['money', 'grades', 'comments', 'receipts', 'news'],
];
/** On a phone (the main target) one column, the money first: a debt is what a parent must not miss. */
const PHONE_ORDER: Section[] = ['money', 'lessons', 'homework', 'attendance', 'grades', 'comments', 'receipts', 'news'];

/**
 * One child's sections. The tree stays the same at every width (only styles change: on a phone the columns give
 * way, `display: contents`, and the cards are ordered), so turning a tablet keeps an open dialog or a chosen month.
 */
function ChildSections({ overview, news }: { overview: ChildOverview; news: ReactNode }) {
  const wide = Grid.useBreakpoint().lg ?? false;
  const cards: Record<Section, ReactNode> = {
    money: <MoneyCard overview={overview} />,
    lessons: <WeekLessonsCard lessons={overview.lessons} today={overview.today} />,
    homework: <HomeworkCard courses={overview.courses} />,
    attendance: <AttendanceCard childId={overview.child.id} today={overview.today} />,
    grades: <GradesCard grades={overview.grades} />,
    comments: <CommentsCard comments={overview.comments} />,
    receipts: <ReceiptsCard receipts={overview.money.receipts} />,
    news,
  };
  const column: CSSProperties = wide
    ? { flex: '1 1 0', minWidth: 0, display: 'flex', flexDirection: 'column', gap: 16 }
    : { display: 'contents' };
  return (
    <div style={{ display: 'flex', flexDirection: wide ? 'row' : 'column', alignItems: 'flex-start', gap: 16 }}>
      {COLUMNS.map((sections, index) => (
        <div key={sections[0]} style={{ ...column, flexGrow: wide ? [7, 5][index] : undefined }}>
          {sections.map((name) => (
            <div key={name} style={{ order: wide ? undefined : PHONE_ORDER.indexOf(name), width: '100%' }}>
              {cards[name]}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

function ChildPage({ childList, chosenId }: { childList: ParentChild[]; chosenId: number }) {
  const { t } = useTranslation();
  const [, patch] = useSearchPatch();
  const child = childList.find((one) => one.id === chosenId) ?? (childList[0] as ParentChild);
  const overview = useChildOverview(child.id);
  const choose = (id: number) => {
    rememberChild(id);
    patch({ child: String(id) });
  };
  return (
    <Flex vertical gap={16}>
      <Flex vertical gap={4}>
        {childList.length > 1 && <ChildSwitcher childList={childList} chosen={child.id} onChoose={choose} />}
        <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }}>
          {child.name}
        </Typography.Title>
        {child.groups.length > 0 && (
          <Typography.Text type="secondary">{child.groups.map((group) => group.title).join(' · ')}</Typography.Text>
        )}
      </Flex>
      <QueryGate query={overview} loading={t('parents.loadingChild', { name: child.name })} rows={10}>
        {(data) => <ChildSections key={data.child.id} overview={data} news={<LatestNewsCard />} />}
      </QueryGate>
    </Flex>
  );
}

/**
 * Issue 24 /parent: the parent's home, phone first. His children (a switcher when there are several, the chosen
 * one kept in the address as ?child=), and for the chosen child the week's lessons, homework, a month of
 * attendance, grades and comments, money with the online payment and receipts, and the news for parents.
 */
export function ParentHomePage() {
  const { t } = useTranslation();
  const children = useOwnChildren();
  const [params] = useSearchPatch();
  const chosenId = Number(params.get('child')) || rememberedChild();
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1200, width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('parents.title')}
      </Typography.Title>
      <QueryGate query={children} loading={t('parents.loading')} rows={8}>
        {({ data }) =>
          data.length === 0 ? (
            <Flex vertical gap={16}>
              <Empty description={t('parents.noChildren')} />
              <LatestNewsCard />
            </Flex>
          ) : (
            <ChildPage childList={data} chosenId={chosenId} />
          )
        }
      </QueryGate>
      {/* Issue 24: the parent's messages come to Telegram instead of SMS once he links the bot. */}
      <TelegramLinkCard />
    </Flex>
  );
}
