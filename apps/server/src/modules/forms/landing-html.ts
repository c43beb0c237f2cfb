import type { CompanySharedInfo, LandingBlock, LandingPage, Language } from '@crm/contracts';
import { wordsByLanguage } from '../../platform/sheet-words.js';
import type { LandingContent } from './landing-content.js';

/**
 * A landing page as plain HTML: no app bundle, so it is read at once on a slow phone and by search engines.
 * Every text a centre typed is escaped here; the only markup is ours. The embedded form is the form's own
 * public page in a frame (its honeypot and per-address limit come with it).
 */

const WORDS = wordsByLanguage({
  perCourse: ['Narxi', 'Цена', 'Price', 'Harga'],
  months: ['oy', 'мес.', 'months', 'bulan'],
  starts: ['Boshlanishi', 'Старт', 'Starts', 'Mulai'],
  noGroups: [
    'Hozircha yangi guruhlar yoʻq — soʻrov qoldiring, sizga qoʻngʻiroq qilamiz.',
    'Пока нет новых групп — оставьте заявку, и мы вам позвоним.',
    'No new groups right now — leave a request and we will call you.',
    'Belum ada kelompok baru — tinggalkan permintaan, kami akan menelepon Anda.',
  ],
  map: ['Xaritada ochish', 'Открыть на карте', 'Open the map', 'Buka peta'],
  form: ['Soʻrov qoldirish', 'Оставить заявку', 'Leave a request', 'Tinggalkan permintaan'],
  weekdays: [
    'Du,Se,Ch,Pa,Ju,Sh,Ya',
    'Пн,Вт,Ср,Чт,Пт,Сб,Вс',
    'Mon,Tue,Wed,Thu,Fri,Sat,Sun',
    'Sen,Sel,Rab,Kam,Jum,Sab,Min',
  ],
});

const THEME_COLOURS: Record<string, string> = {
  blue: '#1677ff',
  green: '#389e0d',
  orange: '#fa8c16',
  purple: '#722ed1',
  red: '#f5222d',
};

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
const e = escapeHtml;

const shownDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const headingOf = (text: string) => (text ? `<h2>${e(text)}</h2>` : '');

type Words = (typeof WORDS)[Language];

function blockHtml(block: LandingBlock, content: LandingContent, words: Words, firstFormId: number | null): string {
  switch (block.type) {
    case 'hero': {
      const image = block.image ? `<img class="hero-img" src="${e(block.image)}" alt="" fetchpriority="high">` : '';
      const button = block.button && firstFormId ? `<a class="button" href="#form">${e(block.button)}</a>` : '';
      const text = block.text ? `<p>${e(block.text)}</p>` : '';
      return `<section class="hero">${image}<div><h1>${e(block.heading)}</h1>${text}${button}</div></section>`;
    }
    case 'courses': {
      const ids = block.course_ids.length ? block.course_ids : content.allCourses;
      const cards = ids.flatMap((id) => {
        const course = content.courses.get(id);
        if (!course) return [];
        const months = course.months ? ` · ${course.months} ${words.months}` : '';
        const price = course.price ? `<p class="price">${words.perCourse}: ${e(course.price)}${months}</p>` : '';
        const about = course.description ? `<p>${e(course.description)}</p>` : '';
        return [`<article class="card"><h3>${e(course.name)}</h3>${about}${price}</article>`];
      });
      return `<section>${headingOf(block.heading)}<div class="cards">${cards.join('')}</div></section>`;
    }
    case 'teachers': {
      const cards = block.teacher_ids.flatMap((id) => {
        const teacher = content.teachers.get(id);
        if (!teacher) return [];
        const photo = teacher.photo
          ? `<img class="avatar" src="${e(teacher.photo)}" alt="" loading="lazy">`
          : `<span class="avatar">${e(teacher.name.slice(0, 1).toUpperCase())}</span>`;
        return [`<article class="card person">${photo}<h3>${e(teacher.name)}</h3></article>`];
      });
      return `<section>${headingOf(block.heading)}<div class="cards">${cards.join('')}</div></section>`;
    }
    case 'groups': {
      const rows = content.groups.get(block.branch_id ?? 0) ?? [];
      const days = words.weekdays.split(',');
      const list = rows.length
        ? rows
            .map(
              (g) =>
                `<li><strong>${e(g.course)}</strong> · ${e(g.days.map((d) => days[d - 1] ?? '').join(', '))} ${e(g.time)}` +
                ` · ${words.starts}: ${shownDate(g.starts)} · ${e(g.branch)}</li>`,
            )
            .join('')
        : `<li>${e(words.noGroups)}</li>`;
      return `<section>${headingOf(block.heading)}<ul class="groups">${list}</ul></section>`;
    }
    case 'testimonials': {
      const quotes = block.items.map(
        (item) => `<blockquote class="card"><p>${e(item.text)}</p><footer>${e(item.name)}</footer></blockquote>`,
      );
      return `<section>${headingOf(block.heading)}<div class="cards">${quotes.join('')}</div></section>`;
    }
    case 'contacts': {
      const phone = block.phone
        ? `<p><a href="tel:${e(block.phone.replace(/[^\d+]/g, ''))}">${e(block.phone)}</a></p>`
        : '';
      const map = block.map_url ? `<p><a href="${e(block.map_url)}" rel="noopener">${words.map}</a></p>` : '';
      const address = block.address ? `<p>${e(block.address)}</p>` : '';
      return `<section class="contacts">${headingOf(block.heading)}${address}${phone}${map}</section>`;
    }
    case 'lead_form': {
      const anchor = block.form_id === firstFormId ? ' id="form"' : '';
      return (
        `<section${anchor}>${headingOf(block.heading)}<iframe class="form" src="/entry/form/${block.form_id}"` +
        ` title="${e(block.heading || words.form)}" loading="lazy"></iframe></section>`
      );
    }
  }
}

