import { type Language, Role } from '@crm/contracts';
import type { Db } from '../db/client.js';
import { acceptOffer, publishOffer } from '../modules/offer/service.js';
import { findTargets } from '../modules/users/queries.js';
import type { Actor } from '../platform/actor.js';
import { inCompany } from '../platform/tenancy.js';
import { type CreatedCompany, type RoleUsers, seedOwnerActor } from './factories.js';

/**
 * The demo centre's public offer (issue 17), as a centre would write it: in Uzbek and Russian, published by the
 * owner, accepted by most students online. The log-in student (9000000 07) has not accepted it, so signing in
 * as him shows the offer dialog.
 */
/** One demo student in seven has not accepted yet either, as in a real centre (the settings count them). */
const ACCEPT_SKIP = 7;

const offerText = (centre: string) => ({
  uz: `OMMAVIY OFERTA
Taʼlim xizmatlarini koʻrsatish shartnomasi

1. Umumiy qoidalar
1.1. Ushbu hujjat «${centre}» oʻquv markazining (keyingi oʻrinlarda — Markaz) taʼlim xizmatlarini koʻrsatish haqidagi ommaviy ofertasidir.
1.2. Oʻquvchi (voyaga yetmagan oʻquvchi uchun — ota-onasi) «Qabul qilaman» tugmasini bosgan paytdan boshlab ushbu shartlarni toʻliq qabul qilgan hisoblanadi.

2. Xizmatlar
2.1. Markaz oʻquvchini tanlangan kurs boʻyicha guruhda, tasdiqlangan dars jadvaliga muvofiq oʻqitadi.
2.2. Dars vaqti, xona yoki oʻqituvchi oʻzgarsa, Markaz oʻquvchiga SMS orqali oldindan xabar beradi.

3. Toʻlov tartibi
3.1. Oylik toʻlov kurs narxiga koʻra belgilanadi va har oyning 5-sanasigacha oldindan toʻlanadi.
3.2. Toʻlov naqd pul, plastik karta, bank oʻtkazmasi yoki Payme va Click orqali onlayn qabul qilinadi.
3.3. Sababsiz qoldirilgan darslar uchun toʻlov qaytarilmaydi. Kasallik sababli (maʼlumotnoma bilan) qoldirilgan darslar qayta hisoblanadi.

4. Tomonlarning majburiyatlari
4.1. Markaz malakali oʻqituvchilar, oʻquv materiallari va jihozlangan xonalarni taqdim etadi.
4.2. Oʻquvchi darslarga oʻz vaqtida keladi, uy vazifalarini bajaradi va Markazning ichki tartib qoidalariga rioya qiladi.

5. Shartnomani bekor qilish
5.1. Oʻquvchi oʻqishni toʻxtatishini kamida 7 kun oldin administratorga maʼlum qiladi.
5.2. Oldindan toʻlangan, lekin oʻtilmagan darslar uchun qoldiq 10 ish kuni ichida qaytariladi.

6. Shaxsiy maʼlumotlar
6.1. Markaz oʻquvchining shaxsiy maʼlumotlaridan faqat oʻqish va toʻlovlar hisobi uchun foydalanadi va ularni uchinchi shaxslarga bermaydi.

7. Yakuniy qoidalar
7.1. Oferta eʼlon qilingan kundan kuchga kiradi. Yangi tahriri eʼlon qilinganda oʻquvchidan uni qayta qabul qilish soʻraladi.
7.2. Nizolar muzokaralar yoʻli bilan, kelishuvga erishilmasa — Oʻzbekiston Respublikasi qonunchiligiga muvofiq hal qilinadi.`,
  ru: `ПУБЛИЧНАЯ ОФЕРТА
Договор на оказание образовательных услуг

1. Общие положения
1.1. Настоящий документ является публичной офертой учебного центра «${centre}» (далее — Центр) на оказание образовательных услуг.
1.2. Ученик (за несовершеннолетнего ученика — его родитель) принимает все условия оферты с момента нажатия кнопки «Принять».

2. Услуги
2.1. Центр обучает ученика по выбранному курсу в группе, по утверждённому расписанию.
2.2. Об изменении времени занятий, аудитории или преподавателя Центр заранее сообщает ученику по SMS.

3. Порядок оплаты
3.1. Ежемесячная оплата определяется стоимостью курса и вносится вперёд до 5-го числа каждого месяца.
3.2. Оплата принимается наличными, банковской картой, переводом или онлайн через Payme и Click.
3.3. Занятия, пропущенные без уважительной причины, не возвращаются. Занятия, пропущенные по болезни (со справкой), пересчитываются.

4. Обязанности сторон
4.1. Центр предоставляет квалифицированных преподавателей, учебные материалы и оборудованные аудитории.
4.2. Ученик приходит на занятия вовремя, выполняет домашние задания и соблюдает правила внутреннего распорядка Центра.

5. Расторжение договора
5.1. Ученик сообщает администратору о прекращении обучения не позднее чем за 7 дней.
5.2. Остаток за оплаченные, но не проведённые занятия возвращается в течение 10 рабочих дней.

6. Персональные данные
6.1. Центр использует персональные данные ученика только для учебного процесса и учёта оплат и не передаёт их третьим лицам.

7. Заключительные положения
7.1. Оферта вступает в силу со дня публикации. При публикации новой редакции ученику предлагается принять её заново.
7.2. Споры решаются путём переговоров, а при недостижении согласия — в соответствии с законодательством Республики Узбекистан.`,
});

/** Version 1 published by the owner, then accepted by the students (each for himself, as from his log-in). */
export async function seedOfferDemo(
  db: Db,
  company: CreatedCompany & { users: RoleUsers },
  demo: { name: string; studentIds: readonly number[] },
): Promise<void> {
  const owner = seedOwnerActor(company);
  await inCompany(db, company.id, async (tx) => {
    const { current } = await publishOffer(tx, owner, { texts: offerText(demo.name) });
    const version = current?.version ?? 1;
    const signers = demo.studentIds.filter((_, i) => i % ACCEPT_SKIP !== ACCEPT_SKIP - 1);
    for (const [i, student] of (await findTargets(tx, owner, signers, false)).entries()) {
      const self: Actor = {
        ...owner,
        id: student.id,
        name: student.name,
        roles: [Role.student],
        branchIds: student.branchIds,
        allBranches: false,
      };
      // Every fourth reads the Russian text.
      const language: Language = i % 4 === 3 ? 'ru' : 'uz';
      await acceptOffer(tx, self, student.id, { version, language }, null);
    }
  });
}
