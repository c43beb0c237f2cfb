import type { HistoryItem } from './history-api.js';
import { sentence, words } from './history-sentence-kit.js';

/** History sentences of parents' accounts and the Telegram bot (issue 24). */
export const parentSentences = {
  parentLinked: sentence({
    label: words('Ota-ona', 'Родитель', 'Parent', 'Orang tua'),
    placeholders: ['parent', 'student'],
    fill: (t) => ({ parent: t.person('parent_name'), student: t.person('student_name') }),
    variant: (t) => (t.text('change') === 'unlinked' ? 'unlinked' : 'default'),
    templates: {
      default: words(
        '{actor} {student}ga ota-onasini bogʻladi: {parent}',
        '{actor} связал[а] учащегося {student} с родителем {parent}',
        '{actor} linked {student} to the parent {parent}',
        '{actor} menautkan {student} dengan orang tua {parent}',
      ),
      unlinked: words(
        '{actor} {student}ni {parent} ota-onasidan ajratdi',
        '{actor} отвязал[а] учащегося {student} от родителя {parent}',
        '{actor} unlinked {student} from the parent {parent}',
        '{actor} memutus tautan {student} dari orang tua {parent}',
      ),
    },
  }),
  telegramLinked: sentence({
    label: words('Telegram boti', 'Telegram-бот', 'Telegram bot link', 'Tautan bot Telegram'),
    placeholders: [],
    fill: () => ({}),
    variant: (t) => (t.text('change') === 'unlinked' ? 'unlinked' : 'default'),
    templates: {
      default: words(
        '{actor} Telegramini botga bogʻladi',
        '{actor} привязал[а] свой Telegram к боту',
        '{actor} linked their Telegram to the bot',
        '{actor} menautkan Telegram-nya ke bot',
      ),
      unlinked: words(
        '{actor} Telegramini botdan uzdi',
        '{actor} отвязал[а] свой Telegram от бота',
        '{actor} unlinked their Telegram from the bot',
        '{actor} memutus Telegram-nya dari bot',
      ),
    },
  }),
};

const student = { entity: 'user', entity_id: 7 } as const;

/** What the server writes for each event of this file (history-sentence-samples.ts checks each sentence). */
export const PARENT_SAMPLES: Record<keyof typeof parentSentences, [Record<string, unknown>, Partial<HistoryItem>?][]> =
  {
    parentLinked: [
      [{ parent_name: 'Karimova N.', student_name: 'Karimov A.', parent_id: 40 }, student],
      [{ parent_name: 'Karimova N.', student_name: 'Karimov A.', parent_id: 40, change: 'unlinked' }, student],
    ],
    telegramLinked: [
      [{ change: 'linked', via: 'deep_link' }, student],
      [{ change: 'unlinked', via: 'bot' }, student],
    ],
  };