/** The Facebook pixel (its id is digits only, checked by the contracts) under the response's script nonce. */
const pixelHtml = (pixelId: string, nonce: string) =>
  `<script nonce="${nonce}">!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');fbq('init','${pixelId}');fbq('track','PageView');</script>`;

const STYLE = (accent: string) =>
  `:root{--accent:${accent}}*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f1f1f;background:#fafafa}` +
  `header,section,footer.page{max-width:1040px;margin:0 auto;padding:24px 16px}header{display:flex;align-items:center;gap:12px}` +
  `header img{max-height:48px;max-width:160px}header strong{font-size:20px}h1{font-size:32px;line-height:1.2;margin:0 0 12px}` +
  `h2{font-size:24px;margin:0 0 16px}h3{margin:0 0 8px;font-size:18px}.hero{display:grid;gap:24px;align-items:center}` +
  `.hero-img{width:100%;max-height:420px;object-fit:cover;border-radius:12px}@media(min-width:768px){.hero{grid-template-columns:1fr 1fr}.hero-img{order:2}}` +
  `.button{display:inline-block;background:var(--accent);color:#fff;padding:12px 24px;border-radius:8px;text-decoration:none;font-weight:600}` +
  `.cards{display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(220px,1fr))}.card{background:#fff;border-radius:12px;padding:16px;box-shadow:0 1px 3px rgba(0,0,0,.08);margin:0}` +
  `.price{color:var(--accent);font-weight:600}.person{text-align:center}.avatar{width:96px;height:96px;border-radius:50%;object-fit:cover;display:inline-flex;align-items:center;justify-content:center;background:var(--accent);color:#fff;font-size:36px;margin-bottom:8px}` +
  `.groups{padding-left:20px}.groups li{margin-bottom:8px}blockquote footer{color:#595959;margin-top:8px}` +
  `iframe.form{width:100%;height:720px;border:0;border-radius:12px;background:#fff}a{color:var(--accent)}footer.page{color:#8c8c8c;font-size:14px}`;

export function landingHtml(
  page: LandingPage,
  company: Pick<CompanySharedInfo, 'name' | 'logo' | 'theme_color'>,
  content: LandingContent,
  nonce: string,
): string {
  const words = WORDS[page.locale];
  const accent = THEME_COLOURS[company.theme_color.split('.').pop() ?? ''] ?? THEME_COLOURS.orange;
  const firstForm = page.blocks.find((b) => b.type === 'lead_form');
  const firstFormId = firstForm?.type === 'lead_form' ? firstForm.form_id : null;
  const logo = company.logo ? `<img src="${e(company.logo)}" alt="${e(company.name)}">` : '';
  const description = page.description
    ? `<meta name="description" content="${e(page.description)}"><meta property="og:description" content="${e(page.description)}">`
    : '';
  return (
    `<!doctype html><html lang="${page.locale}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${e(page.title)}</title>${description}` +
    `<meta property="og:title" content="${e(page.title)}"><style>${STYLE(accent ?? '#fa8c16')}</style>` +
    `${page.pixel_id ? pixelHtml(page.pixel_id, nonce) : ''}</head><body>` +
    `<header>${logo}<strong>${e(company.name)}</strong></header><main>` +
    page.blocks.map((block) => blockHtml(block, content, words, firstFormId)).join('') +
    `</main><footer class="page">© ${e(company.name)}</footer></body></html>`
  );
}
