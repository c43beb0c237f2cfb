import type { Db } from '../db/client.js';
import { blogPosts, blogViews } from '../db/schema/index.js';
import { inCompany } from '../platform/tenancy.js';
import type { CreatedCompany, RoleUsers } from './factories.js';

type Post = { title: string; body: string; audience: 'all' | 'staff' | 'teachers' | 'students'; daysAgo: number };

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
      title: 'Собрание воспитателей',
      body: '<p>В пятницу в 17:00 — планирование занятий на январь.</p>',
      audience: 'teachers',
      daysAgo: 6,
    },
  ],
};

/** News for the demo (issue 20): posts by the administrator for everybody, the students and the teachers, some read. */
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
          post.audience !== 'students' ? company.users.teacher.id : null,
          post.audience !== 'teachers' ? company.users.student.id : null,
          company.users.owner.id,
        ]
          .filter((userId): userId is number => userId !== null)
          .map((userId) => ({ companyId: company.id, postId: post.id, userId })),
      );
    if (views.length) await tx.insert(blogViews).values(views);
  });
}
