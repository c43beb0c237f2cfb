import type { BlogAudience } from '@crm/contracts';
import type { Db } from '../db/client.js';
import { blogPosts, blogViews } from '../db/schema/index.js';
import { inCompany } from '../platform/tenancy.js';
import type { CreatedCompany, RoleUsers } from './factories.js';

type Post = { title: string; body: string; audience: BlogAudience; daysAgo: number };

const POSTS: Record<'uz' | 'ru', Post[]> = {
  uz: [
    {
      title: 'Dekabrdan yangi IELTS guruhlari',
      body: '<p>1-dekabrdan <strong>IELTS Intensive</strong> guruhlariga qabul boshlanadi. Birinchi dars bepul!</p><ul><li>Du, Chor, Ju — 18:00</li><li>Se, Pay, Sha — 09:00</li></ul>',
      audience: 'all',
      daysAgo: 1,
    },
    {
      title: 'Oylik imtihonlar jadvali',
      body: '<p>Modul imtihonlari 25–30-noyabr kunlari oʻtadi. Roadmap sahifasida oʻz guruhingiz sanasini koʻring.</p>',
      audience: 'students',
      daysAgo: 3,
    },
    {
      title: 'Oʻqituvchilar yigʻilishi — shanba 10:00',
      body: '<p>Shanba kuni soat 10:00 da 101-xonada metodik yigʻilish. Davomat va baholarni juma kunigacha toʻldiring.</p>',
      audience: 'teachers',
      daysAgo: 5,
    },
    {
      title: 'Ota-onalar majlisi — 5-dekabr, 18:00',
      body: '<p>Hurmatli ota-onalar! 5-dekabr kuni soat 18:00 da farzandlaringizning yarim yillik natijalarini muhokama qilamiz. Telegram botimizni ulang — davomat va toʻlovlar haqida xabarlar SMSdan oldin keladi.</p>',
      audience: 'parents',
      daysAgo: 4,
    },
    {
      title: 'Yangi toʻlov usuli: Click va Payme',
      body: '<p>Endi kurs toʻlovini telefondan <a href="https://click.uz">Click</a> yoki Payme orqali qilish mumkin.</p>',
      audience: 'all',
      daysAgo: 9,
    },
  ],
  ru: [
    {
      title: 'Новогодний утренник 27 декабря',
      body: '<p>Приглашаем родителей на утренник в 10:00. Костюмы — по желанию.</p>',
      audience: 'all',
      daysAgo: 2,
    },
    {
      title: 'Родительское собрание в пятницу',
      body: '<p>Уважаемые родители! В пятницу в 18:00 расскажем о подготовке к школе. Подключите нашего Telegram-бота — сообщения о посещаемости придут туда.</p>',
      audience: 'parents',
      daysAgo: 4,
    },
    {
      title: 'Собрание воспитателей',
      body: '<p>В пятницу в 17:00 — планирование занятий на январь.</p>',
      audience: 'teachers',
      daysAgo: 6,
    },
  ],
};

/** News for the demo (issues 20, 24): posts by the administrator for everybody, the students, the teachers and the parents, some read. */
export async function seedBlogDemo(db: Db, company: CreatedCompany & { users: RoleUsers }, locale: 'uz' | 'ru') {
  await inCompany(db, company.id, async (tx) => {
    const made = await tx
      .insert(blogPosts)
      .values(
        POSTS[locale].map((post) => {
          const at = new Date(Date.now() - post.daysAgo * 86_400_000);
          return {
            companyId: company.id,
            authorId: company.users.admin.id,
            title: post.title,
            bodyHtml: post.body,
            audience: post.audience,
            publishedAt: at,
            createdAt: at,
            updatedAt: at,
          };
        }),
      )
      .returning({ id: blogPosts.id, audience: blogPosts.audience });
    // The older posts were read by the log-in teacher and student where meant for them; the newest is unread.
    const views = made
      .slice(1)
      .flatMap((post) =>
        [
          ['all', 'teachers', 'staff'].includes(post.audience) ? company.users.teacher.id : null,
          ['all', 'students'].includes(post.audience) ? company.users.student.id : null,
          company.users.owner.id,
        ]
          .filter((userId): userId is number => userId !== null)
          .map((userId) => ({ companyId: company.id, postId: post.id, userId })),
      );
    if (views.length) await tx.insert(blogViews).values(views);
  });
}
